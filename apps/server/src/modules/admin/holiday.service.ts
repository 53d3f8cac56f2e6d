import { type CallReply, type calls, type holidayGrid, holidayMessages, portDayKey } from '@smartport/contract';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import type { AdminRepository } from './admin.repository';
import { firstOverlap, type HolidayPeriod, selectHolidayPeriods } from './holiday-periods';

type A = typeof calls.admin;
interface SavedPeriod {
  Rowguid?: string | null;
  TerminalCode: string;
  ConfigName: string;
  OperationCode: string;
  CustomerCode: string;
  Descriptions: string;
  StartTime: Date;
  EndTime: Date;
}

const configKey = (r: { TerminalCode: string; ConfigName: string }) => `${r.TerminalCode}\u0001${r.ConfigName.toLowerCase()}`;
const day = (d: Date) => portDayKey(d, 'YYYY-MM-DD');
const label = (p: SavedPeriod) => `${p.Descriptions} (${day(p.StartTime)} – ${day(p.EndTime)})`;

/**
 * 'Cấu hình miễn lưu bãi ngày lễ' (spec 03 §2.5): its templates, its save (no overlapping periods in one configuration,
 * one operator/customer per configuration name) and what the tariff engine reads (`holidayPeriodsFor`).
 */
export function createHolidayService(
  repo: AdminRepository,
  /** Whether the terminal's 'Miễn lưu bãi ngày lễ' switch (HolydaySelect, 'Cấu hình cảng') is on: read at each pricing. */
  holidaysExempt: (terminal: string) => Promise<boolean>,
) {
  return {
    /** `common/getHolidayNameList`: one item per configuration of the caller's terminals (HCODE = terminal/ConfigName). */
    async templates(user: AuthUser, terminal?: string): Promise<CallReply<A['getHolidayNameList']>> {
      const rows = await repo.holidayTemplates(scopeTerminals(user, terminal ?? null));
      return {
        success: true,
        payload: rows.map((r) => ({ HCODE: `${r.TerminalCode}/${r.ConfigName}`, ...r, CustomerName: r.CustomerName ?? null })),
      };
    },

    /** The holiday grid's save hook (`common/updateHolidayList`): the rows (header merged) checked against the stored periods of their configurations. */
    holidayHooks: {
      async validate(given, ctx) {
        for (const r of given) assertTerminal(ctx.user, r.TerminalCode);
        const stored = (await repo.holidayConfigRows(given)) as SavedPeriod[];
        const touched = new Set(given.filter((r) => r.Rowguid).map((r) => String(r.Rowguid)));
        const after = new Map<string, SavedPeriod[]>();
        for (const r of [...stored.filter((s) => !touched.has(String(s.Rowguid))), ...given]) {
          const k = configKey(r);
          after.set(k, [...(after.get(k) ?? []), r]);
        }
        for (const periods of after.values()) {
          const first = periods[0] as SavedPeriod;
          const other = periods.find((p) => p.OperationCode !== first.OperationCode || p.CustomerCode !== first.CustomerCode);
          if (other) throw badRequest(holidayMessages.nameTaken(first.ConfigName));
          const clash = firstOverlap(periods);
          if (clash) throw badRequest(holidayMessages.overlap(label(clash[0]), label(clash[1])));
        }
      },
    } satisfies GridSaveHooks<typeof holidayGrid>,

    /**
     * The exemption periods that apply to an order of `terminal` for (operator, customer) and meet [from, to]: none when
     * the terminal's HolydaySelect switch is off, else those of every configuration for all or for the order's operator
     * or customer (docs/decisions.md).
     */
    async holidayPeriodsFor(q: {
      terminal: string;
      operationCode: string;
      customerCode: string;
      from: Date;
      to: Date;
    }): Promise<HolidayPeriod[]> {
      const terminal = q.terminal.trim().toUpperCase();
      if (!(await holidaysExempt(terminal))) return [];
      const op = q.operationCode.trim().toUpperCase() || '*';
      const cu = q.customerCode.trim().toUpperCase() || '*';
      const rows = await repo.holidayCandidates(terminal, op, cu);
      return selectHolidayPeriods(rows, { operationCode: op, customerCode: cu, from: q.from, to: q.to });
    },
  };
}
export type HolidayService = ReturnType<typeof createHolidayService>;
