import { boolean, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid } from '../../db/columns';

// Configuration (spec 03 §3 "Configuration", migration 0011_config).

/** Size type row: an operator's own size code and the ISO size type it stands for (/config/size_type). */
export const sizeTypes = pgTable(
  'size_types',
  {
    Rowguid: rowguid(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    LocalSizetype: varchar('local_sizetype', { length: 10 }).notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }),
    CargoEmptyCode: varchar('cargo_empty_code', { length: 10 }),
  },
  (t) => [uniqueIndex('size_types_key_uq').on(t.OperationCode, t.LocalSizetype)],
);

/** Job-mode mapping row: a portal job mode (by size and cargo type, * = all) as the TOS names it. */
export const mappingJobModes = pgTable(
  'mapping_job_modes',
  {
    Rowguid: rowguid(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    ContSize: varchar('cont_size', { length: 4 }).notNull().default('*'),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
    TosCode: varchar('tos_code', { length: 30 }).notNull(),
    TosDescription: text('tos_description'),
    TosUsed: boolean('tos_used').notNull().default(true),
    MappingMethod: varchar('mapping_method', { length: 20 }),
  },
  (t) => [uniqueIndex('mapping_job_modes_key_uq').on(t.JobModeCode, t.ContSize, t.CargoTypeCode)],
);
