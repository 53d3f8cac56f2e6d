import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * Free day rule (spec 03 §3 "Free day rule row", /config/free_day): one rule of a template, the template's header
 * (Name and the fields chosen on the left) stored on every rule. Read by the tariff engine through
 * storage-rules.ts: the index serves "the rules of a terminal valid at a moment".
 */
export const freeDayRules = pgTable(
  'free_day_rules',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    Name: varchar('name', { length: 100 }).notNull(),
    ApplyDate: tz('apply_date').notNull(),
    ExpireDate: tz('expire_date').notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    IsLocalForiend: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    isRFCheck: smallint('is_rf_check').notNull().default(0),
    LaneCode: varchar('lane_code', { length: 10 }).notNull().default('*'),
    VesselCode: varchar('vessel_code', { length: 20 }).notNull().default('*'),
    ClassCode: varchar('class_code', { length: 10 }).notNull().default('*'),
    FE: varchar('fe', { length: 1 }).notNull(),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
    StartTime: varchar('start_time', { length: 7 }).notNull(),
    EndTime: varchar('end_time', { length: 7 }).notNull(),
    FreeDay: integer('free_day').notNull().default(0),
  },
  (t) => [
    uniqueIndex('free_day_rules_key_uq').on(t.TerminalCode, t.Name, t.ClassCode, t.FE, t.CargoTypeCode),
    index('free_day_rules_terminal_period_idx').on(t.TerminalCode, t.ApplyDate, t.ExpireDate),
    check('free_day_rules_free_day_ck', sql`${t.FreeDay} between 0 and 365`),
    check('free_day_rules_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  ],
);

/** Reefer config row (spec 03 §3, /config/reffer_config): how plugged hours are billed, per terminal, operator (* all), payment type. */
export const reeferConfigs = pgTable(
  'reefer_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    Name: varchar('name', { length: 100 }),
    ApplyDate: tz('apply_date').notNull(),
    ExpireDate: tz('expire_date').notNull(),
    Rounding: varchar('rounding', { length: 2 }).notNull().default('R0'),
    HourAdding: integer('hour_adding').notNull().default(0),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull(),
  },
  (t) => [
    uniqueIndex('reefer_configs_key_uq').on(t.TerminalCode, t.OperationCode, t.MoneyCredit, t.ApplyDate),
    index('reefer_configs_terminal_period_idx').on(t.TerminalCode, t.ApplyDate, t.ExpireDate),
    check('reefer_configs_hour_adding_ck', sql`${t.HourAdding} >= 0`),
    check('reefer_configs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  ],
);
