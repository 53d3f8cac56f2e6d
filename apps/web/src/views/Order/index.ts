import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Order view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  // 'Duyệt lệnh': the staff approval queue.
  AcceptOrder: preloadedLazy(() => import('../../features/orders/AcceptOrderPage')),
  // 'Lịch sử lệnh': every order of the customer (staff: of their terminals), with its detail (module order-history).
  History: preloadedLazy(() => import('../../features/order-history/OrderHistoryPage')),
};
