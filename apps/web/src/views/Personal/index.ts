import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

export const pages: ViewPages = {
  Profile: lazy(() => import('../../features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  // Spec 02 §7 personal summaries (menu entry PERSONAL_SUMMARY, '/Personal/Summary').
  Summary: lazy(() => import('../../features/stats/personal/PersonalSummary').then((m) => ({ default: m.PersonalSummary }))),
};
