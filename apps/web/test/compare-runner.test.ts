import type { CompareRowResult } from '@smartport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CompareValues, runComparison } from '../src/features/compare/CompareRunner';

const rows = (n: number): CompareValues[] => Array.from({ length: n }, (_, i) => ({ ContainerNo: `C${i}` }));

/** A server stand-in: even rows match, rows divisible by 3 are unknown, the rest differ. */
const answer = (batch: CompareValues[]): CompareRowResult[] =>
  batch.map((r) => {
    const i = Number(String(r.ContainerNo).slice(1));
    const CompareStatus = i % 3 === 0 ? 'NONE' : i % 2 === 0 ? 'OK' : 'ERROR';
    return { ...(r as { ContainerNo: string }), CompareStatus, DiffFields: [], loaded: null } as unknown as CompareRowResult;
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('runComparison (spec 03 §4: batches of 70, the first after 300 ms, a failed batch skipped)', () => {
  it('sends batches of at most 70 rows, several in flight, and counts the three statuses', async () => {
    const sizes: number[] = [];
    let inFlight = 0;
    let most = 0;
    const progressCalls: number[] = [];
    const { progress, failures } = await runComparison(rows(1000), {
      firstDelayMs: 0,
      check: async (batch) => {
        sizes.push(batch.length);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        return answer(batch);
      },
      onProgress: (p) => progressCalls.push(p.done),
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.max(...sizes)).toBe(70);
    expect(sizes).toHaveLength(Math.ceil(1000 / 70));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    expect(progressCalls).toHaveLength(sizes.length);
    expect(progress).toMatchObject({ total: 1000, done: 1000, skipped: 0, NONE: 334, OK: 333, ERROR: 333 });
    expect(failures).toEqual([]);
  });

  it('skips a failed batch, reports its rows, and checks the others', async () => {
    let call = 0;
    const failed: [number, number][] = [];
    const answered: number[] = [];
    const { progress, failures } = await runComparison(rows(300), {
      firstDelayMs: 0,
      inFlight: 1,
      check: async (batch) => {
        if (++call === 2) throw new Error('Mất kết nối');
        return answer(batch);
      },
      onBatch: (start) => answered.push(start),
      onBatchFailed: (start, count) => failed.push([start, count]),
    });
    expect(failed).toEqual([[70, 70]]);
    expect(answered).toEqual([0, 140, 210, 280]);
    expect(failures).toEqual([{ from: 71, to: 140, message: 'Mất kết nối' }]);
    expect(progress).toMatchObject({ done: 300, skipped: 70 });
    expect(progress.OK + progress.ERROR + progress.NONE).toBe(230);
  });

  it('waits 300 ms before the first batch', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async (batch: CompareValues[]) => answer(batch));
    const run = runComparison(rows(10), { check });
    await vi.advanceTimersByTimeAsync(299);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('starts no new batch once stopped', async () => {
    const stop = new AbortController();
    let calls = 0;
    const { stopped, progress } = await runComparison(rows(700), {
      firstDelayMs: 0,
      inFlight: 1,
      signal: stop.signal,
      check: async (batch) => {
        if (++calls === 3) stop.abort();
        return answer(batch);
      },
    });
    expect(stopped).toBe(true);
    expect(calls).toBe(3);
    expect(progress.done).toBeLessThan(700);
  });
});
