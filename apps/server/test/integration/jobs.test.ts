import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { createPgJobLock, lockKeyOf } from '../../src/jobs/job-lock';
import { createScheduler, type Job } from '../../src/jobs/scheduler';
import { PAYMENT_RECONCILIATION } from '../../src/modules/payments/payment-reconciliation.job';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../helpers/test-app';

/**
 * Two portal instances on ONE database, as a scaled-out deployment runs them: each scheduled job
 * runs once per tick across both. On PostgreSQL the second instance has its own connection pool
 * (its own sessions, so the advisory lock is what keeps them apart); PGlite is one in-process
 * database, so both instances share it.
 */
let testDb: TestDatabase;
let secondPool: Database | null = null;
let a: TestApp;
let b: TestApp;
const RECONCILE_MS = 250;

beforeAll(async () => {
  testDb = await openTestDatabase();
  secondPool = testDb.url ? await openDatabase({ kind: 'postgres', url: testDb.url, poolSize: 5 }) : null;
  const jobs = { everyMs: { [PAYMENT_RECONCILIATION]: RECONCILE_MS } };
  a = await createTestApp({ database: testDb.database, jobs });
  b = await createTestApp({ database: secondPool ?? testDb.database, jobs });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondPool?.close();
  await testDb?.close();
});

const jobRow = async (name: string) =>
  (
    await testDb.database.query<{ last_tick: string; run_count: number; last_error: string | null; last_finished: Date | null }>(
      'select last_tick::text, run_count, last_error, last_finished from scheduled_jobs where name = $1',
      [name],
    )
  )[0];

/** The same job on both instances; `runs` records which instance ran which tick, and how many ran at once. */
function countingJob(name: string, everyMs: number, busyMs: number) {
  const runs: { instance: 'a' | 'b'; tick: number }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const make = (instance: 'a' | 'b'): Job => ({
    name,
    everyMs,
    // The tick the scheduler claimed (on a loaded machine the run may start in the next period).
    async run(_signal, tick) {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      runs.push({ instance, tick });
      try {
        await sleep(busyMs);
      } finally {
        running--;
      }
    },
  });
  return { runs, mostAtOnce: () => mostAtOnce, make };
}

