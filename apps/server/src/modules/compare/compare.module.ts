import type { Module, ModuleContext } from '../../kernel/module';
import { createCompareRepository } from './compare.repository';
import { compareHandlers } from './compare.routes';
import { createCompareService } from './compare.service';

/** The container data comparison. */
export function compareModule(ctx: ModuleContext) {
  return {
    services: {},
    handlers: { compare: compareHandlers(createCompareService(createCompareRepository(ctx.database.db))) },
  } satisfies Module<unknown>;
}
