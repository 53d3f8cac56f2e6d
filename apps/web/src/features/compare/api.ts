import type { CallInput, CompareRowResult, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { callApi } from '../../lib/api-client';

type Batch = CallInput<typeof calls.compare.checkContaierData>['data'];

/**
 * Checks one batch against the port's records, for the comparison's batch runner (CompareRunner.ts: an imperative
 * runner with several batches in flight, a stop button and per-batch failures, not a query). Rows go as imported;
 * the server checks each (the screen has checked them first: compare-rows.ts). A refused or empty answer fails the batch with the server's message (or `fallback`).
 */
export async function checkContainerBatch(
  batch: readonly Record<string, unknown>[],
  signal: AbortSignal,
  fallback: string,
  /** One of the user's terminals; '' for all of them. */
  terminal = '',
): Promise<CompareRowResult[]> {
  const reply = await callApi(
    clientCalls.compare.checkContaierData,
    { data: batch as Batch, ...(terminal ? { TerminalCode: terminal } : {}) },
    { signal },
  );
  if (!reply.success || !reply.data) throw new Error(reply.message || fallback);
  return reply.data;
}
