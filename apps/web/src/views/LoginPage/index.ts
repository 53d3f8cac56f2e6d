import type { ViewPages } from '../../app/view-types';

/** Screens of the LoginPage view group; each issue that builds one adds it here. */
export const pages: ViewPages = {};
