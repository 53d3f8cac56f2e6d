import { boolean, index, integer, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

// Catalogues (spec 03 §3). Each business key is unique; rows are addressed by Rowguid.
export const shippingLines = pgTable('shipping_lines', {
  Rowguid: rowguid(),
  OperationCode: varchar('operation_code', { length: 10 }).notNull().unique(),
  OperationName: text('operation_name').notNull(),
  IsActive: boolean('is_active').notNull().default(true),
  IsEDO: boolean('is_edo').notNull().default(false),
  IsLF: varchar('is_lf', { length: 1 }),
  MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
});

export const customerTypes = pgTable('customer_types', {
  CustomerTypeCode: varchar('customer_type_code', { length: 10 }).primaryKey(),
  CustomerTypeName: text('customer_type_name').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    Rowguid: rowguid(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().unique(),
    TaxCode: varchar('tax_code', { length: 20 }).notNull(),
    CustomerName: text('customer_name').notNull(),
    Address: text('address'),
    Email: varchar('email', { length: 200 }),
    Represent: text('represent'),
    Phone: varchar('phone', { length: 30 }),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
    CustomerLevelCode: smallint('customer_level_code').notNull().default(1),
    CustomerTypeCode: varchar('customer_type_code', { length: 10 }).references(() => customerTypes.CustomerTypeCode),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('customers_tax_idx').on(t.TaxCode)],
);

export const vesselVoyages = pgTable(
  'vessel_voyages',
  {
    VesselKey: varchar('vessel_key', { length: 30 }).primaryKey(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    VesselName: text('vessel_name').notNull(),
    VesselImVoy: varchar('vessel_im_voy', { length: 20 }).notNull(),
    VesselExVoy: varchar('vessel_ex_voy', { length: 20 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }),
    ETA: tz('eta'),
    ETB: tz('etb'),
    ETD: tz('etd'),
    Status: smallint('status').notNull().default(1),
  },
  (t) => [index('vessel_voyages_terminal_etb_idx').on(t.TerminalCode, t.ETB)],
);

export const jobModes = pgTable('job_modes', {
  Rowguid: rowguid(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull().unique(),
  JobModeName: text('job_mode_name').notNull(),
  IsLoLo: boolean('is_lolo').notNull().default(false),
  IsCFSStuff: boolean('is_cfs_stuff').notNull().default(false),
  IsCFSUnstuff: boolean('is_cfs_unstuff').notNull().default(false),
  IsCFSChange: boolean('is_cfs_change').notNull().default(false),
  IsServiceYard: boolean('is_service_yard').notNull().default(false),
  IsServiceNonCont: boolean('is_service_non_cont').notNull().default(false),
  ExtraMode: smallint('extra_mode').notNull().default(0),
});

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    Rowguid: rowguid(),
    CurrencyCode: varchar('currency_code', { length: 3 }).notNull(),
    Rate: numeric('rate', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    DateOfRate: tz('date_of_rate').notNull(),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('exchange_rates_key_uq').on(t.CurrencyCode, t.DateOfRate)],
);

export const paymentTypes = pgTable('payment_types', {
  Rowguid: rowguid(),
  PaymentTypeCode: varchar('payment_type_code', { length: 10 }).notNull().unique(),
  PaymentTypeName: text('payment_type_name').notNull(),
  MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
});

export const containerStatuses = pgTable('container_statuses', {
  Rowguid: rowguid(),
  ContainerStatusCode: varchar('container_status_code', { length: 10 }).notNull().unique(),
  ContainerStatusName: text('container_status_name').notNull(),
});

export const cargoTypes = pgTable('cargo_types', {
  Rowguid: rowguid(),
  CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().unique(),
  CargoTypeName: text('cargo_type_name').notNull(),
});

export const classes = pgTable('classes', {
  Rowguid: rowguid(),
  ClassCode: varchar('class_code', { length: 10 }).notNull().unique(),
  ClassName: text('class_name').notNull(),
});

export const jobs = pgTable('jobs', {
  Rowguid: rowguid(),
  JobCode: varchar('job_code', { length: 10 }).notNull().unique(),
  JobName: text('job_name').notNull(),
  IsQuay: boolean('is_quay').notNull().default(false),
  IsYard: boolean('is_yard').notNull().default(false),
  IsGate: boolean('is_gate').notNull().default(false),
});

export const methods = pgTable('methods', {
  Rowguid: rowguid(),
  MethodCode: varchar('method_code', { length: 10 }).notNull().unique(),
  MethodName: text('method_name').notNull(),
  MappingMethod: varchar('mapping_method', { length: 20 }),
});

export const transits = pgTable('transits', {
  Rowguid: rowguid(),
  TransitCode: varchar('transit_code', { length: 10 }).notNull().unique(),
  TransitName: text('transit_name').notNull(),
  Note: text('note'),
});

export const commodities = pgTable('commodities', {
  Rowguid: rowguid(),
  CommodityCode: varchar('commodity_code', { length: 20 }).notNull().unique(),
  CommodityName: text('commodity_name').notNull(),
});

/** 'Danh mục depot': the empty-container depots of a terminal and each one's own lift charge (VND per container). */
export const depots = pgTable(
  'depots',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    DepotCode: varchar('depot_code', { length: 20 }).notNull(),
    DepotName: text('depot_name').notNull(),
    Address: text('address'),
    LiftCharge: integer('lift_charge').notNull().default(0),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('depots_key_uq').on(t.TerminalCode, t.DepotCode)],
);
