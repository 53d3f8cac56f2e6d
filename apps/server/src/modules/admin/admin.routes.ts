import { type adminCalls, adminGrids, type tariffMappingGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import type { ModuleHandlers } from '../../http/call-registry';
import type { AdminRulesService } from './admin-rules.service';
import type { HolidayService } from './holiday.service';

/** The admin grids' calls come from their entries; data sharing, holidays and the tariff mapping add their save rules (save hooks). */
export function adminHandlers(
  grid: GridService,
  rules: AdminRulesService,
  holiday: HolidayService,
  tariffMappingHooks: GridSaveHooks<typeof tariffMappingGrid>,
): Pick<ModuleHandlers<'admin'>, keyof typeof adminCalls> {
  return {
    ...gridHandlers(
      adminGrids,
      grid,
      {},
      { data_share: rules.dataShareHooks, holiday: holiday.holidayHooks, tariff_mapping: tariffMappingHooks },
    ),
    getHolidayNameList: (input, ctx) => holiday.templates(ctx.user, input.TerminalCode),
    checkIMOAlert: (input, ctx) => rules.checkImo(ctx.user, input),
  };
}
