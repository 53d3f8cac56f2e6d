import {
  alertMail,
  contactGrid,
  contractTariffGrid,
  mailOrderGrid,
  mailQueueGrid,
  mainConfig,
  payPartnerGrid,
  questionGrid,
  reeferConfigGrid,
  type SettingsForm,
  senderMail,
  sizeTypeGrid,
  standardTariffGrid,
  tariffSurchargeGrid,
  versionGrid,
} from '@smartport/contract';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** A settings form's page: the contract entry rendered by the one SettingsForm. */
const settingsFormPage = (form: SettingsForm) =>
  preloadedLazy(() => import('../../components/settings-form/SettingsFormPage').then((m) => ({ default: m.settingsFormPage(form) })));

/** Screens of the Config view group; each issue that builds one adds it here (a grid entry: `gridPage(entry)`). */
export const pages: ViewPages = {
  notify_config: preloadedLazy(() => import('../../features/notices/NotifyConfigPage')),
  pay_partner_config: gridPage(payPartnerGrid),
  mail_config: settingsFormPage(senderMail),
  report_mail_config: preloadedLazy(() => import('../../features/mail/ReportMailPage')),
  alert_mail_config: settingsFormPage(alertMail),
  main_config: settingsFormPage(mainConfig),
  size_type: gridPage(sizeTypeGrid),
  mapping_job_mode: preloadedLazy(() => import('../../features/tos-mappings/MappingPage')),
  question_config: gridPage(questionGrid),
  mail_order_config: gridPage(mailOrderGrid),
  mail_queue: gridPage(mailQueueGrid),
  version_config: gridPage(versionGrid),
  contact_config: gridPage(contactGrid),
  attach_config: preloadedLazy(() => import('../../features/attach-config/AttachConfigPage')),
  free_day: preloadedLazy(() => import('../../features/storage-rules/FreeDayPage')),
  reffer_config: gridPage(reeferConfigGrid),
  StandardTariff: gridPage(standardTariffGrid),
  ContractTariff: gridPage(contractTariffGrid),
  tariff_surcharge: gridPage(tariffSurchargeGrid),
  payment_followups: preloadedLazy(() => import('../../features/payments/PaymentFollowupsPage')),
  approval_config: preloadedLazy(() => import('../../features/approval/ApprovalConfigPage')),
};
