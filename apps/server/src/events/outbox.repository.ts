import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { domainOutbox } from './outbox.table';

export type OutboxRow = typeof domainOutbox.$inferSelect;

/** Free to claim: not done and not held by a run whose lease is still on. */
const claimable = () =>
  and(isNull(domainOutbox.DoneTime), or(isNull(domainOutbox.ClaimedUntil), lt(domainOutbox.ClaimedUntil, sql`now()`)));

/** The outbox of the domain event bus: one row per event and after-commit handler. */
export function createOutboxRepository(db: Db) {
  return {
    /** Written inside the publisher's transaction `tx`. */
    async insert(tx: Db, event: string, handlers: string[], payload: unknown) {
      return tx
        .insert(domainOutbox)
        .values(handlers.map((handler) => ({ Event: event, Handler: handler, Payload: payload })))
        .returning({ Id: domainOutbox.Id, Handler: domainOutbox.Handler });
    },
    /** Takes the row for `claimMs` and counts the try; null when it is done or held by another run. */
    async claim(id: number, claimMs: number): Promise<OutboxRow | null> {
      const [row] = await db
        .update(domainOutbox)
        .set({ ClaimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`, Attempts: sql`${domainOutbox.Attempts} + 1` })
        .where(and(eq(domainOutbox.Id, id), claimable()))
        .returning();
      return row ?? null;
    },
    async markDone(id: number) {
      await db
        .update(domainOutbox)
        .set({ DoneTime: sql`now()`, ClaimedUntil: null, NextTryTime: null, LastError: null })
        .where(eq(domainOutbox.Id, id));
    },
    /** A failed try: the next one after `retryInMs` (null: no more tries), the error kept for staff. */
    async markFailed(id: number, retryInMs: number | null, message: string) {
      const next = retryInMs === null ? null : sql`now() + ${`${retryInMs} milliseconds`}::interval`;
      await db
        .update(domainOutbox)
        .set({ ClaimedUntil: null, NextTryTime: next, LastError: message.slice(0, 2000) })
        .where(eq(domainOutbox.Id, id));
    },
    /** Rows whose time came, oldest first. */
    async due(limit: number): Promise<number[]> {
      const rows = await db
        .select({ Id: domainOutbox.Id })
        .from(domainOutbox)
        .where(and(claimable(), lte(domainOutbox.NextTryTime, sql`now()`)))
        .orderBy(domainOutbox.Id)
        .limit(limit);
      return rows.map((r) => r.Id);
    },
  };
}
