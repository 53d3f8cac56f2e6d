import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * Tariffs (/config/StandardTariff, /config/ContractTariff). A standard tariff row prices one charge kind
 * (job: per container of a job mode; storage: per day beyond the free days; reefer: per plugged hour) for a size,
 * cargo type, full/empty and local/foreign (each a code or * = all) in a validity period, per terminal.
 * A contract tariff row has the same shape plus the customer or shipping line it is agreed with; it overrides the
 * standard row it matches (most specific first, docs/decisions.md).
 */
const tariffColumns = () => ({
  Rowguid: rowguid(),
  TerminalCode: varchar('terminal_code', { length: 10 })
    .notNull()
    .references(() => terminals.TerminalCode),
  TariffCode: varchar('tariff_code', { length: 30 }).notNull(),
  TariffName: text('tariff_name').notNull(),
  /** job, storage, reefer */
  ChargeKind: varchar('charge_kind', { length: 10 }).notNull().default('job'),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull().default('*'),
  ContSize: varchar('cont_size', { length: 4 }).notNull().default('*'),
  CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
  FE: varchar('fe', { length: 1 }).notNull().default('*'),
  IsLocalForeign: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
  CurrencyCode: varchar('currency_code', { length: 3 }).notNull().default('VND'),
  UnitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  /** VAT percent 0, 5, 8, 10; -1 not subject to VAT. */
  VatRate: smallint('vat_rate').notNull().default(8),
  ApplyDate: tz('apply_date').notNull(),
  ExpireDate: tz('expire_date').notNull(),
});

export const standardTariffs = pgTable('standard_tariffs', tariffColumns(), (t) => [
  uniqueIndex('standard_tariffs_key_uq').on(
    t.TerminalCode,
    t.ChargeKind,
    t.JobModeCode,
    t.ContSize,
    t.CargoTypeCode,
    t.FE,
    t.IsLocalForeign,
    t.ApplyDate,
  ),
  check('standard_tariffs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  check('standard_tariffs_price_ck', sql`${t.UnitPrice} >= 0`),
]);

export const contractTariffs = pgTable(
  'contract_tariffs',
  {
    ...tariffColumns(),
    ContractNo: varchar('contract_no', { length: 30 }).notNull(),
    /** The customer (payer) the contract is with, or *. */
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    /** The shipping line the contract is with, or *. */
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
  },
  (t) => [
    uniqueIndex('contract_tariffs_key_uq').on(
      t.TerminalCode,
      t.CustomerCode,
      t.OperationCode,
      t.ChargeKind,
      t.JobModeCode,
      t.ContSize,
      t.CargoTypeCode,
      t.FE,
      t.IsLocalForeign,
      t.ApplyDate,
    ),
    check('contract_tariffs_party_ck', sql`${t.CustomerCode} <> '*' or ${t.OperationCode} <> '*'`),
    check('contract_tariffs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
    check('contract_tariffs_price_ck', sql`${t.UnitPrice} >= 0`),
  ],
);

/**
 * Stepped surcharges of a job mode's ExtraMode (1 weight, 2 dangerous goods class, 3 out of gauge, 4 reefer
 * temperature; docs/decisions.md): from FromValue up to (not including) ToValue the job line gets Percent more.
 */
export const tariffSurcharges = pgTable(
  'tariff_surcharges',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ExtraMode: smallint('extra_mode').notNull(),
    FromValue: numeric('from_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    ToValue: numeric('to_value', { precision: 12, scale: 2, mode: 'number' }),
    Percent: numeric('percent', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    Note: text('note'),
  },
  (t) => [
    uniqueIndex('tariff_surcharges_key_uq').on(t.TerminalCode, t.ExtraMode, t.FromValue),
    check('tariff_surcharges_mode_ck', sql`${t.ExtraMode} between 1 and 4`),
  ],
);
