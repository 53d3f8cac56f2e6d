import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

export const pages: ViewPages = {
  Profile: preloadedLazy(() => import('../../features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  // Spec 02 §7 personal summaries (menu entry PERSONAL_SUMMARY, '/Personal/Summary').
  Summary: preloadedLazy(() => import('../../features/stats/personal/PersonalSummary').then((m) => ({ default: m.PersonalSummary }))),
  // 'Phiên đăng nhập' (menu PERSONAL_SESSIONS): the user's own sessions and login history.
  // 'Điểm tích lũy' (menu PERSONAL_LOYALTY): the customer's own points, tier and statement.
  Loyalty: preloadedLazy(() => import('../../features/loyalty/MyLoyaltyPage')),
  Sessions: preloadedLazy(() => import('../../features/auth/SessionsPage').then((m) => ({ default: m.MySessionsPage }))),
};