describe('scheduled jobs with two instances on one database', () => {
  it('runs the payment reconciliation from the scheduler, once per tick across both instances', async () => {
    expect(a.portal.jobs.names()).toContain(PAYMENT_RECONCILIATION);
    await sleep(RECONCILE_MS * 8);
    const ranA = a.portal.jobs.stats(PAYMENT_RECONCILIATION);
    const ranB = b.portal.jobs.stats(PAYMENT_RECONCILIATION);
    const ticks = [...ranA.ran, ...ranB.ran];
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    // Both instances fired every tick; whichever came second was turned away.
    expect(ranA.busy + ranA.done + ranB.busy + ranB.done).toBeGreaterThan(0);
    expect(ranA.failed + ranB.failed).toBe(0);
    // Every run is counted in the database, and no other run happened there (the job goes on
    // meanwhile: bounds taken around the query, plus the one run that may be in progress).
    const row = await jobRow(PAYMENT_RECONCILIATION);
    const after = a.portal.jobs.stats(PAYMENT_RECONCILIATION).ran.length + b.portal.jobs.stats(PAYMENT_RECONCILIATION).ran.length;
    expect(row?.run_count).toBeGreaterThanOrEqual(ticks.length);
    expect(row?.run_count).toBeLessThanOrEqual(after + 1);
    expect(row?.last_error).toBeNull();
  });

  it('runs a job once per tick however many instances fire it (counted)', async () => {
    const job = countingJob('test.count', 200, 20);
    a.portal.jobs.add(job.make('a'));
    // Instances start at different moments: the second fires mid-tick, after the first's run ended.
    await sleep(100);
    b.portal.jobs.add(job.make('b'));
    await sleep(2_200);
    const ticks = job.runs.map((r) => r.tick);
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(new Set(ticks).size).toBe(ticks.length);
    // Each instance's count of its runs matches (once the run in progress, if any, is over).
    await vi.waitFor(() => {
      expect(a.portal.jobs.stats('test.count').ran.length + b.portal.jobs.stats('test.count').ran.length).toBe(job.runs.length);
    }, 2_000);
    const statsA = a.portal.jobs.stats('test.count');
    const statsB = b.portal.jobs.stats('test.count');
    expect(statsA.busy + statsA.done + statsB.busy + statsB.done).toBeGreaterThan(0);
    // The database counted the same runs (the jobs go on meanwhile: bounds taken around the query).
    const before = job.runs.length;
    const row = await jobRow('test.count');
    expect(row?.run_count).toBeGreaterThanOrEqual(before);
    expect(row?.run_count).toBeLessThanOrEqual(job.runs.length + 1);
  });

  it('never runs a job on two instances at once, even when a run outlasts its tick', async () => {
    const job = countingJob('test.slow', 150, 400);
    a.portal.jobs.add(job.make('a'));
    b.portal.jobs.add(job.make('b'));
    await sleep(1_800);
    expect(job.runs.length).toBeGreaterThanOrEqual(2);
    expect(job.mostAtOnce()).toBe(1);
    const ticks = job.runs.map((r) => r.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
    // The instance that did not hold the lock found it held at least once.
    expect(a.portal.jobs.stats('test.slow').busy + b.portal.jobs.stats('test.slow').busy).toBeGreaterThan(0);
  });

  it('records a failed run and runs the next tick', async () => {
    let calls = 0;
    const flaky: Job = {
      name: 'test.flaky',
      // Long enough to read the failure before the next run clears it.
      everyMs: 500,
      async run() {
        calls++;
        if (calls === 1) throw new Error('đối tác không trả lời');
      },
    };
    a.portal.jobs.add(flaky);
    await vi.waitFor(async () => expect((await jobRow('test.flaky'))?.last_error).toBe('đối tác không trả lời'), 3_000);
    await vi.waitFor(async () => {
      expect(calls).toBeGreaterThanOrEqual(2);
      expect((await jobRow('test.flaky'))?.last_error).toBeNull();
    }, 3_000);
    expect(a.portal.jobs.stats('test.flaky').failed).toBe(1);
  });
});

describe('the advisory lock is released after every run', () => {
  /** Sessions holding the job's advisory lock in this database (two-int4 form: classid, objid, objsubid 2). */
  const holders = async (name: string) =>
    (
      await testDb.database.query<{ n: number }>(
        `select count(*)::int n from pg_locks where locktype = 'advisory' and objsubid = 2 and objid = $1::bigint
           and database = (select oid from pg_database where datname = current_database())`,
        [lockKeyOf(name) >>> 0],
      )
    )[0]?.n;

  it('frees the lock on its own connection after a run, a failed run and a skipped tick', async () => {
    const log = { info: () => {}, warn: () => {} };
    const scheduler = createScheduler({ lock: createPgJobLock(testDb.database), log });
    let inside = -1;
    let fail = false;
    scheduler.add({
      name: 'test.release',
      everyMs: 60_000,
      async run() {
        inside = (await holders('test.release')) ?? -1;
        if (fail) throw new Error('hỏng');
      },
    });
    await scheduler.runNow('test.release');
    expect(inside).toBe(1);
    expect(await holders('test.release')).toBe(0);
    // The same tick again: already done, nothing runs, the lock is free again.
    inside = -1;
    await scheduler.runNow('test.release');
    expect(inside).toBe(-1);
    expect(scheduler.stats('test.release').done).toBe(1);
    expect(await holders('test.release')).toBe(0);
    await testDb.database.query(`update scheduled_jobs set last_tick = -1 where name = 'test.release'`);
    fail = true;
    await scheduler.runNow('test.release');
    expect(scheduler.stats('test.release').failed).toBe(1);
    expect(await holders('test.release')).toBe(0);
    await scheduler.stop();
  });
});

describe('jobs stop when the app closes', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ database: testDb.database });
  }, 60_000);

  it('lets the run in progress finish (its signal aborted) before close returns, then runs nothing more', async () => {
    let finished = false;
    let aborted = false;
    let runs = 0;
    c.portal.jobs.add({
      name: 'test.closing',
      everyMs: 100,
      async run(signal) {
        runs++;
        await sleep(300);
        aborted = signal.aborted;
        finished = true;
      },
    });
    while (runs === 0) await sleep(20);
    await c.close();
    expect(finished).toBe(true);
    expect(aborted).toBe(true);
    const after = runs;
    await sleep(400);
    expect(runs).toBe(after);
    const row = await jobRow('test.closing');
    expect(row?.last_finished).not.toBeNull();
  });
});
