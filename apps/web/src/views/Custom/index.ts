import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Custom view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  ExportRegistration: lazy(() => import('./ExportRegistration').then((m) => ({ default: m.ExportRegistration }))),
  ImportRegistration: lazy(() => import('./ImportRegistration').then((m) => ({ default: m.ImportRegistration }))),
  CustomsManagement: lazy(() => import('./CustomsManagement').then((m) => ({ default: m.CustomsManagement }))),
};
