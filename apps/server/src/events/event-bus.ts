import type { Db } from '../db/client';
import type { DomainEvents, EventName } from './domain-events';
import { createOutboxRepository } from './outbox.repository';

/** Publishes inside the transaction it was handed with. */
export interface Publisher {
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

/** What an in-transaction handler gets: the publisher's transaction, and a publisher in it (events it causes join it). */
export interface TxContext extends Publisher {
  tx: Db;
}

export type InTransactionHandler<K extends EventName> = (payload: DomainEvents[K], ctx: TxContext) => Promise<void>;
export type AfterCommitHandler<K extends EventName> = (payload: DomainEvents[K]) => Promise<void>;

/** What a module is given to publish and subscribe (the bus without its outbox runner). */
export interface DomainEventBus {
  /**
   * Runs `fn` in one database transaction; events published through its publisher run their in-transaction handlers
   * inside it (a failure rolls everything back) and write one outbox row per after-commit handler, dispatched right
   * after the commit (not awaited by the publisher).
   */
  transaction<T>(fn: (tx: Db, events: Publisher) => Promise<T>): Promise<T>;
  /** Publishes in a transaction of its own. */
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
  /** Atomic reactions: run inside the publisher's transaction, in the order subscribed. */
  onInTransaction<K extends EventName>(name: K, handler: InTransactionHandler<K>): void;
  /**
   * Reactions that may come later: durable through the outbox, each run once per event across instances (done mark per
   * handler); a failure is retried by the outbox job. `id` names the handler in the outbox (stable across releases).
   */
  onAfterCommit<K extends EventName>(name: K, id: string, handler: AfterCommitHandler<K>, opts?: AfterCommitOptions): void;
}

export interface AfterCommitOptions {
  /**
   * Run before the publisher's `transaction` returns (right after the commit), not in the background: for quick
   * reactions the caller's answer should follow (a live notice to the order's creator). Still through the outbox.
   */
  inline?: boolean;
}

export interface EventBusLog {
  warn(o: object, m: string): void;
}

export interface EventBusOptions {
  /** How long a claimed run keeps the row from others (a crashed instance's rows come back after it). */
  claimMs?: number;
  /** Tries of a failing handler before it is left for staff to see (last_error); retried with backoff in between. */
  maxAttempts?: number;
  /** Wait before the next try after `attempts` failed ones (default `outboxBackoffMs`). */
  backoffMs?: (attempts: number) => number;
}

/** Backoff of the n-th failed try: 10 s, 20 s, 40 s … at most an hour. */
export const outboxBackoffMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));

/**
 * The domain event bus of one instance over the database (events/domain-events.ts is the map): the owning module
 * publishes, any module subscribes. Two buses on one database share the outbox: a row is claimed before it runs, so
 * each after-commit handler runs each event once.
 */
export function createEventBus(db: Db, log: EventBusLog, options: EventBusOptions = {}) {
  const claimMs = options.claimMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const backoffMs = options.backoffMs ?? outboxBackoffMs;
  const inTx = new Map<EventName, InTransactionHandler<EventName>[]>();
  const afterCommit = new Map<EventName, Map<string, AfterCommitHandler<EventName>>>();
  const inline = new Set<string>();
  const running = new Set<Promise<unknown>>();
  const outbox = createOutboxRepository(db);

  type Pending = { id: number; inline: boolean };
  async function publishIn(tx: Db, pending: Pending[], name: EventName, payload: DomainEvents[EventName]) {
    const ctx: TxContext = { tx, publish: (n, p) => publishIn(tx, pending, n, p) };
    for (const handler of inTx.get(name) ?? []) await handler(payload, ctx);
    const ids = [...(afterCommit.get(name)?.keys() ?? [])];
    if (!ids.length) return;
    const rows = await outbox.insert(tx, name, ids, payload);
    pending.push(...rows.map((r) => ({ id: r.Id, inline: inline.has(`${name}/${r.Handler}`) })));
  }

  /** Claims one row (not done, not held) and runs its handler; answers whether it ran it. */
  async function runRow(id: number): Promise<boolean> {
    const row = await outbox.claim(id, claimMs);
    if (!row) return false;
    const handler = afterCommit.get(row.Event as EventName)?.get(row.Handler);
    try {
      if (!handler) throw new Error(`no handler ${row.Handler} for ${row.Event}`);
      await handler(row.Payload as DomainEvents[EventName]);
      await outbox.markDone(id);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      await outbox.markFailed(id, row.Attempts >= maxAttempts ? null : backoffMs(row.Attempts), message);
      log.warn({ event: row.Event, handler: row.Handler, attempts: row.Attempts, err: message }, 'domain event handler failed');
    }
    return true;
  }

  function dispatch(ids: number[]) {
    const p = Promise.all(ids.map((id) => runRow(id))).catch((err: Error) =>
      log.warn({ err: err.message }, 'domain events not dispatched (the outbox job retries them)'),
    );
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  const bus = {
    async transaction<T>(fn: (tx: Db, events: Publisher) => Promise<T>): Promise<T> {
      const pending: Pending[] = [];
      const result = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        return fn(t, { publish: (name, payload) => publishIn(t, pending, name, payload) });
      });
      const now = pending.filter((p) => p.inline).map((p) => p.id);
      const later = pending.filter((p) => !p.inline).map((p) => p.id);
      if (later.length) dispatch(later);
      // A failing inline handler is left to the outbox job like any other: the publisher's answer does not fail.
      if (now.length) await Promise.all(now.map((id) => runRow(id).catch(() => false)));
      return result;
    },
    async publish<K extends EventName>(name: K, payload: DomainEvents[K]) {
      // Nobody listens: no transaction at all.
      if (!inTx.get(name)?.length && !afterCommit.get(name)?.size) return;
      await bus.transaction((_tx, events) => events.publish(name, payload));
    },
    onInTransaction<K extends EventName>(name: K, handler: InTransactionHandler<K>) {
      inTx.set(name, [...(inTx.get(name) ?? []), handler as unknown as InTransactionHandler<EventName>]);
    },
    onAfterCommit<K extends EventName>(name: K, id: string, handler: AfterCommitHandler<K>, opts: AfterCommitOptions = {}) {
      if (opts.inline) inline.add(`${name}/${id}`);
      const handlers = afterCommit.get(name) ?? new Map<string, AfterCommitHandler<EventName>>();
      if (handlers.has(id)) throw new Error(`domain event handler ${id} subscribed twice to ${name}`);
      handlers.set(id, handler as unknown as AfterCommitHandler<EventName>);
      afterCommit.set(name, handlers);
    },
    /**
     * The outbox job (under the scheduler's lock): rows not done whose time came, oldest first. Answers how many
     * this call ran.
     */
    async retryDue(limit = 100): Promise<number> {
      let ran = 0;
      for (const id of await outbox.due(limit)) if (await runRow(id)) ran++;
      return ran;
    },
    /** Dispatches in progress finish (close, tests). */
    async drain() {
      while (running.size) await Promise.all([...running]);
    },
  };
  return bus;
}
