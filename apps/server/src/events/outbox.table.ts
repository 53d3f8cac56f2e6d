import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';

import { tz } from '../db/columns';

/**
 * Durable domain events (events/event-bus.ts): one row per event and after-commit handler, written in the publisher's
 * transaction. A handler's run claims its row (claimed_until), and done_time marks it done, so each handler runs an
 * event once across instances; rows left undone are retried by the outbox job.
 */
export const domainOutbox = pgTable(
  'domain_outbox',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    Event: varchar('event', { length: 100 }).notNull(),
    Handler: varchar('handler', { length: 100 }).notNull(),
    Payload: jsonb('payload').notNull(),
    CreatedTime: tz('created_time').notNull().default(sql`now()`),
    Attempts: integer('attempts').notNull().default(0),
    /** While a run holds the row: another instance leaves it alone until then (a crashed run's claim expires). */
    ClaimedUntil: tz('claimed_until'),
    /** When the job may try it again; null once done or given up. */
    NextTryTime: tz('next_try_time').default(sql`now()`),
    DoneTime: tz('done_time'),
    LastError: text('last_error'),
  },
  (t) => [index('domain_outbox_due_idx').on(t.NextTryTime).where(sql`done_time is null`)],
);
