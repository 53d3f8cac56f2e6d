import { bigint, date, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

// Statistics: the sales people of customers and the rollups the statistics calls read (ratings are the ratings module's).

/** Sales people of a customer (spec 02 §3 BusinessUserIDs): staff users in charge of the customer. */
export const customerSales = pgTable(
  'customer_sales',
  {
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    BusinessUserID: varchar('business_user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.CustomerCode, t.BusinessUserID] })],
);

/**
 * Rollups (docs/architecture.md "Statistics rollups"). Each cube has two grains: 'D' rows per
 * Vietnam-time day (PeriodStart = the day) and 'M' rows per month (PeriodStart = the 1st). They are
 * kept by statement triggers of migration 0010 in the transaction that changes the source rows;
 * `stats_order_facts` holds what each order contributes, so every change is applied as
 * (new − old) exactly once.
 */
const grainCol = () => varchar('grain', { length: 1 }).notNull();

const periodCol = () => date('period_start', { mode: 'string' }).notNull();

const figures = () => ({
  OrderCount: integer('order_count').notNull().default(0),
  ContainerCount: integer('container_count').notNull().default(0),
  TotalTeus: integer('total_teus').notNull().default(0),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
  /** Seconds the staff-approved orders (state M) waited in 'Duyệt lệnh', summed. */
  WaitSeconds: bigint('wait_seconds', { mode: 'number' }).notNull().default(0),
});

/**
 * The order's place in the figures (docs/decisions.md "Which orders the statistics count"): A approved automatically,
 * M approved by staff, P paid and waiting in 'Duyệt lệnh' (these three are counted), W a pay-later order waiting in
 * 'Duyệt lệnh', U unpaid and not expired (both shown apart), O out (cancelled, rejected, expired unpaid).
 */
const stateCol = () => varchar('state', { length: 1 }).notNull();

/** What each order counts for: its keys and figures as the rollups hold them. */
export const statsOrderFacts = pgTable('stats_order_facts', {
  OrderNo: varchar('order_no', { length: 30 }).primaryKey(),
  Day: date('day', { mode: 'string' }).notNull(),
  TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
  CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
  UserID: varchar('user_id', { length: 50 }).notNull(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
  Source: varchar('source', { length: 3 }).notNull(),
  State: stateCol(),
  OrderStatus: varchar('order_status', { length: 1 }).notNull(),
  ContainerCount: integer('container_count').notNull(),
  TotalTeus: integer('total_teus').notNull(),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  /** Who approved it by hand ('' when automatic or not approved). */
  ApprovedBy: varchar('approved_by', { length: 50 }).notNull(),
  /** State M: seconds from entering 'Duyệt lệnh' to the staff approval; 0 otherwise. */
  WaitSeconds: bigint('wait_seconds', { mode: 'number' }).notNull(),
});

/** Changes waiting to be folded into the cubes within the same statement (always empty between statements). */
export const statsOrderDelta = pgTable('stats_order_delta', {
  Id: serial('id').primaryKey(),
  Day: date('day', { mode: 'string' }).notNull(),
  TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
  CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
  UserID: varchar('user_id', { length: 50 }).notNull(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
  Source: varchar('source', { length: 3 }).notNull(),
  State: stateCol(),
  OrderStatus: varchar('order_status', { length: 1 }).notNull(),
  /** +1 / −1 when an order enters / leaves these keys, 0 for a change of its containers. */
  OrderCount: integer('order_count').notNull(),
  ContainerCount: integer('container_count').notNull(),
  TotalTeus: integer('total_teus').notNull(),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  WaitSeconds: bigint('wait_seconds', { mode: 'number' }).notNull(),
});

/** Period × terminal × job mode × channel × state: the dashboards without a customer. Orders not out (state O). */
export const statsTerminal = pgTable(
  'stats_terminal',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Source: varchar('source', { length: 3 }).notNull(),
    State: stateCol(),
    ...figures(),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.JobModeCode, t.Source, t.State] })],
);

/** Period × terminal × customer × user × job mode × channel × state. Orders not out (state O). */
export const statsParty = pgTable(
  'stats_party',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Source: varchar('source', { length: 3 }).notNull(),
    State: stateCol(),
    ...figures(),
  },
  (t) => [
    primaryKey({
      columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode, t.UserID, t.JobModeCode, t.Source, t.State],
    }),
    index('stats_party_customer_idx').on(t.CustomerCode, t.Grain, t.PeriodStart),
    index('stats_party_user_idx').on(t.UserID, t.Grain, t.PeriodStart),
  ],
);

/** Successful MB-channel payments: period × terminal × customer. */
export const statsMb = pgTable(
  'stats_mb',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    PayCount: integer('pay_count').notNull().default(0),
    PayAmount: bigint('pay_amount', { mode: 'number' }).notNull().default(0),
    ServiceFee: bigint('service_fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode] })],
);

/** Ratings: period × terminal × customer × rater × criterion. */
export const statsRating = pgTable(
  'stats_rating',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    QuestionCode: integer('question_code').notNull(),
    TotalRating: integer('total_rating').notNull().default(0),
    CountRating: integer('count_rating').notNull().default(0),
    Count1: integer('count1').notNull().default(0),
    Count2: integer('count2').notNull().default(0),
    Count3: integer('count3').notNull().default(0),
    Count4: integer('count4').notNull().default(0),
    Count5: integer('count5').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode, t.UserID, t.QuestionCode] })],
);

/**
 * The personal summaries: period × user × terminal × kind (order | invoice | transaction) × status ×
 * job mode. Orders by their creator (cancelled ones too), invoices by the
 * creator of their order, payments by who started them.
 */
export const statsPersonal = pgTable(
  'stats_personal',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    Kind: varchar('kind', { length: 12 }).notNull(),
    Status: varchar('status', { length: 2 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Counting: integer('counting').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.Grain, t.PeriodStart, t.UserID, t.TerminalCode, t.Kind, t.Status, t.JobModeCode] }),
    index('stats_personal_user_idx').on(t.UserID, t.Kind, t.Grain, t.PeriodStart),
  ],
);
