import {
  adminMessages,
  type CallReply,
  type CallRequest,
  type calls,
  commaParts,
  type dataShareGrid,
  EDO_DATA_TABLE,
  imoMessages,
} from '@smartport/contract';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { assertTerminal } from '../../security/terminal-scope';
import type { AdminRepository } from './admin.repository';
import { type MbServiceCharge, mbServiceCharge } from './mb-charges';
import { pickReleasePoint, type ReleasePoint } from './release-points';

export type { ReleasePoint };

type A = typeof calls.admin;

/**
 * What the administration settings do (spec 03 §2.5): dangerous goods allowed to be dropped off, the tariff code the
 * TOS knows, which terminals see another's delivery orders, and the MB-NAPAS fee of a transaction.
 */
export function createAdminRulesService(repo: AdminRepository) {
  const service = {
    /** The alert messages of the terminal's entries for (class, UN number); empty: not in the list, not allowed. */
    async imoAlertFor(q: { terminal: string; classCode: string; unno: string }): Promise<string[]> {
      const rows = await repo.imoAlerts(q.terminal.trim().toUpperCase(), q.classCode.trim(), q.unno.trim());
      return rows.map((r) => r.AlertMsg ?? '');
    },

    /** `config/checkIMOAlert`: the order screens ask before a dangerous-goods container is dropped off. */
    async checkImo(user: AuthUser, input: CallRequest<A['checkIMOAlert']>): Promise<CallReply<A['checkIMOAlert']>> {
      const terminal = input.TerminalCode?.toUpperCase() || (user.terminals.length === 1 ? user.terminals[0] : undefined);
      if (!terminal) throw badRequest(imoMessages.chooseTerminal);
      assertTerminal(user, terminal);
      const alerts = await service.imoAlertFor({ terminal, classCode: input.Class, unno: input.Unno });
      if (!alerts.length) {
        return { success: true, allowed: false, AlertMsg: [], message: imoMessages.notAllowed(input.Class, input.Unno, terminal) };
      }
      return { success: true, allowed: true, AlertMsg: alerts.filter((m) => m.length > 0) };
    },

    /**
     * The release point of each yard block of `terminal` (read at each call: a point disabled or edited on its screen
     * applies at once); a block no enabled point serves, or an unknown block (null), maps to null.
     */
    async releasePointsFor(terminal: string, blocks: readonly (string | null)[]): Promise<Map<string | null, ReleasePoint | null>> {
      const points = await repo.releasePoints(terminal.trim().toUpperCase());
      return new Map(blocks.map((b) => [b, pickReleasePoint(points, b)]));
    },

    /** The TOS's code of a portal tariff code ('Mapping mã biểu cước giữa hai hệ thống'); null when not mapped. */
    async tosTariffCode(tariffCode: string): Promise<string | null> {
      return repo.tosTariffCode(tariffCode.trim().toUpperCase());
    },

    /**
     * The terminals whose delivery orders `terminal` sees besides its own: the sources of active share rows that list it.
     * No delivery order (EDO) exists in the portal yet; the orders issue's EDO lookup reads its rows of
     * `[terminal, ...terminalsSharingEdoWith(terminal)]`.
     */
    async terminalsSharingEdoWith(terminal: string): Promise<string[]> {
      const code = terminal.trim().toUpperCase();
      const rows = await repo.activeShares(EDO_DATA_TABLE);
      return rows
        .filter((r) => r.TerminalCode !== code && commaParts(r.TerminalTarget).includes(code))
        .map((r) => r.TerminalCode)
        .sort();
    },

    /** The data-share grid's save hook (`config/updateDataShareList`): every target must be a terminal (the row's own checks are the entry's). */
    dataShareHooks: {
      async validate(rows) {
        const targets = [...new Set(rows.flatMap((r) => commaParts(r.TerminalTarget)))];
        const known = await repo.existingTerminals(targets);
        rows.forEach((r, i) => {
          const unknown = commaParts(r.TerminalTarget).find((c) => !known.has(c));
          if (unknown) throw badRequest(`Dòng ${i + 1}: ${adminMessages.shareUnknown(unknown)}`);
        });
      },
    } satisfies GridSaveHooks<typeof dataShareGrid>,

    /** The MB-NAPAS fee of a transaction by the month's total so far, from the two fee tables. */
    async mbCharge(monthlyTotalVnd: number, amountVnd: number): Promise<MbServiceCharge> {
      return mbServiceCharge(monthlyTotalVnd, amountVnd, await repo.mbFeeTables());
    },
  };
  return service;
}
export type AdminRulesService = ReturnType<typeof createAdminRulesService>;
