import { gridCallTable } from '../grid/resource';
import { getActiveNotifyList, notifyGrid } from './notify';
import { payPartnerGrid } from './pay-partners';

/** The settings module's grids (configuration screens of spec 03 §2.4/§2.5): the server derives their handlers from this list. */
export const settingsGrids = [payPartnerGrid, notifyGrid] as const;

/** Their calls as `calls.settings.*`, and the signed-in users' active notifications. */
export const settingsGridCalls = { ...gridCallTable(...settingsGrids), getActiveNotifyList } as const;
