import { tariffMessages, tariffsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { TariffsService } from './tariffs.service';

/** The tariff grids' calls come from their entries; the saves also check that the codes a row names exist (tariffs.service.ts). */
export function tariffsHandlers(grid: GridService, tariffs: TariffsService): ModuleHandlers<'tariffs'> {
  return gridHandlers(tariffsGrids, grid, {
    saveStandardTariffs: async (input, ctx) => ({
      success: true,
      message: tariffMessages.saved,
      payload: (await tariffs.saveStandard((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
    }),
    saveTariffSurcharges: async (input, ctx) => ({
      success: true,
      message: tariffMessages.saved,
      payload: (await tariffs.saveSurcharges((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
    }),
    saveContractTariffs: async (input, ctx) => ({
      success: true,
      message: tariffMessages.saved,
      payload: (await tariffs.saveContract((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
    }),
  });
}
