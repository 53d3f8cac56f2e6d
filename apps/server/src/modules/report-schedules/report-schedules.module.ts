import type { Module, ModuleContext } from '../../kernel/module';
import type { MailQueueService } from '../mail/mail-queue.service';
import type { StatsService } from '../stats/stats.service';
import { reportSchedulesJob } from './report-schedules.job';
import { createReportSchedulesRepository } from './report-schedules.repository';
import { reportSchedulesHandlers } from './report-schedules.routes';
import { createReportSchedulesService } from './report-schedules.service';

/**
 * 'Lịch gửi báo cáo' (issue 27 item 7c): schedules of statistics reports, run by 'reportSchedules.run' under the
 * scheduler's lock; the report from the statistics service (stats), the workbook mailed through the mail queue (mail).
 */
export function reportSchedulesModule(ctx: ModuleContext, deps: { stats: StatsService; mailQueue: Pick<MailQueueService, 'queue'> }) {
  const reportSchedules = createReportSchedulesService({
    repo: createReportSchedulesRepository(ctx.database),
    stats: deps.stats,
    mailQueue: deps.mailQueue,
    log: ctx.log,
  });
  return {
    services: { reportSchedules },
    handlers: { reportSchedules: reportSchedulesHandlers(reportSchedules) },
    jobs: [reportSchedulesJob(reportSchedules, ctx.log)],
  } satisfies Module<unknown>;
}
