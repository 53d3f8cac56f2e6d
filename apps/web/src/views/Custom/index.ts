import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Custom view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  CustomsRelease: lazy(() => import('../../features/customs/CustomsRelease').then((m) => ({ default: m.CustomsRelease }))),
  CustomsReleaseBatch: lazy(() => import('../../features/customs/CustomsReleaseBatch').then((m) => ({ default: m.CustomsReleaseBatch }))),
  GateScan: lazy(() => import('../../features/customs/GateScan').then((m) => ({ default: m.GateScan }))),
  CustomRequestLog: lazy(() => import('../../features/customs/CustomRequestLog').then((m) => ({ default: m.CustomRequestLog }))),
  ExportRegistration: lazy(() => import('../../features/customs/ExportRegistration').then((m) => ({ default: m.ExportRegistration }))),
  ImportRegistration: lazy(() => import('../../features/customs/ImportRegistration').then((m) => ({ default: m.ImportRegistration }))),
  CustomsManagement: lazy(() => import('../../features/customs/CustomsManagement').then((m) => ({ default: m.CustomsManagement }))),
};
