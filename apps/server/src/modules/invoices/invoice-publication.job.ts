import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const INVOICE_PUBLICATION = 'invoices.publish';

/**
 * Publishes the invoices of paid orders the server could not publish right after payment (the
 * provider down, the process stopped): the follow-ups whose backoff is over, once across instances.
 * Bounded: after `invoiceRetry.maxAttempts` a follow-up is left to staff (payment/followups).
 */
export function invoicePublicationJob(
  invoices: { retryDue(): Promise<{ tried: number; published: number }> },
  log: SchedulerLog,
  everyMs = 60_000,
): Job {
  return {
    name: INVOICE_PUBLICATION,
    everyMs,
    async run() {
      const r = await invoices.retryDue();
      if (r.tried) log.info({ job: INVOICE_PUBLICATION, ...r }, 'invoice publication retried');
    },
  };
}
