import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { orders } from '../orders/orders.table';

/** Invoice status Y issued, C cancelled (spec 02 §3). */
export const invoices = pgTable(
  'invoices',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    InvoiceSeries: varchar('invoice_series', { length: 10 }).notNull(),
    InvoiceNo: varchar('invoice_no', { length: 20 }).notNull(),
    TaxAuthorityCode: varchar('tax_authority_code', { length: 40 }),
    Status: varchar('status', { length: 1 }).notNull().default('Y'),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    IssueDate: tz('issue_date').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_series_no_uq').on(t.InvoiceSeries, t.InvoiceNo),
    index('invoices_order_idx').on(t.OrderNo),
    // One issued invoice per order: a repeated publish returns it instead of issuing another.
    uniqueIndex('invoices_issued_once_uq').on(t.OrderNo).where(sql`status = 'Y'`),
  ],
);

/** Trace of an invoice's cancellation with the provider (task/invoice/cancel/trackingInvoiceDraftDetails). */
export const invoiceCancellations = pgTable(
  'invoice_cancellations',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    InvoiceNo: varchar('invoice_no', { length: 40 }),
    /** requested, provider_cancelled, provider_failed, retried, done */
    Step: varchar('step', { length: 20 }).notNull(),
    Message: text('message'),
    CreatedBy: varchar('created_by', { length: 50 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [index('invoice_cancellations_order_idx').on(t.OrderNo, t.CreatedTime)],
);
