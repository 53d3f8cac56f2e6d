import {
  type CallReply,
  type CallRequest,
  type calls,
  type PartnerKind,
  type PayPartner,
  partnerKind,
  payPartnerGrid,
} from '@smartport/contract';
import type { GridService } from '../../grid/grid.service';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { scopeTerminals } from '../../security/terminal-scope';

type P = typeof calls.payPartners;

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
 * The payer's side of the payment partners (spec 02 payment dialog, 03 §2.5): which partners an order may be paid
 * through. The configuration screen's rows, their scope and their save are the grid registry's (`payPartnerGrid`);
 * `orderTerminal` finds the terminal of an order the caller may pay (throws when it may not).
 */
export function createPayPartnersService(grid: GridService, orderTerminal: (user: AuthUser, orderNo: string) => Promise<string>) {
  const rowsOf = async (terminals: string[]) => (await grid.list(payPartnerGrid, {}, { terminals })) as PayPartner[];
  /** The partners a payer is offered for an order of `terminal`. */
  const forTerminal = async (terminal: string) => offered(await rowsOf([terminal]));

  return {
    /** `config/pay-partner`: every row of the user's terminals (isAll, the screen), else the partners shown to a payer. */
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
  };
}

export type PayPartnersService = ReturnType<typeof createPayPartnersService>;
