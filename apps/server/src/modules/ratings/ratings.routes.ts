import { ratingsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';

/** The rating criteria grid's calls, from its entry. */
export function ratingsHandlers(grid: GridService): ModuleHandlers<'ratings'> {
  return gridHandlers(ratingsGrids, grid);
}
