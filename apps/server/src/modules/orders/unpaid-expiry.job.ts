import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const UNPAID_EXPIRY = 'orders.expire-unpaid';

/**
 * Marks unpaid orders past their expiry as expired, once across instances, every minute: the change of the order row
 * is what takes them out of the statistics (their rollups are kept by the orders' triggers).
 */
export function unpaidExpiryJob(orders: { expireUnpaid(): Promise<number> }, log: SchedulerLog, everyMs = 60_000): Job {
  return {
    name: UNPAID_EXPIRY,
    everyMs,
    async run() {
      const expired = await orders.expireUnpaid();
      if (expired) log.info({ job: UNPAID_EXPIRY, expired }, 'unpaid orders past their expiry marked expired');
    },
  };
}
