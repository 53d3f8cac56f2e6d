import type { ViewPages } from '../../app/view-types';

/** Screens of the Tracking view group; each issue that builds one adds it here. */
export const pages: ViewPages = {};
