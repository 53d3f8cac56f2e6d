import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Line view group: the shipping line's own work (menu 'Nghiệp vụ hãng tàu', modules edo and bookings). */
export const pages: ViewPages = {
  // 'Lệnh giao hàng điện tử (eDO)': issue, amend, revoke, import and export the line's eDOs.
  Edo: preloadedLazy(() => import('../../features/edo/EdoPage')),
  // 'Container của hãng': the line's containers in the yard, with customs and eDO.
  Containers: preloadedLazy(() => import('../../features/edo/LineContainersPage')),
  // 'Lệnh theo eDO / booking': the orders made against the line's eDOs and bookings.
  Orders: preloadedLazy(() => import('../../features/edo/LineOrdersPage')),
  // 'Booking': issue, amend and cancel the line's bookings (module bookings), with what orders used of each size.
  Booking: preloadedLazy(() => import('../../features/bookings/BookingPage')),
};
