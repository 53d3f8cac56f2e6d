import type { Database } from '../../db/client';
import type { ApprovalRule } from './approval-rules';

/** A stored row of approval_configs (instants as Date). */
export interface StoredApproval extends ApprovalRule {
  Rowguid: string;
  TerminalCode: string;
}

/** The scope of the screen's filters, already checked (instants). */
export interface ApprovalScopeKey {
  TerminalCode: string;
  OperationCode: string;
  CustomerCode: string;
  MoneyCredit: string;
  FromDate: Date;
  ToDate: Date;
}

export interface ApprovalWrite extends ApprovalScopeKey {
  JobModeCode: string;
  IsApproval: boolean;
  IsUnApproval: boolean;
  UpdatedBy: string;
}

const columns = `a.rowguid::text "Rowguid", a.terminal_code "TerminalCode", a.job_mode_code "JobModeCode",
  a.operation_code "OperationCode", a.customer_code "CustomerCode", a.money_credit "MoneyCredit",
  a.from_date "FromDate", a.to_date "ToDate", a.is_approval "IsApproval", a.is_un_approval "IsUnApproval"`;

const asDates = (r: StoredApproval): StoredApproval => ({ ...r, FromDate: new Date(r.FromDate), ToDate: new Date(r.ToDate) });

/** approval_configs (the approval configuration screen and the decision at payment). */
export function createApprovalRepository(database: Database) {
  const q = database.query;
  return {
    /** Every job mode with its row of exactly this scope (null switches when none is stored). */
    async jobModesIn(s: ApprovalScopeKey) {
      return q<{ JobModeCode: string; JobModeName: string | null; Rowguid: string | null; IsApproval: boolean; IsUnApproval: boolean }>(
        `select jm.job_mode_code "JobModeCode", jm.job_mode_name "JobModeName", a.rowguid::text "Rowguid",
           coalesce(a.is_approval, false) "IsApproval", coalesce(a.is_un_approval, false) "IsUnApproval"
         from job_modes jm
         left join approval_configs a on a.job_mode_code = jm.job_mode_code and a.terminal_code = $1 and a.operation_code = $2
           and a.customer_code = $3 and a.money_credit = $4 and a.from_date = $5 and a.to_date = $6
         order by jm.job_mode_code`,
        [s.TerminalCode, s.OperationCode, s.CustomerCode, s.MoneyCredit, s.FromDate, s.ToDate],
      );
    },

    async byRowguid(rowguid: string, terminals: readonly string[]): Promise<StoredApproval | null> {
      const [r] = await q<StoredApproval>(
        `select ${columns} from approval_configs a where a.rowguid = $1 and a.terminal_code = any($2::text[])`,
        [rowguid, [...terminals]],
      );
      return r ? asDates(r) : null;
    },

    /** Inserts the row of this key, or sets the switches of the one stored (one row per key). */
    async upsert(w: ApprovalWrite): Promise<StoredApproval> {
      const [r] = await q<StoredApproval>(
        `insert into approval_configs as a (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date,
           is_approval, is_un_approval, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date)
         do update set is_approval = excluded.is_approval, is_un_approval = excluded.is_un_approval,
           updated_by = excluded.updated_by, updated_time = now()
         returning ${columns}`,
        [
          w.TerminalCode,
          w.JobModeCode,
          w.OperationCode,
          w.CustomerCode,
          w.MoneyCredit,
          w.FromDate,
          w.ToDate,
          w.IsApproval,
          w.IsUnApproval,
          w.UpdatedBy,
        ],
      );
      return asDates(r as StoredApproval);
    },

    /** Rewrites the row `rowguid` (its key may change); null when it is gone. A clash with another row's key raises 23505. */
    async update(rowguid: string, w: ApprovalWrite): Promise<StoredApproval | null> {
      const [r] = await q<StoredApproval>(
        `update approval_configs a set terminal_code = $2, job_mode_code = $3, operation_code = $4, customer_code = $5, money_credit = $6,
           from_date = $7, to_date = $8, is_approval = $9, is_un_approval = $10, updated_by = $11, updated_time = now()
         where a.rowguid = $1 returning ${columns}`,
        [
          rowguid,
          w.TerminalCode,
          w.JobModeCode,
          w.OperationCode,
          w.CustomerCode,
          w.MoneyCredit,
          w.FromDate,
          w.ToDate,
          w.IsApproval,
          w.IsUnApproval,
          w.UpdatedBy,
        ],
      );
      return r ? asDates(r) : null;
    },

    /** The distinct scopes stored in these terminals, latest FromDate first. */
    async scopes(terminals: readonly string[]) {
      const rows = await q<{ OperationCode: string; CustomerCode: string; MoneyCredit: string; FromDate: Date; ToDate: Date }>(
        `select distinct operation_code "OperationCode", customer_code "CustomerCode", money_credit "MoneyCredit",
           from_date "FromDate", to_date "ToDate"
         from approval_configs where terminal_code = any($1::text[])
         order by "FromDate" desc, "ToDate" desc, "OperationCode", "CustomerCode", "MoneyCredit"`,
        [[...terminals]],
      );
      return rows.map((r) => ({ ...r, FromDate: new Date(r.FromDate), ToDate: new Date(r.ToDate) }));
    },

    /** The rows that may decide for an order of this terminal and job mode at `at` (the pure rule picks one). */
    async candidates(terminal: string, jobModeCode: string, at: Date): Promise<StoredApproval[]> {
      const rows = await q<StoredApproval>(
        `select ${columns} from approval_configs a
         where a.terminal_code = $1 and a.job_mode_code = $2 and a.from_date <= $3 and a.to_date >= $3 and (a.is_approval or a.is_un_approval)`,
        [terminal, jobModeCode, at],
      );
      return rows.map(asDates);
    },

    async jobModeExists(code: string) {
      return (await q(`select 1 from job_modes where job_mode_code = $1`, [code])).length > 0;
    },
    async operatorExists(code: string) {
      return (await q(`select 1 from shipping_lines where operation_code = $1`, [code])).length > 0;
    },
    async customerExists(code: string) {
      return (await q(`select 1 from customers where customer_code = $1`, [code])).length > 0;
    },
  };
}
export type ApprovalRepository = ReturnType<typeof createApprovalRepository>;
