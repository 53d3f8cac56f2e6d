import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Config view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  notify_config: lazy(() => import('../../features/settings/NotifyConfigPage')),
  pay_partner_config: lazy(() => import('../../features/settings/PayPartnerConfigPage')),
};
