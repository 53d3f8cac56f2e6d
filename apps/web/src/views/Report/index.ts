import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Report view group (spec 02 §2.6–2.7): the statistics reports of the CRM menu. */
export const pages: ViewPages = {
  Approval: lazy(() => import('../../features/stats/approval/ApprovalReport').then((m) => ({ default: m.ApprovalReport }))),
  MBSummary: lazy(() => import('../../features/stats/mb-summary/MbSummaryReport').then((m) => ({ default: m.MbSummaryReport }))),
  Rating: lazy(() => import('../../features/stats/rating/RatingReport').then((m) => ({ default: m.RatingReport }))),
  Usage: lazy(() => import('../../features/stats/usage/UsageReport').then((m) => ({ default: m.UsageReport }))),
};
