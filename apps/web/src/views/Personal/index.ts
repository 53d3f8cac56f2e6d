import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

export const pages: ViewPages = {
  Profile: lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage }))),
};
