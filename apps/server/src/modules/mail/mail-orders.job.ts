import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const MAIL_ORDERS = 'mail.orders';

/**
 * Mail of orders whose periodic (TCK) or daily (GHN) time came, and real-time ones not queued at once: into the mail
 * queue, which 'mail.queue' sends.
 */
export function mailOrdersJob(
  mailOrders: { queueDue(): Promise<{ mails: number; orders: number }> },
  log: SchedulerLog,
  everyMs = 60_000,
): Job {
  return {
    name: MAIL_ORDERS,
    everyMs,
    async run() {
      const r = await mailOrders.queueDue();
      if (r.mails) log.info({ job: MAIL_ORDERS, ...r }, 'order mails queued');
    },
  };
}
