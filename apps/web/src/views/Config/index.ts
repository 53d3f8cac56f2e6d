import { payPartnerGrid } from '@smartport/contract';
import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';

/** Screens of the Config view group; each issue that builds one adds it here (a grid entry: `gridPage(entry)`). */
export const pages: ViewPages = {
  notify_config: lazy(() => import('../../features/settings/NotifyConfigPage')),
  pay_partner_config: gridPage(payPartnerGrid),
};
