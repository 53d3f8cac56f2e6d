import { mailGrids, reportMail, senderMail } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import { settingsFormHandlers } from '../../settings-form/settings-form.routes';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import type { MailQueueService } from './mail-queue.service';
import type { ReportMailService } from './report-mail.service';

/**
 * The mail-order grid's calls come from its entry, the sender and report mail forms' from theirs; send-now is its own;
 * the mail record lists newest first from the queue (the grid mechanism lists in key order).
 */
export function mailHandlers(
  grid: GridService,
  forms: SettingsFormService,
  reportMailService: Pick<ReportMailService, 'sendNow'>,
  mailQueue: Pick<MailQueueService, 'list'>,
): ModuleHandlers<'mail'> {
  return {
    ...gridHandlers(mailGrids, grid, { getMailQueue: () => mailQueue.list() }),
    ...settingsFormHandlers('mail', forms, [senderMail, reportMail]),
    mailReportSendNow: (input) => reportMailService.sendNow(input),
  };
}
