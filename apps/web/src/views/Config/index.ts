import { payPartnerGrid, type SettingsForm, senderMail } from '@smartport/contract';
import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';

/** A settings form's page: the contract entry rendered by the one SettingsForm. */
const settingsFormPage = (form: SettingsForm) =>
  lazy(() => import('../../features/settings/SettingsFormPage').then((m) => ({ default: m.settingsFormPage(form) })));

/** Screens of the Config view group; each issue that builds one adds it here (a grid entry: `gridPage(entry)`). */
export const pages: ViewPages = {
  notify_config: lazy(() => import('../../features/settings/NotifyConfigPage')),
  pay_partner_config: gridPage(payPartnerGrid),
  mail_config: settingsFormPage(senderMail),
  payment_followups: lazy(() => import('../../features/payments/PaymentFollowupsPage')),
};
