import { gridCallTable } from '../grid/resource';
import { callsOf } from '../settings-form/settings-form';
import { mainConfig } from './main-config';
import { contactGrid, versionGrid } from './site-config';

/** The version and contact grids: the server derives their handlers from this list. */
export const siteConfigGrids = [versionGrid, contactGrid] as const;

/** `calls.siteConfig`: the grids' calls and the main config form's. */
export const siteConfigCalls = { ...gridCallTable(...siteConfigGrids), ...callsOf([mainConfig]) } as const;
