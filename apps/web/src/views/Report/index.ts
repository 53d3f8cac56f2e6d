import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Report view group (spec 02 §2.6–2.7): the statistics reports of the CRM menu. */
export const pages: ViewPages = {
  Approval: preloadedLazy(() => import('../../features/stats/approval/ApprovalReport').then((m) => ({ default: m.ApprovalReport }))),
  MBSummary: preloadedLazy(() => import('../../features/stats/mb-summary/MbSummaryReport').then((m) => ({ default: m.MbSummaryReport }))),
  Rating: preloadedLazy(() => import('../../features/stats/rating/RatingReport').then((m) => ({ default: m.RatingReport }))),
  Usage: preloadedLazy(() => import('../../features/stats/usage/UsageReport').then((m) => ({ default: m.UsageReport }))),
};
