import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';

/** Mail order row: mail the orders of a shipping line when they reach a state (DL, PB, HT), at once, periodically or daily. */
export const mailOrders = pgTable(
  'mail_orders',
  {
    Rowguid: rowguid(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    MailTitle: text('mail_title').notNull(),
    MailCC: text('mail_cc').notNull(),
    DataFilter: varchar('data_filter', { length: 2 }).notNull(),
    DelayType: varchar('delay_type', { length: 3 }).notNull(),
    DelayTime: varchar('delay_time', { length: 5 }),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('mail_orders_key_uq').on(t.OperationCode, t.DataFilter, t.DelayType)],
);

/**
 * One order that reached a mail-order rule's state, waiting for its mail: due at once (TGT), at the end of the
 * rule's period (TCK) or at the rule's daily time (GHN). Orders due together for one rule go in one mail.
 */
export const mailOrderEvents = pgTable(
  'mail_order_events',
  {
    Id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    RuleRowguid: uuid('rule_rowguid')
      .notNull()
      .references(() => mailOrders.Rowguid, { onDelete: 'cascade' }),
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    DataFilter: varchar('data_filter', { length: 2 }).notNull(),
    DueTime: tz('due_time').notNull(),
    /** Taken by a sender until then (another instance leaves it); cleared when a send fails. */
    ClaimedUntil: tz('claimed_until'),
    /** When its mail went into the mail queue (mail_queue records the send itself). */
    SentTime: tz('sent_time'),
    Attempts: integer('attempts').notNull().default(0),
    LastError: text('last_error'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_order_events_uq').on(t.RuleRowguid, t.OrderNo, t.DataFilter),
    index('mail_order_events_due_idx').on(t.DueTime).where(sql`sent_time is null`),
  ],
);
