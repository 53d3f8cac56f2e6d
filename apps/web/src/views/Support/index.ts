import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Support view group (spec 03 §2.2 help screens). */
export const pages: ViewPages = {
  FAQ: lazy(() => import('../../features/shell/HelpDocPage').then((m) => ({ default: m.FaqPage }))),
  UserGuide: lazy(() => import('../../features/shell/HelpDocPage').then((m) => ({ default: m.UserGuidePage }))),
};
