import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the CRM view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  Dashboard: lazy(() => import('../../features/stats/Dashboard')),
  CustomerReport: lazy(() => import('../../features/stats/CustomerReport')),
  UserReport: lazy(() => import('../../features/stats/UserReport')),
};
