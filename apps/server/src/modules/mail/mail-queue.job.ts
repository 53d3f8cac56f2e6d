import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const MAIL_QUEUE = 'mail.queue';

/** Sends the queued mails whose time came (new ones, and refused ones whose backoff is over), under the scheduler's lock. */
export function mailQueueJob(
  queue: { sendDue(signal?: AbortSignal): Promise<{ sent: number; failed: number }> },
  log: SchedulerLog,
  everyMs = 10_000,
): Job {
  return {
    name: MAIL_QUEUE,
    everyMs,
    async run(signal) {
      const r = await queue.sendDue(signal);
      if (r.sent || r.failed) log.info({ job: MAIL_QUEUE, ...r }, 'queued mails sent');
    },
  };
}
