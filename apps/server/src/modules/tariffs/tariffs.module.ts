import { contractTariffGrid, standardTariffGrid, tariffMessages, tariffSurchargeGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';
import { createTariffsRepository } from '../settings/tariffs.repository';
import { createTariffsService } from '../settings/tariffs.service';

type Rows = { data: Record<string, unknown>[] };

/** Standard and contract tariffs and tariff surcharges (grids); the saves also check that the codes a row names exist. */
export function tariffsModule(ctx: ModuleContext) {
  const tariffs = createTariffsService({ repo: createTariffsRepository(ctx.database.db), grid: ctx.grid });
  return {
    services: { tariffs },
    handlers: {
      settings: gridHandlers([standardTariffGrid, contractTariffGrid, tariffSurchargeGrid] as const, ctx.grid, {
        saveStandardTariffs: async (input, c) => ({
          success: true,
          message: tariffMessages.saved,
          payload: (await tariffs.saveStandard((input as Rows).data, c.user)) as never,
        }),
        saveTariffSurcharges: async (input, c) => ({
          success: true,
          message: tariffMessages.saved,
          payload: (await tariffs.saveSurcharges((input as Rows).data, c.user)) as never,
        }),
        saveContractTariffs: async (input, c) => ({
          success: true,
          message: tariffMessages.saved,
          payload: (await tariffs.saveContract((input as Rows).data, c.user)) as never,
        }),
      }),
    },
  } satisfies Module<unknown>;
}
