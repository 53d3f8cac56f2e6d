import { mailGrids, reportMail, senderMail } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import { settingsFormHandlers } from '../../settings-form/settings-form.routes';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import type { ReportMailService } from './report-mail.service';

/** The mail-order grid's calls come from its entry, the sender and report mail forms' from theirs; send-now is its own. */
export function mailHandlers(
  grid: GridService,
  forms: SettingsFormService,
  reportMailService: Pick<ReportMailService, 'sendNow'>,
): ModuleHandlers<'mail'> {
  return {
    ...gridHandlers(mailGrids, grid),
    ...settingsFormHandlers('mail', forms, [senderMail, reportMail]),
    mailReportSendNow: (input) => reportMailService.sendNow(input),
  };
}
