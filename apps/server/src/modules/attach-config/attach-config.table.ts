import { boolean, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid } from '../../db/columns';
import { jobModes } from '../catalogs/catalogs.table';
import { terminals } from '../shell/terminals.table';

/**
 * Attached orders per job mode (spec 03 §2.4 'Attached config', /config/attach_config), per terminal and scope: operator,
 * vessel call, payee and local/foreign, each a code or * (all). The tariff engine reads them through
 * `AttachConfigService.attachedServicesFor` (most specific scope wins, docs/decisions.md).
 */
export const attachConfigs = pgTable(
  'attach_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    VesselKey: varchar('vessel_key', { length: 30 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    IsLocalForeign: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
    JobModeCode: varchar('job_mode_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    AttachServiceCode: varchar('attach_service_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    IsFixed: boolean('is_fixed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('attach_configs_scope_uq').on(
      t.TerminalCode,
      t.JobModeCode,
      t.OperationCode,
      t.VesselKey,
      t.CustomerCode,
      t.IsLocalForeign,
      t.AttachServiceCode,
    ),
  ],
);
