import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';
import { type CatalogPageName, catalogScreens } from '../../features/catalogs/catalog-screens';

const catalogPage = (name: CatalogPageName) =>
  lazy(() => import('../../features/catalogs/CatalogPage').then((m) => ({ default: m.catalogPage(name) })));

/** Screens of the Common view group: the catalogues (spec 03 §2.1), each a declaration in catalog-screens.ts. */
export const pages: ViewPages = {
  ...Object.fromEntries((Object.keys(catalogScreens) as CatalogPageName[]).map((name) => [name, catalogPage(name)])),
  customer: lazy(() => import('../../features/catalogs/CustomerScreen').then((m) => ({ default: m.CustomerScreen }))),
  commodity: lazy(() => import('../../features/catalogs/CommodityScreen').then((m) => ({ default: m.CommodityScreen }))),
  vessel_schedule: lazy(() => import('../../features/catalogs/VesselScheduleScreen').then((m) => ({ default: m.VesselScheduleScreen }))),
  compare: lazy(() => import('../../features/compare/ComparePage').then((m) => ({ default: m.ComparePage }))),
};
