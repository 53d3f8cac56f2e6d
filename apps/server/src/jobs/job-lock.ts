import { hostname } from 'node:os';
import type { Database } from '../db/client';

/** What became of one instance's attempt at one tick of a job. */
export type Attempt =
  | { outcome: 'ran' }
  | { outcome: 'failed'; error: Error }
  /** Another instance is running this job right now (its lock is held). */
  | { outcome: 'busy' }
  /** This tick already ran (another instance, or this one, claimed it first). */
  | { outcome: 'done' };

/** The port the scheduler runs jobs through: at most one run per job and tick across every instance. */
export interface JobLock {
  attempt(name: string, tick: number, run: () => Promise<void>): Promise<Attempt>;
}

/** Advisory-lock key space of the portal's jobs (the first of the two int4 keys). */
const LOCK_SPACE = 0x534d_5031; // 'SMP1'

/** A stable 32-bit key per job name (FNV-1a), the second int4 key of its advisory lock. */
export function lockKeyOf(name: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) h = Math.imul(h ^ byte, 0x01000193);
  return h | 0;
}

/**
 * PGlite is one session, and a session may take its own advisory lock again: portals sharing one
 * PGlite (one process: tests, a second app on the same embedded database) exclude each other here.
 */
const runningHere = new WeakMap<Database, Set<string>>();

/**
 * The runs of one instance take turns for their lock session: a run holds a pooled connection for its session lock
 * while its work asks the same pool for more, so runs side by side (a dozen jobs share a tick) could hold every
 * connection and each wait for one more, for ever. One session at a time leaves the rest of the pool to the work
 * and to requests.
 */
const sessionTurns = new WeakMap<Database, { tail: Promise<unknown> }>();
function inTurn<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const turns = sessionTurns.get(database) ?? { tail: Promise.resolve() };
  sessionTurns.set(database, turns);
  const run = turns.tail.then(fn, fn);
  turns.tail = run.catch(() => undefined);
  return run;
}

/**
 * Jobs under a PostgreSQL advisory lock, on PostgreSQL and on PGlite:
 *  1. on one dedicated connection (`database.session`), `pg_try_advisory_lock` for the job: held →
 *     another instance is running it, skip (no overlapping runs, even of a run longer than a tick);
 *  2. claim the tick in `scheduled_jobs` with one conditional upsert (`last_tick < tick`): refused →
 *     this tick already ran, skip. The claim is what makes "once per tick" hold: a fast run that has
 *     already released its lock cannot be repeated by an instance whose timer fires later;
 *  3. run, record the outcome, and release the lock on the same connection (a session lock belongs to
 *     its connection: released anywhere else it would stay held, and the next run would never come).
 * If that connection breaks, PostgreSQL drops the lock with it, and the session is not pooled again.
 * Behind PgBouncer in transaction mode a session lock is unreliable; the claim alone still keeps
 * each tick to one run, only overlap protection is lost (docs: connect the portal directly or in
 * session mode).
 */
export function createPgJobLock(database: Database, instance = `${hostname()}:${process.pid}`): JobLock {
  // PostgreSQL sessions exclude each other; PGlite's one session does not, so its portals check here first.
  let running: Set<string> | null = null;
  if (database.kind === 'pglite') {
    running = runningHere.get(database) ?? new Set();
    runningHere.set(database, running);
  }

  return {
    async attempt(name, tick, run) {
      if (running?.has(name)) return { outcome: 'busy' };
      running?.add(name);
      try {
        return await inTurn(database, () =>
          database.session(async (q) => {
            const key = lockKeyOf(name);
            const [lock] = await q<{ locked: boolean }>('select pg_try_advisory_lock($1::int, $2::int) locked', [LOCK_SPACE, key]);
            if (!lock?.locked) return { outcome: 'busy' } as const;
            try {
              const claimed = await q(
                `insert into scheduled_jobs (name, last_tick, run_count, last_started, last_instance, last_error)
               values ($1, $2, 1, now(), $3, null)
               on conflict (name) do update
                 set last_tick = excluded.last_tick, run_count = scheduled_jobs.run_count + 1,
                     last_started = now(), last_instance = excluded.last_instance, last_error = null
               where scheduled_jobs.last_tick < excluded.last_tick
               returning 1`,
                [name, tick, instance],
              );
              if (!claimed.length) return { outcome: 'done' } as const;
              let error: Error | null = null;
              try {
                await run();
              } catch (err) {
                error = err instanceof Error ? err : new Error(String(err));
              }
              await q('update scheduled_jobs set last_finished = now(), last_error = $2 where name = $1', [
                name,
                error ? error.message.slice(0, 2000) : null,
              ]);
              return error ? ({ outcome: 'failed', error } as const) : ({ outcome: 'ran' } as const);
            } finally {
              await q('select pg_advisory_unlock($1::int, $2::int)', [LOCK_SPACE, key]);
            }
          }),
        );
      } finally {
        running?.delete(name);
      }
    },
  };
}
