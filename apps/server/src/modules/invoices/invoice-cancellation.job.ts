import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const INVOICE_CANCELLATION = 'invoices.cancel-retry';

/** Retries the invoice cancellations the provider failed (bounded backoff), once across instances, every 60 s. */
export function invoiceCancellationJob(
  invoices: { retryCancellations(): Promise<{ tried: number; cancelled: number }> },
  log: SchedulerLog,
  everyMs = 60_000,
): Job {
  return {
    name: INVOICE_CANCELLATION,
    everyMs,
    async run() {
      const r = await invoices.retryCancellations();
      if (r.tried) log.info({ job: INVOICE_CANCELLATION, ...r }, 'invoice cancellations retried');
    },
  };
}
