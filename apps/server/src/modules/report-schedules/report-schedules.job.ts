import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const REPORT_SCHEDULES = 'reportSchedules.run';

/** Every minute: the scheduled reports whose moment came, built and queued as mails ('mail.queue' sends them). */
export function reportSchedulesJob(
  schedules: { runDue(): Promise<{ queued: number; failed: number }> },
  log: SchedulerLog,
  everyMs = 60_000,
): Job {
  return {
    name: REPORT_SCHEDULES,
    everyMs,
    async run() {
      const r = await schedules.runDue();
      if (r.queued || r.failed) log.info({ job: REPORT_SCHEDULES, ...r }, 'scheduled reports run');
    },
  };
}
