import type { Module, ModuleContext } from '../../kernel/module';
import { createTariffsRepository } from './tariffs.repository';
import { tariffsHandlers } from './tariffs.routes';
import { createTariffsService } from './tariffs.service';

/** Standard and contract tariffs and tariff surcharges (grids); the saves also check that the codes a row names exist. */
export function tariffsModule(ctx: ModuleContext) {
  const tariffs = createTariffsService({ repo: createTariffsRepository(ctx.database.db) });
  return { services: { tariffs }, handlers: { tariffs: tariffsHandlers(ctx.grid, tariffs) } } satisfies Module<unknown>;
}
