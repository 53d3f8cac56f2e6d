import type { Module, ModuleContext } from '../../kernel/module';
import { createStorageRulesRepository } from './storage-rules.repository';
import { storageRulesHandlers } from './storage-rules.routes';
import { createStorageRulesService } from './storage-rules.service';

/** Free days and reefer power rules (spec 03 §2.4): the screens' saves and the tariff engine's questions. */
export function storageRulesModule(ctx: ModuleContext) {
  const storageRules = createStorageRulesService({ repo: createStorageRulesRepository(ctx.database.db) });
  return {
    services: { storageRules },
    handlers: { storageRules: storageRulesHandlers(ctx.grid, storageRules) },
  } satisfies Module<unknown>;
}
