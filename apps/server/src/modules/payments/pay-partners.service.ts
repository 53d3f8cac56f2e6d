import { type CallReply, type CallRequest, type calls, type PayPartner, paymentMessages } from '@smartport/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payPartners } from '../../db/schema';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';

type P = typeof calls.payments;

/** Payment partners per terminal (spec 03 §2.5, §7): the configuration screen and the payer's choice. */
export function createPayPartnersService(db: Db) {
  return {
    async list(user: AuthUser, input: CallRequest<P['getPayPartners']>): Promise<CallReply<P['getPayPartners']>> {
      const terminals = scopeTerminals(user);
      if (!terminals.length) return { success: true, data: [], allTer: [] };
      const rows = await db
        .select()
        .from(payPartners)
        .where(inArray(payPartners.TerminalCode, terminals))
        .orderBy(asc(payPartners.TerminalCode), asc(payPartners.orderBy), asc(payPartners.partnerCode));
      if (input.isAll) return { success: true, data: rows, allTer: terminals };
      // The payer's choice: each visible partner once, in the configured order.
      const seen = new Map<string, PayPartner>();
      for (const r of [...rows].sort((a, b) => a.orderBy - b.orderBy)) {
        const k = `${r.partnerCode}|${r.bankCode}`;
        if (r.visible && !seen.has(k)) seen.set(k, r);
      }
      return { success: true, data: [...seen.values()], allTer: terminals };
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
      return { success: true, message: 'Lưu dữ liệu thành công !' };
    },
  };
}
