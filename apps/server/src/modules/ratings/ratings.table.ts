import { boolean, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * Question row: a criterion of the customer rating (spec 03 §3 "Question row", spec 02 §2.6 rating report).
 * QuestionCode numbers the criterion for the ratings (0 is reserved for free-text notes: codes start at 1).
 */
export const questions = pgTable('questions', {
  Rowguid: rowguid(),
  QuestionCode: integer('question_code').notNull().unique().generatedByDefaultAsIdentity({ startWith: 1 }),
  QuestionName: text('question_name').notNull().unique(),
  IsActive: boolean('is_active').notNull().default(true),
});

/**
 * Ratings given by users after an order or on a screen (spec 02 §2.6.1): one row per criterion and
 * star count (1–5), or a free-text note (QuestionCode 0, Rating null).
 */
export const ratings = pgTable(
  'ratings',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    /** The rater. */
    UserID: varchar('user_id', { length: 50 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }),
    OrderNo: varchar('order_no', { length: 30 }),
    PinCode: varchar('pin_code', { length: 30 }),
    ScreenName: text('screen_name'),
    JobModeCode: varchar('job_mode_code', { length: 10 }),
    QuestionCode: integer('question_code').notNull(),
    Rating: smallint('rating'),
    RatingNote: text('rating_note'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [index('ratings_terminal_time_idx').on(t.TerminalCode, t.CreatedTime), index('ratings_user_time_idx').on(t.UserID, t.CreatedTime)],
);

/**
 * An order rated (docs/decisions.md 'Customers rate their orders'): once by the customer's account, once by the driver
 * through the public order page. Written in the transaction that writes the order's `ratings` rows; the key is what
 * refuses a second rating, also when two arrive at once.
 */
export const orderRatings = pgTable(
  'order_ratings',
  {
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    /** customer | driver */
    Rater: varchar('rater', { length: 10 }).notNull(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.OrderNo, t.Rater] })],
);

/** A wrong PIN typed on the public order page's rating: counted per order to throttle guessing. */
export const ratingPinFailures = pgTable(
  'rating_pin_failures',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    Address: varchar('address', { length: 64 }),
    FailedAt: tz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('rating_pin_failures_order_idx').on(t.OrderNo, t.FailedAt)],
);
