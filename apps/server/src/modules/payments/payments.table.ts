import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { orders } from '../orders/orders.table';

/** Transfer status -1 failed, 0 incomplete, 1 successful (spec 02 §3). */
export const payments = pgTable(
  'payments',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    PartnerCode: varchar('partner_code', { length: 20 }).notNull(),
    IdempotencyKey: varchar('idempotency_key', { length: 80 }).notNull(),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    Status: smallint('status').notNull().default(0),
    TransactionId: varchar('transaction_id', { length: 64 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    CompletedTime: tz('completed_time'),
    /** Who started the attempt (the completion event goes to that user). */
    UserID: varchar('user_id', { length: 50 }),
    /** The partner is being asked to confirm this attempt (OTP sent on): it may not be superseded meanwhile. */
    Confirming: boolean('confirming').notNull().default(false),
    /** The card gateway answered the start (OTP sent, this many digits): a repeated start reuses the attempt. */
    OtpLength: smallint('otp_length'),
    /** Service fee of the channel (VND) charged on this payment; the MB summary's ThanhToan (spec 02 §3). */
    ServiceFee: bigint('service_fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.IdempotencyKey),
    // One live (incomplete) attempt per order: a new attempt supersedes the old one in the same transaction.
    uniqueIndex('payments_live_once_uq').on(t.OrderNo).where(sql`status = 0`),
    index('payments_order_idx').on(t.OrderNo),
    // Money safety: an order has at most one successful payment, whatever races above it.
    uniqueIndex('payments_paid_once_uq').on(t.OrderNo).where(sql`status = 1`),
  ],
);

/**
 * Money follow-ups staff must see: a transfer that arrived for an order no longer payable
 * (kind `refund`: cancelled, already paid, wrong amount), and a paid order whose invoice the server
 * could not publish yet (kind `invoice`: retried by the invoices.publish job with backoff, then left
 * for staff). One table, one staff list (payment/followups).
 */
export const paymentFollowups = pgTable(
  'payment_followups',
  {
    Rowguid: rowguid(),
    Kind: varchar('kind', { length: 10 }).notNull(),
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    PartnerCode: varchar('partner_code', { length: 20 }),
    IdempotencyKey: varchar('idempotency_key', { length: 80 }),
    TransactionId: varchar('transaction_id', { length: 64 }),
    Amount: bigint('amount', { mode: 'number' }),
    /** refund: order_cancelled | already_paid | amount_mismatch; invoice: publish_failed. */
    Reason: varchar('reason', { length: 30 }).notNull(),
    /** open (to do / to retry), failed (retries exhausted: staff), done. */
    Status: varchar('status', { length: 10 }).notNull().default('open'),
    Attempts: integer('attempts').notNull().default(0),
    NextTryTime: tz('next_try_time'),
    LastError: text('last_error'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    UpdatedTime: tz('updated_time').notNull().defaultNow(),
  },
  (t) => [
    index('payment_followups_order_idx').on(t.OrderNo),
    // A transfer is recorded for refund once, however often its notice comes.
    uniqueIndex('payment_followups_refund_uq').on(t.PartnerCode, t.TransactionId).where(sql`kind = 'refund'`),
    // One invoice follow-up per order.
    uniqueIndex('payment_followups_invoice_uq').on(t.OrderNo).where(sql`kind = 'invoice'`),
  ],
);
