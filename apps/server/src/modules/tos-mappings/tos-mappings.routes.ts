import { tosMappingsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';

/** The size-type and job-mode mapping grids' calls, from their entries. */
export function tosMappingsHandlers(grid: GridService): ModuleHandlers<'tosMappings'> {
  return gridHandlers(tosMappingsGrids, grid);
}
