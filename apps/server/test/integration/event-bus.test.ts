import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { createEventBus } from '../../src/events/event-bus';
import { openTestDatabase, type TestDatabase } from '../helpers/test-app';

let tdb: TestDatabase;
const log = { warn: vi.fn() };
const fact = { form: 'mail_config', scope: null, by: 'admin' };
const scratch = async () => rowsOf<{ v: string }>(await tdb.database.db.execute(sql`select v from bus_scratch order by v`)).map((r) => r.v);
const outbox = async () =>
  rowsOf<{ handler: string; attempts: number; done: boolean }>(
    await tdb.database.db.execute(sql`select handler, attempts, done_time is not null done from domain_outbox order by id`),
  );

beforeAll(async () => {
  tdb = await openTestDatabase();
  await tdb.database.query('create table bus_scratch (v text not null)');
});
afterAll(async () => {
  await tdb?.close();
});
beforeEach(async () => {
  await tdb.database.query('delete from bus_scratch');
  await tdb.database.query('delete from domain_outbox');
});

describe('domain event bus', () => {
  it('runs an in-transaction handler inside the publisher’s transaction: it rolls back with the publisher', async () => {
    const bus = createEventBus(tdb.database.db, log);
    bus.onInTransaction('settings.changed', async (e, { tx }) => {
      await tx.execute(sql`insert into bus_scratch (v) values (${`reacted ${e.form}`})`);
    });
    bus.onAfterCommit('settings.changed', 'test.after', async () => {});
    await expect(
      bus.transaction(async (tx, events) => {
        await tx.execute(sql`insert into bus_scratch (v) values ('published')`);
        await events.publish('settings.changed', fact);
        throw new Error('the publisher fails');
      }),
    ).rejects.toThrow('the publisher fails');
    expect(await scratch()).toEqual([]);
    expect(await outbox()).toEqual([]);

    await bus.transaction(async (tx, events) => {
      await tx.execute(sql`insert into bus_scratch (v) values ('published')`);
      await events.publish('settings.changed', fact);
    });
    await bus.drain();
    expect(await scratch()).toEqual(['published', 'reacted mail_config']);
  });

  it('a failing in-transaction handler rolls the publisher back', async () => {
    const bus = createEventBus(tdb.database.db, log);
    bus.onInTransaction('settings.changed', async () => {
      throw new Error('reaction refused');
    });
    await expect(
      bus.transaction(async (tx, events) => {
        await tx.execute(sql`insert into bus_scratch (v) values ('published')`);
        await events.publish('settings.changed', fact);
      }),
    ).rejects.toThrow('reaction refused');
    expect(await scratch()).toEqual([]);
  });

  it('runs an after-commit handler once, right after the commit, and marks it done', async () => {
    const bus = createEventBus(tdb.database.db, log);
    const seen = vi.fn(async () => {});
    bus.onAfterCommit('settings.changed', 'test.once', seen);
    await bus.publish('settings.changed', fact);
    await bus.drain();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith(fact);
    expect(await outbox()).toEqual([{ handler: 'test.once', attempts: 1, done: true }]);
    expect(await bus.retryDue()).toBe(0);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('retries a failing handler from the outbox job, and never runs it again once done', async () => {
    const bus = createEventBus(tdb.database.db, log, { backoffMs: () => 0 });
    let calls = 0;
    const done = vi.fn();
    bus.onAfterCommit('settings.changed', 'test.flaky', async () => {
      calls++;
      if (calls === 1) throw new Error('provider down');
      done();
    });
    bus.onAfterCommit('settings.changed', 'test.fine', async () => {});
    await bus.publish('settings.changed', fact);
    await bus.drain();
    expect(calls).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ handler: 'test.flaky', err: 'provider down' }), expect.any(String));
    expect(await outbox()).toEqual([
      { handler: 'test.flaky', attempts: 1, done: false },
      { handler: 'test.fine', attempts: 1, done: true },
    ]);
    // The outbox job: only the undone handler runs again.
    expect(await bus.retryDue()).toBe(1);
    expect(done).toHaveBeenCalledTimes(1);
    expect(await bus.retryDue()).toBe(0);
    expect(calls).toBe(2);
    expect((await outbox()).every((r) => r.done)).toBe(true);
  });

  it('two instances (two buses on one database) run an outbox row once', async () => {
    const runs = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    // A crashed publisher: the row is committed, its in-process dispatch never ran (claimed by nobody).
    const crashed = createEventBus(tdb.database.db, log);
    crashed.onAfterCommit('settings.changed', 'test.shared', async () => {});
    await crashed.publish('settings.changed', fact);
    await crashed.drain();
    await tdb.database.query('update domain_outbox set done_time = null, attempts = 0, claimed_until = null, next_try_time = now()');

    const a = createEventBus(tdb.database.db, log);
    const b = createEventBus(tdb.database.db, log);
    a.onAfterCommit('settings.changed', 'test.shared', runs);
    b.onAfterCommit('settings.changed', 'test.shared', runs);
    const [ranA, ranB] = await Promise.all([a.retryDue(), b.retryDue()]);
    expect(ranA + ranB).toBe(1);
    expect(runs).toHaveBeenCalledTimes(1);
    expect(await Promise.all([a.retryDue(), b.retryDue()])).toEqual([0, 0]);
    expect(await outbox()).toEqual([{ handler: 'test.shared', attempts: 1, done: true }]);
  });

  it('publishes nothing without a subscriber, and refuses one handler id subscribed twice', async () => {
    const bus = createEventBus(tdb.database.db, log);
    await bus.publish('invoice.issued', { orderNo: 'X', invoiceNo: '1', by: null });
    expect(await outbox()).toEqual([]);
    bus.onAfterCommit('invoice.issued', 'test.twice', async () => {});
    expect(() => bus.onAfterCommit('invoice.issued', 'test.twice', async () => {})).toThrow(/twice/);
  });
});
