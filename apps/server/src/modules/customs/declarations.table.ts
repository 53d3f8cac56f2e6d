import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { users } from '../auth/auth.table';
import { terminals } from '../shell/terminals.table';

/** Temporary upload folders (FilePatch) handed out by common/makeRowguid; files wait here until custom/add. */
export const uploadFolders = pgTable('upload_folders', {
  FilePatch: uuid('file_patch').primaryKey().defaultRandom(),
  CreatedBy: varchar('created_by', { length: 50 })
    .notNull()
    .references(() => users.UserID, { onDelete: 'cascade' }),
  CreatedTime: tz('created_time').notNull().defaultNow(),
});

/** Files of an upload folder; FileName is the stored, checked name inside the folder. */
export const declarationFiles = pgTable(
  'declaration_files',
  {
    Rowguid: rowguid(),
    FilePatch: uuid('file_patch')
      .notNull()
      .references(() => uploadFolders.FilePatch, { onDelete: 'cascade' }),
    FileName: varchar('file_name', { length: 200 }).notNull(),
    Size: integer('size').notNull(),
    Mime: varchar('mime', { length: 100 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('declaration_files_name_uq').on(t.FilePatch, t.FileName)],
);

/** Customs declaration registrations (spec 01 §3): Status 0 pending, 1 approved. */
export const customsDeclarations = pgTable(
  'customs_declarations',
  {
    Rowguid: rowguid(),
    Seq: serial('seq').notNull(),
    ID: varchar('id', { length: 20 }).notNull().generatedAlwaysAs(sql`'DK' || lpad(seq::text, 8, '0')`),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    CustomerID: varchar('customer_id', { length: 20 }).notNull(),
    CustomNo: varchar('custom_no', { length: 20 }).notNull(),
    CustomCode: varchar('custom_code', { length: 10 }).notNull(),
    ContainerQty: integer('container_qty').notNull(),
    CustomDate: tz('custom_date').notNull(),
    BL_BookingNo: varchar('bl_booking_no', { length: 200 }).notNull(),
    ImportExport: varchar('import_export', { length: 1 }).notNull(),
    FilePatch: uuid('file_patch')
      .notNull()
      .unique()
      .references(() => uploadFolders.FilePatch),
    FileLists: text('file_lists').notNull().default(''),
    Status: smallint('status').notNull().default(0),
    Note: text('note'),
    CreatedBy: varchar('created_by', { length: 50 }).notNull(),
    /** The registrant's own customer code (a forwarder registering for its client); null for staff. */
    RegistrantCode: varchar('registrant_code', { length: 20 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    ActionBy: varchar('action_by', { length: 50 }),
    ActionTime: tz('action_time'),
    Telphone: varchar('telphone', { length: 30 }),
  },
  (t) => [
    uniqueIndex('customs_declarations_id_uq').on(t.ID),
    index('customs_declarations_customer_idx').on(t.CustomerID, t.CustomNo),
    index('customs_declarations_registrant_idx').on(t.RegistrantCode),
    index('customs_declarations_terminal_created_idx').on(t.TerminalCode, t.CreatedTime),
  ],
);
