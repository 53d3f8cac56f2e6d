import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Attempt, type JobLock, lockKeyOf } from '../../src/jobs/job-lock';
import { createScheduler } from '../../src/jobs/scheduler';
import { paymentReconciliationJob } from '../../src/modules/payments/payment-reconciliation.job';

/** The lock's rules in memory (the real one is tested on PGlite and PostgreSQL): one holder, one run per tick. */
function memoryLock(): JobLock & { claims: Map<string, number> } {
  const claims = new Map<string, number>();
  const held = new Set<string>();
  return {
    claims,
    async attempt(name, tick, run): Promise<Attempt> {
      if (held.has(name)) return { outcome: 'busy' };
      held.add(name);
      try {
        if ((claims.get(name) ?? -1) >= tick) return { outcome: 'done' };
        claims.set(name, tick);
        try {
          await run();
          return { outcome: 'ran' };
        } catch (error) {
          return { outcome: 'failed', error: error as Error };
        }
      } finally {
        held.delete(name);
      }
    },
  };
}

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler', () => {
  it('fires each job every period from start, with the tick of the time it fires', async () => {
    const scheduler = createScheduler({ lock: memoryLock(), log: quietLog() });
    const ticks: number[] = [];
    scheduler.add({ name: 'j', everyMs: 1000, run: async () => void ticks.push(Math.floor(Date.now() / 1000)) });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(ticks).toEqual([]);
    await vi.advanceTimersByTimeAsync(4001);
    const first = Math.floor(Date.parse('2026-11-20T08:00:01.000Z') / 1000);
    expect(ticks).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
    expect(scheduler.stats('j').ran).toEqual(ticks);
    await scheduler.stop();
  });

  it('runs each tick once across two instances sharing the lock, whatever their offsets', async () => {
    const lock = memoryLock();
    const runs: string[] = [];
    const a = createScheduler({ lock, log: quietLog() });
    const b = createScheduler({ lock, log: quietLog() });
    a.add({ name: 'j', everyMs: 1000, run: async () => void runs.push(`a${Math.floor(Date.now() / 1000)}`) });
    b.add({ name: 'j', everyMs: 1000, run: async () => void runs.push(`b${Math.floor(Date.now() / 1000)}`) });
    a.start();
    await vi.advanceTimersByTimeAsync(300);
    b.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const ticks = runs.map((r) => r.slice(1));
    expect(ticks.length).toBe(10);
    expect(new Set(ticks).size).toBe(10);
    expect(a.stats('j').ran.length + b.stats('j').ran.length).toBe(10);
    expect(b.stats('j').done).toBeGreaterThan(0);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('skips a firing while its own previous run is still going', async () => {
    const scheduler = createScheduler({ lock: memoryLock(), log: quietLog() });
    let running = 0;
    let most = 0;
    let runs = 0;
    scheduler.add({
      name: 'slow',
      everyMs: 100,
      async run() {
        runs++;
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 250));
        running--;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(4);
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopping;
  });

  it('logs a failed run with the job name and keeps going', async () => {
    const log = quietLog();
    const scheduler = createScheduler({ lock: memoryLock(), log });
    let n = 0;
    scheduler.add({
      name: 'flaky',
      everyMs: 100,
      run: async () => {
        if (++n === 1) throw new Error('boom');
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(n).toBe(3);
    expect(scheduler.stats('flaky')).toMatchObject({ failed: 1 });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky', err: 'boom' }), 'job failed');
    await scheduler.stop();
  });

  it('logs an unreachable database and tries again at the next tick', async () => {
    const log = quietLog();
    const real = memoryLock();
    let down = true;
    const lock: JobLock = {
      attempt: (name, tick, run) => (down ? Promise.reject(new Error('ECONNREFUSED')) : real.attempt(name, tick, run)),
    };
    const scheduler = createScheduler({ lock, log });
    let runs = 0;
    scheduler.add({ name: 'j', everyMs: 100, run: async () => void runs++ });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'j', err: 'ECONNREFUSED' }), 'job not run');
    down = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    await scheduler.stop();
  });

  it('on stop: no more firings, the signal aborts, and stop waits for the run in progress', async () => {
    const scheduler = createScheduler({ lock: memoryLock(), log: quietLog() });
    let runs = 0;
    let finished = false;
    let signal: AbortSignal | null = null;
    scheduler.add({
      name: 'j',
      everyMs: 100,
      async run(s) {
        runs++;
        signal = s;
        await new Promise((r) => setTimeout(r, 500));
        finished = true;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(150);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(400);
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
  });

  it('schedules a job added after start, refuses a second job of the same name and a bad period', async () => {
    const scheduler = createScheduler({ lock: memoryLock(), log: quietLog() });
    scheduler.start();
    let runs = 0;
    scheduler.add({ name: 'late', everyMs: 100, run: async () => void runs++ });
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(2);
    expect(() => scheduler.add({ name: 'late', everyMs: 100, run: async () => {} })).toThrow('already scheduled');
    expect(() => scheduler.add({ name: 'bad', everyMs: 0, run: async () => {} })).toThrow('positive integer');
    expect(scheduler.names()).toEqual(['late']);
    await scheduler.stop();
  });
});

describe('job lock keys', () => {
  it('are stable signed 32-bit numbers, different per name', () => {
    expect(lockKeyOf('payments.reconcile')).toBe(lockKeyOf('payments.reconcile'));
    expect(lockKeyOf('payments.reconcile')).not.toBe(lockKeyOf('invoices.retry'));
    for (const name of ['a', 'payments.reconcile', 'công việc']) {
      const k = lockKeyOf(name);
      expect(Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31).toBe(true);
    }
  });
});

describe('the payment reconciliation job', () => {
  it('asks the payment service to reconcile every 60 s by default, and logs only when it checked something', async () => {
    const log = quietLog();
    const reconcile = vi.fn().mockResolvedValueOnce({ checked: 0, applied: 0 }).mockResolvedValueOnce({ checked: 2, applied: 1 });
    const job = paymentReconciliationJob({ reconcile }, log);
    expect(job).toMatchObject({ name: 'payments.reconcile', everyMs: 60_000 });
    await job.run(new AbortController().signal, 1);
    expect(log.info).not.toHaveBeenCalled();
    await job.run(new AbortController().signal, 2);
    expect(reconcile).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledWith({ job: 'payments.reconcile', checked: 2, applied: 1 }, 'payment reconciliation');
  });
});
