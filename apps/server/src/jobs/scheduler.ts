import type { Attempt, JobLock } from './job-lock';

/**
 * A job: something the portal does by itself every `everyMs`, once per period across all instances
 * (ticks are periods of wall-clock time: tick = floor(time / everyMs), so every instance must use the
 * same period for a job). `run` gets a signal that aborts when the portal closes; a long run should
 * stop at a safe point then.
 */
export interface Job {
  name: string;
  everyMs: number;
  /** `tick` is the period this run was claimed for (floor(time / everyMs) when the scheduler fired). */
  run(signal: AbortSignal, tick: number): Promise<unknown>;
}

export interface SchedulerLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

export interface SchedulerDeps {
  lock: JobLock;
  log: SchedulerLog;
  now?: () => number;
}

/** What this instance did with each job (tests, diagnostics). */
export interface JobStats {
  /** Ticks this instance ran (failed runs included). */
  ran: number[];
  failed: number;
  /** Attempts skipped because another instance held the job's lock. */
  busy: number;
  /** Attempts skipped because the tick had already run. */
  done: number;
}

/**
 * One scheduler per portal instance. Each job fires every `everyMs` from `start()` (a steady cadence,
 * so every instance attempts every tick), and each attempt goes through the `JobLock`, which lets one
 * instance run a tick and refuses the rest. An attempt still in progress makes this instance skip
 * the next firing instead of piling up. `stop()` cancels the timers, aborts the signal and waits for
 * runs in progress, so the database can be closed after it.
 */
export function createScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? Date.now;
  const jobs = new Map<string, Job>();
  const stats = new Map<string, JobStats>();
  const timers = new Map<string, ReturnType<typeof setInterval>>();
  const inFlight = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let started = false;
  let stopped = false;

  async function fire(job: Job) {
    if (stopped || inFlight.has(job.name)) return;
    const tick = Math.floor(now() / job.everyMs);
    const s = stats.get(job.name) as JobStats;
    const attempt = (async () => {
      let result: Attempt;
      try {
        result = await deps.lock.attempt(job.name, tick, async () => {
          await job.run(abort.signal, tick);
        });
      } catch (err) {
        // The database is unreachable or the lock failed: nothing ran; the next tick tries again.
        deps.log.warn({ job: job.name, tick, err: (err as Error).message }, 'job not run');
        return;
      }
      if (result.outcome === 'ran' || result.outcome === 'failed') s.ran.push(tick);
      if (result.outcome === 'failed') {
        s.failed++;
        deps.log.warn({ job: job.name, tick, err: result.error.message }, 'job failed');
      } else if (result.outcome === 'busy') s.busy++;
      else if (result.outcome === 'done') s.done++;
    })();
    inFlight.set(job.name, attempt);
    try {
      await attempt;
    } finally {
      inFlight.delete(job.name);
    }
  }

  function schedule(job: Job) {
    const timer = setInterval(() => void fire(job), job.everyMs);
    // Jobs never keep the process alive on their own.
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job: Job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
      if (!Number.isInteger(job.everyMs) || job.everyMs < 1) throw new Error(`job ${job.name}: everyMs must be a positive integer`);
      jobs.set(job.name, job);
      stats.set(job.name, { ran: [], failed: 0, busy: 0, done: 0 });
      if (started && !stopped) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job);
    },
    /** Runs one attempt of `name` now, through the lock like a timer would (tests, an operator's "run now"). */
    runNow(name: string): Promise<void> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return fire(job);
    },
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
      abort.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
    names: () => [...jobs.keys()],
    stats(name: string): JobStats {
      const s = stats.get(name);
      if (!s) throw new Error(`no job ${name}`);
      return { ...s, ran: [...s.ran] };
    },
  };
}
