import { bigint, boolean, index, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

// Administration (spec 03 §2.5, §3 "Administration").

/** A release (fee collection) point of a terminal and the yard blocks it serves (first 3 characters, comma separated). */
export const releasePoints = pgTable(
  'release_points',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    DIEMPH: varchar('diemph', { length: 20 }).notNull(),
    NAME: text('name').notNull(),
    BLOCK_PREFIX: varchar('block_prefix', { length: 500 }).notNull().default(''),
    MADVI: varchar('madvi', { length: 20 }),
    SERVER: varchar('server', { length: 100 }),
    ENABLE: boolean('enable').notNull().default(true),
  },
  (t) => [uniqueIndex('release_points_key_uq').on(t.TerminalCode, t.DIEMPH)],
);

/** MB-NAPAS service charge tiers: from a month's transaction total (billions VND), the charge in percent. */
export const mbCharges = pgTable('mb_charges', {
  Rowguid: rowguid(),
  TotalSum: numeric('total_sum', { precision: 14, scale: 3, mode: 'number' }).notNull().unique(),
  Charge: numeric('charge', { precision: 8, scale: 4, mode: 'number' }).notNull(),
});

/** MB-NAPAS processing fee, VND per transaction. */
export const mbFeeSchedules = pgTable('mb_fee_schedules', {
  Rowguid: rowguid(),
  FeeSchedule: bigint('fee_schedule', { mode: 'number' }).notNull().unique(),
});

/** Dangerous goods (IMDG class + UN number) a terminal accepts for drop-off, with the note shown to the user. */
export const imoAlerts = pgTable(
  'imo_alerts',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    Class: varchar('class', { length: 5 }).notNull(),
    Unno: varchar('unno', { length: 4 }).notNull(),
    AlertMsg: text('alert_msg'),
  },
  (t) => [uniqueIndex('imo_alerts_key_uq').on(t.TerminalCode, t.Class, t.Unno)],
);

/** Holiday storage exemption periods; the configuration's header (name, operator, customer; * = all) is in every row. */
export const holidayPeriods = pgTable(
  'holiday_periods',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ConfigName: varchar('config_name', { length: 150 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    Descriptions: text('descriptions').notNull(),
    StartTime: tz('start_time').notNull(),
    EndTime: tz('end_time').notNull(),
  },
  (t) => [
    uniqueIndex('holiday_periods_key_uq').on(t.TerminalCode, t.ConfigName, t.StartTime),
    index('holiday_periods_scope_idx').on(t.TerminalCode, t.OperationCode, t.CustomerCode),
  ],
);

/** A portal tariff code as the TOS codes it. */
export const tariffMappings = pgTable('tariff_mappings', {
  Rowguid: rowguid(),
  TariffCode: varchar('tariff_code', { length: 30 }).notNull().unique(),
  TosTariffCode: varchar('tos_tariff_code', { length: 30 }).notNull(),
  TosDescription: text('tos_description'),
});

/** EDO sharing: the source terminal's delivery orders are seen by the target terminals (comma separated codes). */
export const dataShares = pgTable(
  'data_shares',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    TerminalTarget: varchar('terminal_target', { length: 500 }).notNull(),
    IsActive: boolean('is_active').notNull().default(true),
    DataTable: varchar('data_table', { length: 30 }).notNull().default('DELIVERY_ORDER'),
  },
  (t) => [uniqueIndex('data_shares_key_uq').on(t.TerminalCode, t.DataTable)],
);
