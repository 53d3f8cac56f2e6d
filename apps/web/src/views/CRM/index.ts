import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the CRM view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  Dashboard: preloadedLazy(() => import('../../features/stats/Dashboard')),
  CustomerReport: preloadedLazy(() => import('../../features/stats/CustomerReport')),
  UserReport: preloadedLazy(() => import('../../features/stats/UserReport')),
  // Staff: any customer's loyalty points within their terminals (menu CRM_LOYALTY).
  Loyalty: preloadedLazy(() => import('../../features/loyalty/CustomerLoyaltyPage')),
  // Scheduled Excel exports of a statistics report, mailed (menu CRM_REPORT_SCHEDULE).
  ReportSchedules: preloadedLazy(() => import('../../features/report-schedules/ReportSchedulesPage')),
};
