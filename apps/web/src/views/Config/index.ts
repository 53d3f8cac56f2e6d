import { type SettingsForm, senderMail } from '@smartport/contract';
import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** A settings form's page: the contract entry rendered by the one SettingsForm. */
const settingsFormPage = (form: SettingsForm) =>
  lazy(() => import('../../features/settings/SettingsFormPage').then((m) => ({ default: m.settingsFormPage(form) })));

/** Screens of the Config view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  notify_config: lazy(() => import('../../features/settings/NotifyConfigPage')),
  pay_partner_config: lazy(() => import('../../features/settings/PayPartnerConfigPage')),
  mail_config: settingsFormPage(senderMail),
  payment_followups: lazy(() => import('../../features/payments/PaymentFollowupsPage')),
};
