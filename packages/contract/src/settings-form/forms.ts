import { alertMail } from '../connection-alerts/alert-mail';
import { reportMail } from '../mail/report-mail';
import { senderMail } from '../mail/sender-mail';
import { mainConfig } from '../site-config/main-config';

/**
 * Every one-record settings form outside admin. Each lives in the module that owns it and its calls join that module's
 * `calls.<module>`; the server answers them with the one settings-form service, the web renders each with
 * `SettingsForm` (one line in views/Config). A new settings screen is one entry in its module and one item here.
 */
export const settingsForms = [senderMail, reportMail, alertMail, mainConfig] as const;
