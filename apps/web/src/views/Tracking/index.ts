import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Tracking view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  PinCode: lazy(() => import('../../features/home/TrackingPage').then((m) => ({ default: m.TrackingPage }))),
};
