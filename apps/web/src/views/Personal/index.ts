import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

export const pages: ViewPages = {
  Profile: lazy(() => import('../../features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
};
