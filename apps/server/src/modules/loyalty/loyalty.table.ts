import type { LoyaltyEntryKind } from '@smartport/contract';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { orders } from '../orders/orders.table';

/**
 * The loyalty ledger: one row per order and kind (earn, reverse, redeem, restore), never updated. A customer's balance
 * is the sum of its points; the unique (order, kind) makes every reaction idempotent (a replayed event adds nothing).
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    Rowguid: rowguid(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    Kind: varchar('kind', { length: 10 }).$type<LoyaltyEntryKind>().notNull(),
    /** Signed: earned and restored points positive, reversed and spent negative. */
    Points: integer('points').notNull(),
    /** The TEU the points were earned for (earn and reverse rows). */
    Teu: integer('teu'),
    /** PoinForTeu when earned, PoinToVND when spent: the rate of that moment, kept. */
    Rate: integer('rate').notNull(),
    /** The VND value of the points spent or restored. */
    Amount: bigint('amount', { mode: 'number' }),
    CreatedBy: varchar('created_by', { length: 50 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('loyalty_ledger_order_kind_uq').on(t.OrderNo, t.Kind), index('loyalty_ledger_customer_idx').on(t.CustomerCode)],
);
