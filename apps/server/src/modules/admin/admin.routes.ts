import { type adminCalls, adminGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import { type GridService, gridMessages } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { AdminRulesService } from './admin-rules.service';
import type { HolidayService } from './holiday.service';

/** The admin grids' calls come from their entries; data sharing and holidays add their save rules. */
export function adminHandlers(
  grid: GridService,
  rules: AdminRulesService,
  holiday: HolidayService,
): Pick<ModuleHandlers<'admin'>, keyof typeof adminCalls> {
  return {
    ...gridHandlers(adminGrids, grid, {
      updateDataShareList: async (input, ctx) => ({
        success: true,
        message: gridMessages.saved,
        payload: (await rules.saveDataShares(ctx.user, (input as { data: Record<string, unknown>[] }).data)) as never,
      }),
      updateHolidayList: async (input, ctx) => ({
        success: true,
        message: gridMessages.saved,
        payload: (await holiday.save(ctx.user, (input as { data: Record<string, unknown>[] }).data)) as never,
      }),
    }),
    getHolidayNameList: (input, ctx) => holiday.templates(ctx.user, input.TerminalCode),
    checkIMOAlert: (input, ctx) => rules.checkImo(ctx.user, input),
  };
}
