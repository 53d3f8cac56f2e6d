import { noticesGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { NoticesService } from './notices.service';

/** The notification grid's calls come from its entry; the signed-in users' active notifications are their own call. */
export function noticesHandlers(grid: GridService, notices: NoticesService): ModuleHandlers<'notices'> {
  return {
    ...gridHandlers(noticesGrids, grid),
    getActiveNotifyList: async () => ({ success: true, payload: await notices.active() }),
  };
}
