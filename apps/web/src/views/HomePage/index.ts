import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

export const pages: ViewPages = {
  Dashboard: lazy(() => import('../../features/home/HomeDashboard').then((m) => ({ default: m.HomeDashboard }))),
};
