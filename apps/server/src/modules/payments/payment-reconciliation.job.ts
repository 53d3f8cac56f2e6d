import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const PAYMENT_RECONCILIATION = 'payments.reconcile';

/**
 * Asks the payment partners about attempts left pending (a lost notice, a closed tab) and applies
 * what they say (docs/decisions.md, online payment): every 60 s, once across all instances.
 */
export function paymentReconciliationJob(
  payments: { reconcile(): Promise<{ checked: number; applied: number }> },
  log: SchedulerLog,
  everyMs = 60_000,
  /**
   * After each run: how many payments the partner had taken but never told the portal about (its notices are not
   * arriving: alert mail mb2smp; 0 ends such an outage).
   */
  onUnnotified?: (applied: number) => void,
): Job {
  return {
    name: PAYMENT_RECONCILIATION,
    everyMs,
    async run() {
      const r = await payments.reconcile();
      if (r.checked) log.info({ job: PAYMENT_RECONCILIATION, ...r }, 'payment reconciliation');
      onUnnotified?.(r.applied);
    },
  };
}
