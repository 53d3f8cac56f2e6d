import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Custom view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  CustomsRelease: lazy(() => import('./CustomsRelease').then((m) => ({ default: m.CustomsRelease }))),
  CustomsReleaseBatch: lazy(() => import('./CustomsReleaseBatch').then((m) => ({ default: m.CustomsReleaseBatch }))),
  GateScan: lazy(() => import('./GateScan').then((m) => ({ default: m.GateScan }))),
  CustomRequestLog: lazy(() => import('./CustomRequestLog').then((m) => ({ default: m.CustomRequestLog }))),
  ExportRegistration: lazy(() => import('./ExportRegistration').then((m) => ({ default: m.ExportRegistration }))),
  ImportRegistration: lazy(() => import('./ImportRegistration').then((m) => ({ default: m.ImportRegistration }))),
  CustomsManagement: lazy(() => import('./CustomsManagement').then((m) => ({ default: m.CustomsManagement }))),
};
