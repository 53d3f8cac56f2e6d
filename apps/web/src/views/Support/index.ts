import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Support view group (spec 03 §2.2 help screens). */
export const pages: ViewPages = {
  FAQ: preloadedLazy(() => import('../../features/shell/HelpDocPage').then((m) => ({ default: m.FaqPage }))),
  UserGuide: preloadedLazy(() => import('../../features/shell/HelpDocPage').then((m) => ({ default: m.UserGuidePage }))),
};
