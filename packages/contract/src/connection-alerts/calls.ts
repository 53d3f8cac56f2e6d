import { callsOf } from '../settings-form/settings-form';
import { alertMail } from './alert-mail';

/** `calls.connectionAlerts`: the alert mail form's calls. */
export const connectionAlertsCalls = callsOf([alertMail]);
