import { freeDayGrid, freeDayMessages, reeferConfigGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';
import { createStorageRulesRepository } from '../settings/storage-rules.repository';
import { createStorageRulesService } from '../settings/storage-rules.service';

/** Free days and reefer power rules (spec 03 §2.4): the screens' saves and the tariff engine's questions. */
export function storageRulesModule(ctx: ModuleContext) {
  const storageRules = createStorageRulesService({ repo: createStorageRulesRepository(ctx.database.db), grid: ctx.grid });
  return {
    services: { storageRules },
    handlers: {
      settings: {
        ...gridHandlers([freeDayGrid, reeferConfigGrid] as const, ctx.grid, {
          // The free-day save checks the header in the spec's order and stores it complete (storage-rules.service.ts).
          updateFreeDayList: async (input, c) => ({
            success: true,
            message: freeDayMessages.saved,
            payload: (await storageRules.saveFreeDays((input as { data: Record<string, unknown>[] }).data, c.user)) as never,
          }),
        }),
        getFreeDayNameList: async (input, c) => ({ success: true, payload: await storageRules.templates(c.user, input) }),
      },
    },
  } satisfies Module<unknown>;
}
