import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const CUSTOMS_EXPIRY = 'customs.expire';

/**
 * Ends customs messages left queued by a watcher that could not end them (a restart, the database away):
 * every 60 s, once across instances (docs/decisions.md, customs scans).
 */
export function customsExpiryJob(customs: { expireStale(): Promise<number> }, log: SchedulerLog, everyMs = 60_000): Job {
  return {
    name: CUSTOMS_EXPIRY,
    everyMs,
    async run() {
      const ended = await customs.expireStale();
      if (ended) log.warn({ job: CUSTOMS_EXPIRY, ended }, 'queued customs messages ended as RESPONSE_TIMEOUT');
    },
  };
}
