import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every mail the portal sends to payers and shipping lines, and its record: written when the fact happens (or a
 * mail-order rule's time comes), sent by the 'mail.queue' job. `dedupe_key` makes a replayed fact queue nothing new;
 * a sender claims a row (`claimed_until`) before sending, so two instances never send it both.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    Rowguid: rowguid(),
    /** One mail per fact and recipient (e.g. 'order.approved:<order>:customer:<code>'). */
    DedupeKey: text('dedupe_key').notNull().unique(),
    Kind: varchar('kind', { length: 30 }).notNull(),
    /** Addresses, comma-separated; empty when skipped for want of one. */
    MailTo: text('mail_to').notNull().default(''),
    Subject: text('subject').notNull(),
    Html: text('html').notNull(),
    /** The plain-text part. */
    Body: text('body').notNull(),
    /** What the inline QR image encodes (the public order page); drawn when the mail is sent. */
    QrText: text('qr_text'),
    /** A file sent with the mail (a scheduled report's workbook): its name, type and bytes. */
    AttachmentName: text('attachment_name'),
    AttachmentType: text('attachment_type'),
    Attachment: bytea('attachment'),
    /** The order(s) the mail is about, comma-separated for a shipping line's mail of several. */
    OrderNo: text('order_no'),
    /** The terminal whose mail server sends it (when its 'Cấu hình cảng' has one). */
    TerminalCode: varchar('terminal_code', { length: 10 }),
    Status: varchar('status', { length: 10 }).notNull().default('queued'),
    QueuedTime: tz('queued_time').notNull().defaultNow(),
    NextTryTime: tz('next_try_time').notNull().defaultNow(),
    ClaimedUntil: tz('claimed_until'),
    SentTime: tz('sent_time'),
    Attempts: integer('attempts').notNull().default(0),
    /** The server's answer: its message id when sent, the refusal or the reason it was skipped. */
    Result: text('result'),
  },
  (t) => [index('mail_queue_due_idx').on(t.NextTryTime).where(sql`status = 'queued'`), index('mail_queue_time_idx').on(t.QueuedTime)],
);
