import { storageRulesGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { StorageRulesService } from './storage-rules.service';

/**
 * The free-day and reefer grids' calls come from their entries; the free-day save checks the header in the spec's order
 * and stores it complete (storage-rules.service.ts); the free-day templates are their own call.
 */
export function storageRulesHandlers(
  grid: GridService,
  storageRules: Pick<StorageRulesService, 'templates' | 'freeDayHooks'>,
): ModuleHandlers<'storageRules'> {
  return {
    ...gridHandlers(storageRulesGrids, grid, {}, { free_day: storageRules.freeDayHooks }),
    getFreeDayNameList: async (input, ctx) => ({ success: true, payload: await storageRules.templates(ctx.user, input) }),
  };
}
