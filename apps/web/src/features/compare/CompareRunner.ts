import { COMPARE_BATCH_SIZE, type CompareRowResult, type CompareStatus } from '@smartport/contract';

/** Spec 03 §4, §9: the first batch goes after 300 ms. */
export const FIRST_BATCH_DELAY_MS = 300;
/** Batches in flight at once (DESIGN.md §8: back to back, several in flight). */
export const BATCHES_IN_FLIGHT = 4;

export type CompareValues = Record<string, unknown>;

/** The three counters of the progress dialog, plus what is done and what was skipped. */
export interface CompareProgress {
  total: number;
  done: number;
  OK: number;
  ERROR: number;
  NONE: number;
  /** Rows of batches that failed and were skipped. */
  skipped: number;
}

export interface FailedBatch {
  /** 1-based row numbers of the batch in the imported list. */
  from: number;
  to: number;
  message: string;
}

export interface CompareRunOptions {
  /** One call for one batch; resolves with the batch's rows in the order sent. */
  check: (batch: CompareValues[], signal: AbortSignal) => Promise<CompareRowResult[]>;
  /** A batch answered: `start` is the index of its first row. */
  onBatch?: (start: number, results: readonly CompareRowResult[]) => void;
  /** A batch failed and was skipped; the others go on. */
  onBatchFailed?: (start: number, count: number, failure: FailedBatch) => void;
  /** The counters changed (called once per batch, never per row). */
  onProgress?: (progress: CompareProgress) => void;
  signal?: AbortSignal;
  batchSize?: number;
  inFlight?: number;
  firstDelayMs?: number;
}

export const emptyProgress = (total: number): CompareProgress => ({ total, done: 0, OK: 0, ERROR: 0, NONE: 0, skipped: 0 });

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (!ms) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * Checks the rows in batches of 70 (spec 03 §4): the first after 300 ms, then back to back with a
 * few in flight. A failed batch is skipped and reported; the rest go on. Stops starting new batches
 * when `signal` aborts.
 */
export async function runComparison(rows: readonly CompareValues[], opts: CompareRunOptions) {
  const size = opts.batchSize ?? COMPARE_BATCH_SIZE;
  const progress = emptyProgress(rows.length);
  const failures: FailedBatch[] = [];
  const controller = new AbortController();
  const stop = () => controller.abort();
  opts.signal?.addEventListener('abort', stop);
  let next = 0;

  const worker = async () => {
    while (next < rows.length && !controller.signal.aborted) {
      const start = next;
      next += size;
      const batch = rows.slice(start, start + size);
      try {
        const results = await opts.check(batch as CompareValues[], controller.signal);
        if (results.length !== batch.length) throw new Error(`Máy chủ trả về ${results.length}/${batch.length} dòng`);
        for (const r of results) progress[r.CompareStatus as CompareStatus]++;
        opts.onBatch?.(start, results);
      } catch (e) {
        if (controller.signal.aborted) return;
        const failure = { from: start + 1, to: start + batch.length, message: errorText(e) };
        failures.push(failure);
        progress.skipped += batch.length;
        opts.onBatchFailed?.(start, batch.length, failure);
      }
      progress.done += batch.length;
      opts.onProgress?.({ ...progress });
    }
  };

  try {
    await wait(opts.firstDelayMs ?? FIRST_BATCH_DELAY_MS, controller.signal);
    await Promise.all(Array.from({ length: Math.max(1, opts.inFlight ?? BATCHES_IN_FLIGHT) }, worker));
  } finally {
    opts.signal?.removeEventListener('abort', stop);
  }
  failures.sort((a, b) => a.from - b.from);
  return { progress, failures, stopped: controller.signal.aborted };
}
