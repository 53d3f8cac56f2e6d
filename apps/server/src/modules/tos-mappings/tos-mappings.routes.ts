import { tosMappingsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { TosMappingsService } from './tos-mappings.service';

/** The size-type and job-mode mapping grids' calls, from their entries (the mapping's save checked), and 'Kiểm tra'. */
export function tosMappingsHandlers(grid: GridService, mappings: TosMappingsService): ModuleHandlers<'tosMappings'> {
  return {
    ...gridHandlers(tosMappingsGrids, grid, {}, { mapping_job_mode: mappings.mappingJobModeHooks }),
    checkTosMappings: async () => ({ success: true, data: await mappings.gaps() }),
  };
}
