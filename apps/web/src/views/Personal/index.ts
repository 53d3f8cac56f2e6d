import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

export const pages: ViewPages = {
  Profile: preloadedLazy(() => import('../../features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  // Spec 02 §7 personal summaries (menu entry PERSONAL_SUMMARY, '/Personal/Summary').
  Summary: preloadedLazy(() => import('../../features/stats/personal/PersonalSummary').then((m) => ({ default: m.PersonalSummary }))),
};
