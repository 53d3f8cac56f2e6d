import { alertMail } from './alert-mail';
import { mainConfig } from './main-config';
import { reportMail } from './report-mail';
import { senderMail } from './sender-mail';
import { callsOf } from './settings-form';

/**
 * Every one-record settings form. Its calls join `calls.settings`, the server answers them with
 * the one settings service, the web renders each with `SettingsForm` (one line in views/Config).
 * A new settings screen is one entry here.
 */
export const settingsForms = [senderMail, reportMail, alertMail, mainConfig] as const;

export const settingsFormCalls = callsOf(settingsForms);
