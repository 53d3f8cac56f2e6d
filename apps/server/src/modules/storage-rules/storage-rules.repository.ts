import type { FreeDayTemplate, ReeferRounding } from '@smartport/contract';
import { and, asc, desc, eq, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, freeDayRules, reeferConfigs } from '../../db/schema';
import { inTerminals } from '../../security/terminal-scope';
import type { FreeDayRule, ReeferRule } from './storage-rules';

/** The free-day templates and the rules valid at a moment (tables `free_day_rules`, `reefer_configs`). */
export function createStorageRulesRepository(db: Db) {
  return {
    /** One item per template (terminal + Name) of the given terminals, with its header, customer name and rule count. */
    async templates(terminals: readonly string[]): Promise<FreeDayTemplate[]> {
      const f = freeDayRules;
      const rows = await db
        .select({
          Name: f.Name,
          TerminalCode: f.TerminalCode,
          OperationCode: max(f.OperationCode),
          MoneyCredit: max(f.MoneyCredit),
          IsLocalForiend: max(f.IsLocalForiend),
          ApplyDate: max(f.ApplyDate),
          ExpireDate: max(f.ExpireDate),
          CustomerCode: max(f.CustomerCode),
          CustomerName: max(customers.CustomerName),
          isRFCheck: max(f.isRFCheck),
          RuleCount: sql<number>`count(*)::int`,
        })
        .from(f)
        .leftJoin(customers, eq(customers.CustomerCode, f.CustomerCode))
        .where(inTerminals(f.TerminalCode, terminals))
        .groupBy(f.TerminalCode, f.Name)
        .orderBy(desc(max(f.ApplyDate)), asc(f.TerminalCode), asc(f.Name));
      return rows.map((r) => ({
        Name: r.Name,
        TerminalCode: r.TerminalCode,
        OperationCode: r.OperationCode ?? '*',
        MoneyCredit: r.MoneyCredit ?? 'M',
        IsLocalForiend: r.IsLocalForiend ?? '*',
        ApplyDate: r.ApplyDate as Date,
        ExpireDate: r.ExpireDate as Date,
        CustomerCode: r.CustomerCode ?? '*',
        CustomerName: r.CustomerName ?? null,
        isRFCheck: Number(r.isRFCheck ?? 0),
        LaneCode: '*',
        VesselCode: '*',
        RuleCount: Number(r.RuleCount),
      }));
    },

    /** The terminal's free-day rules valid at `at` (ApplyDate ≤ at ≤ ExpireDate; index free_day_rules_terminal_period_idx). */
    async freeDayRulesAt(terminal: string, at: Date): Promise<FreeDayRule[]> {
      const f = freeDayRules;
      const rows = await db
        .select()
        .from(f)
        .where(and(eq(f.TerminalCode, terminal), lte(f.ApplyDate, at), gte(f.ExpireDate, at)));
      return rows.map(({ Rowguid, ...r }) => ({ ...r, ruleId: Rowguid }));
    },

    /** The terminal's reefer rules valid at `at`. */
    async reeferRulesAt(terminal: string, at: Date): Promise<ReeferRule[]> {
      const r = reeferConfigs;
      const rows = await db
        .select()
        .from(r)
        .where(and(eq(r.TerminalCode, terminal), lte(r.ApplyDate, at), gte(r.ExpireDate, at)));
      return rows.map(({ Rowguid, Name: _name, ...x }) => ({ ...x, Rounding: x.Rounding as ReeferRounding, ruleId: Rowguid }));
    },
  };
}
export type StorageRulesRepository = ReturnType<typeof createStorageRulesRepository>;
