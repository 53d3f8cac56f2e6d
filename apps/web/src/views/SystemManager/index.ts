import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the SystemManager view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  terminal_config: lazy(() => import('../../features/admin/TerminalConfigPage')),
  loyalty: lazy(() => import('../../features/admin/LoyaltyPage')),
};
