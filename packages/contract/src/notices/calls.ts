import { gridCallTable } from '../grid/resource';
import { getActiveNotifyList, notifyGrid } from './notices';

/** The notification grid: the server derives its handlers from this list. */
export const noticesGrids = [notifyGrid] as const;

/** `calls.notices`: the grid's calls and the signed-in users' active notifications. */
export const noticesCalls = { ...gridCallTable(...noticesGrids), getActiveNotifyList } as const;
