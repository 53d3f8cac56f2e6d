import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const REPORT_MAIL = 'mail.report';

/**
 * The report mail (spec 03 §2.4 'Mail báo cáo'): every minute, the report of the cycle that ended at the latest send
 * time (start + k·cycle) goes out if it has not yet; once across instances (the scheduler's lock, the period's row).
 */
export function reportMailJob(
  report: { runDue(): Promise<{ sent: boolean; period?: { from: Date; to: Date }; error?: string }> },
  log: SchedulerLog,
  everyMs = 60_000,
): Job {
  return {
    name: REPORT_MAIL,
    everyMs,
    async run() {
      const r = await report.runDue();
      if (r.sent) log.info({ job: REPORT_MAIL, period: r.period }, 'report mail sent');
      if (r.error) log.warn({ job: REPORT_MAIL, period: r.period, error: r.error }, 'report mail not sent');
    },
  };
}
