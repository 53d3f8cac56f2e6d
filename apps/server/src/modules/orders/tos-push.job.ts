import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const TOS_PUSH = 'orders.tos-push';

/** Sends approved orders to the TOS (pending, or failed whose backoff is over), once across instances, every 30 s. */
export function tosPushJob(
  delivery: { pushDue(): Promise<{ sent: number; refused: number; failed: number }> },
  log: SchedulerLog,
  everyMs = 30_000,
): Job {
  return {
    name: TOS_PUSH,
    everyMs,
    async run() {
      const r = await delivery.pushDue();
      if (r.sent || r.refused || r.failed) log.info({ job: TOS_PUSH, ...r }, 'approved orders sent to the TOS');
    },
  };
}
