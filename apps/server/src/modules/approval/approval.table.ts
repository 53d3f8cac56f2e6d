import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * 'Cấu hình duyệt lệnh' (spec 03 §3 Approval row): per terminal and job mode, for a scope (operator, customer,
 * MoneyCredit; '*' = all) and a period FromDate..ToDate (port days), whether a paid order needs approval
 * (IsApproval) or not (IsUnApproval); never both. Read when a payment is applied (approval.service).
 */
export const approvalConfigs = pgTable(
  'approval_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('*'),
    FromDate: tz('from_date').notNull(),
    ToDate: tz('to_date').notNull(),
    IsApproval: boolean('is_approval').notNull().default(false),
    IsUnApproval: boolean('is_un_approval').notNull().default(false),
    UpdatedBy: varchar('updated_by', { length: 50 }),
    UpdatedTime: tz('updated_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_configs_key_uq').on(
      t.TerminalCode,
      t.JobModeCode,
      t.OperationCode,
      t.CustomerCode,
      t.MoneyCredit,
      t.FromDate,
      t.ToDate,
    ),
    index('approval_configs_lookup_idx').on(t.TerminalCode, t.JobModeCode, t.FromDate),
    check('approval_configs_exclusive', sql`not (${t.IsApproval} and ${t.IsUnApproval})`),
    check('approval_configs_period', sql`${t.ToDate} >= ${t.FromDate}`),
  ],
);
