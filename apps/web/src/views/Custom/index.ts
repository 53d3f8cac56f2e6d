import type { ViewPages } from '../../app/view-types';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the Custom view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  CustomsRelease: preloadedLazy(() => import('../../features/customs/CustomsRelease').then((m) => ({ default: m.CustomsRelease }))),
  CustomsReleaseBatch: preloadedLazy(() =>
    import('../../features/customs/CustomsReleaseBatch').then((m) => ({ default: m.CustomsReleaseBatch })),
  ),
  GateScan: preloadedLazy(() => import('../../features/customs/GateScan').then((m) => ({ default: m.GateScan }))),
  CustomRequestLog: preloadedLazy(() => import('../../features/customs/CustomRequestLog').then((m) => ({ default: m.CustomRequestLog }))),
  ExportRegistration: preloadedLazy(() =>
    import('../../features/customs/ExportRegistration').then((m) => ({ default: m.ExportRegistration })),
  ),
  ImportRegistration: preloadedLazy(() =>
    import('../../features/customs/ImportRegistration').then((m) => ({ default: m.ImportRegistration })),
  ),
  CustomsManagement: preloadedLazy(() =>
    import('../../features/customs/CustomsManagement').then((m) => ({ default: m.CustomsManagement })),
  ),
};
