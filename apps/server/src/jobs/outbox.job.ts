import type { Job, SchedulerLog } from './scheduler';

export const DOMAIN_OUTBOX = 'events.outbox';

/**
 * Domain events whose after-commit handlers did not finish (a crash after the commit, a failing handler whose backoff
 * is over): run again, each handler once per event (events/event-bus.ts), every 10 s under the scheduler's lock.
 */
export function outboxJob(outbox: { retryDue(): Promise<number> }, log: SchedulerLog, everyMs = 10_000): Job {
  return {
    name: DOMAIN_OUTBOX,
    everyMs,
    async run() {
      const ran = await outbox.retryDue();
      if (ran) log.info({ job: DOMAIN_OUTBOX, ran }, 'domain events retried');
    },
  };
}
