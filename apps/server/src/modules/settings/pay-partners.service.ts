import {
  type CallReply,
  type CallRequest,
  type calls,
  type PartnerKind,
  type PayPartner,
  partnerKind,
  paymentMessages,
} from '@smartport/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payPartners } from '../../db/schema';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';

type P = typeof calls.settings;

/** The visible partners, each once, in the configured order. */
function offered(rows: PayPartner[]): PayPartner[] {
  const seen = new Map<string, PayPartner>();
  for (const r of [...rows].sort((a, b) => a.orderBy - b.orderBy)) {
    const k = `${r.partnerCode}|${r.bankCode}`;
    if (r.visible && !seen.has(k)) seen.set(k, r);
  }
  return [...seen.values()];
}

/** What a payer sees of a partner: how to pay, never the configuration (row id, reconciliation folder). */
function forPayer(p: PayPartner): PayPartner {
  const { Rowguid: _id, reconFolder: _folder, ...shown } = p;
  return shown;
}

export const payPartnerMessages = {
  /** The wording of the contract's OrderNo check ('Vui lòng chọn lệnh'), for a payer who sent none. */
  orderRequired: 'Vui lòng chọn lệnh',
};

/** The grant of the configuration screen: only its holders read every row with the configuration fields. */
const CONFIG_GRANT = 'CFG_PAY_PARTNER';

/**
 * Payment partners per terminal (spec 03 §2.5, §7): the configuration screen and the payer's choice.
 * `orderTerminal` finds the terminal of an order the caller may pay (throws when it may not).
 */
export function createPayPartnersService(db: Db, orderTerminal: (user: AuthUser, orderNo: string) => Promise<string>) {
  const rowsOf = (terminals: string[]) =>
    db
      .select()
      .from(payPartners)
      .where(inArray(payPartners.TerminalCode, terminals))
      .orderBy(asc(payPartners.TerminalCode), asc(payPartners.orderBy), asc(payPartners.partnerCode));
  /** The partners a payer is offered for an order of `terminal`. */
  const forTerminal = async (terminal: string) => offered(await rowsOf([terminal]));

  return {
    async list(user: AuthUser, input: CallRequest<P['getPayPartners']>): Promise<CallReply<P['getPayPartners']>> {
      // A payer (the home grant, not the configuration's) asks for one order it may pay: the visible
      // partners of that order's terminal, without configuration fields; isAll is not for it.
      if (!user.grants.has(CONFIG_GRANT)) {
        if (!input.OrderNo) throw badRequest(payPartnerMessages.orderRequired);
        const terminal = await orderTerminal(user, input.OrderNo);
        return { success: true, data: (await forTerminal(terminal)).map(forPayer), allTer: [terminal] };
      }
      const terminals = scopeTerminals(user);
      if (!terminals.length) return { success: true, data: [], allTer: [] };
      if (input.OrderNo && !input.isAll) {
        const terminal = await orderTerminal(user, input.OrderNo);
        return { success: true, data: await forTerminal(terminal), allTer: terminals };
      }
      const rows = await rowsOf(terminals);
      if (input.isAll) return { success: true, data: rows, allTer: terminals };
      return { success: true, data: offered(rows), allTer: terminals };
    },

    /** Whether a partner of this kind (and, for VietQR, this bank) is offered for an order of `terminal`. */
    async offers(terminal: string, kind: PartnerKind, bankCode?: string): Promise<boolean> {
      return (await forTerminal(terminal)).some(
        (p) => partnerKind(p) === kind && (!bankCode || p.bankCode.toLowerCase() === bankCode.toLowerCase()),
      );
    },

    async edit(user: AuthUser, rows: CallRequest<P['editPayPartners']>): Promise<CallReply<P['editPayPartners']>> {
      for (const r of rows) {
        if (!r.TerminalCode || !r.bankCode || !r.partnerCode) throw badRequest(paymentMessages.fillAll);
        assertTerminal(user, r.TerminalCode);
      }
      try {
        await db.transaction(async (tx) => {
          for (const r of rows) {
            const row = {
              TerminalCode: String(r.TerminalCode).toUpperCase(),
              partnerCode: String(r.partnerCode),
              bankCode: String(r.bankCode),
              bankName: r.bankName ?? null,
              partnerName: r.partnerName ?? null,
              reconFolder: r.reconFolder ?? null,
              isQR: r.isQR ?? false,
              visible: r.visible ?? true,
              orderBy: r.orderBy ?? 0,
            };
            const updated = r.Rowguid
              ? await tx.update(payPartners).set(row).where(eq(payPartners.Rowguid, r.Rowguid)).returning({ id: payPartners.Rowguid })
              : [];
            if (!updated.length) {
              await tx
                .insert(payPartners)
                .values(row)
                .onConflictDoUpdate({
                  target: [payPartners.TerminalCode, payPartners.partnerCode, payPartners.bankCode],
                  set: { ...row, TerminalCode: sql`excluded.terminal_code` },
                });
            }
          }
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw badRequest('Trùng cổng thanh toán (cảng, mã đối tác, mã ngân hàng). Lưu dữ liệu thất bại !');
        throw err;
      }
      return { success: true, message: 'Lưu dữ liệu hoàn tất !' };
    },
  };
}

export type PayPartnersService = ReturnType<typeof createPayPartnersService>;
