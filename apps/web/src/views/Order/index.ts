import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Order view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  // 'Duyệt lệnh' (issue 14): the staff approval queue.
  AcceptOrder: lazy(() => import('../../features/orders/AcceptOrderPage')),
};
