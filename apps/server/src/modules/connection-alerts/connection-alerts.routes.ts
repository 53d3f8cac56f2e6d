import { alertMail } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import { settingsFormHandlers } from '../../settings-form/settings-form.routes';
import type { SettingsFormService } from '../../settings-form/settings-form.service';

/** The alert mail form's calls, derived from the form. */
export function connectionAlertsHandlers(forms: SettingsFormService): ModuleHandlers<'connectionAlerts'> {
  return settingsFormHandlers('connectionAlerts', forms, [alertMail]);
}
