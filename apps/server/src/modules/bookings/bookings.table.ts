import { index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * A shipping line's bookings (empty release orders): per size type, how many empties may be picked up and laden boxes
 * dropped off against it, until a day (docs/decisions.md 'Bookings'). A: active, R: cancelled.
 */
export const bookings = pgTable(
  'bookings',
  {
    Rowguid: rowguid(),
    BookingNo: varchar('booking_no', { length: 50 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ShipperTaxCode: varchar('shipper_tax_code', { length: 20 }),
    ValidUntil: tz('valid_until').notNull(),
    Status: varchar('status', { length: 1 }).notNull().default('A'),
    Note: text('note'),
    IssuedBy: varchar('issued_by', { length: 50 }).notNull(),
    IssuedTime: tz('issued_time').notNull().defaultNow(),
    CancelledBy: varchar('cancelled_by', { length: 50 }),
    CancelledTime: tz('cancelled_time'),
    CancelReason: text('cancel_reason'),
  },
  (t) => [uniqueIndex('bookings_line_no_uq').on(t.OperationCode, t.BookingNo), index('bookings_terminal_idx').on(t.TerminalCode)],
);

/** A booking's size types and quantities. */
export const bookingLines = pgTable(
  'booking_lines',
  {
    Rowguid: uuid('rowguid').primaryKey().defaultRandom(),
    BookingRowguid: uuid('booking_rowguid')
      .notNull()
      .references(() => bookings.Rowguid, { onDelete: 'cascade' }),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    Quantity: integer('quantity').notNull(),
  },
  (t) => [uniqueIndex('booking_lines_size_uq').on(t.BookingRowguid, t.IsoSizetype)],
);
