import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * The port's own container records (the terminal operating system's view of each visit) that an
 * uploaded spreadsheet is compared with (spec 03 §2.3, §4). Class and status names come from the
 * catalogues; the vessel call is kept as the TOS recorded it.
 */
export const portContainers = pgTable(
  'port_containers',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ContainerNo: varchar('container_no', { length: 11 }).notNull(),
    ClassCode: varchar('class_code', { length: 10 }).notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    FE: varchar('fe', { length: 1 }).notNull(),
    /** The cargo type the yard recorded (cargo types catalogue); orders on the container take it, never a typed one. */
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }),
    /** L domestic goods, F foreign (customs control); null where the yard recorded none. */
    IsLocalForeign: varchar('is_local_foreign', { length: 1 }),
    /** Customs' last status of the container during this visit (367 / 363 answers), null before any answer. */
    CustomsStatus: varchar('customs_status', { length: 10 }),
    CustomsDeclareNo: varchar('customs_declare_no', { length: 30 }),
    CustomsCheckedAt: tz('customs_checked_at'),
    DateIn: tz('date_in').notNull(),
    DateOut: tz('date_out'),
    VesselKey: varchar('vessel_key', { length: 30 }),
    VesselCode: varchar('vessel_code', { length: 20 }),
    VesselName: text('vessel_name'),
    VesselImVoy: varchar('vessel_im_voy', { length: 20 }),
    VesselExVoy: varchar('vessel_ex_voy', { length: 20 }),
    CallSeq: integer('call_seq'),
    CallYear: smallint('call_year'),
    BLNo: varchar('bl_no', { length: 50 }),
    BookingNo: varchar('booking_no', { length: 50 }),
    ContainerStatusCode: varchar('container_status_code', { length: 10 }).notNull(),
    /** The yard block the container stands in (e.g. 'A01', 'B02C'); its first 3 characters pick the release point. */
    Block: varchar('block', { length: 10 }),
  },
  (t) => [
    uniqueIndex('port_containers_visit_uq').on(t.TerminalCode, t.ContainerNo, t.DateIn),
    index('port_containers_cntr_idx').on(t.ContainerNo, t.DateIn),
  ],
);
