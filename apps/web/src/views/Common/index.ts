import { catalogs } from '@smartport/contract';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Common view group: the catalogues (spec 03 §2.1), each a grid entry of the contract's catalogs module. */
export const pages: ViewPages = {
  operation: gridPage(catalogs.operation),
  exchange: gridPage(catalogs.exchange),
  payment_type: gridPage(catalogs.payment_type),
  container_status: gridPage(catalogs.container_status),
  cargo_type: gridPage(catalogs.cargo_type),
  job: gridPage(catalogs.job),
  job_mode: gridPage(catalogs.job_mode),
  method: gridPage(catalogs.method),
  class: gridPage(catalogs.class),
  transit: gridPage(catalogs.transit),
  depot: gridPage(catalogs.depot),
  customer: preloadedLazy(() => import('../../features/catalogs/CustomerScreen').then((m) => ({ default: m.CustomerScreen }))),
  commodity: preloadedLazy(() => import('../../features/catalogs/CommodityScreen').then((m) => ({ default: m.CommodityScreen }))),
  vessel_schedule: preloadedLazy(() =>
    import('../../features/catalogs/VesselScheduleScreen').then((m) => ({ default: m.VesselScheduleScreen })),
  ),
  compare: preloadedLazy(() => import('../../features/compare/ComparePage').then((m) => ({ default: m.ComparePage }))),
};
