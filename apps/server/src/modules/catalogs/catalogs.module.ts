import type { Module, ModuleContext } from '../../kernel/module';
import { createCatalogsRepository } from './catalogs.repository';
import { catalogHandlers } from './catalogs.routes';
import { createCatalogsService } from './catalogs.service';
import { createCommodityLinkRepository } from './commodity-links.repository';
import { createCommodityLinkService } from './commodity-links.service';

/** Catalogues: customers, commodities and their links, vessel schedule, the common grids. */
export function catalogsModule(ctx: ModuleContext) {
  const catalogs = createCatalogsService(createCatalogsRepository(ctx.database.db));
  const links = createCommodityLinkService(createCommodityLinkRepository(ctx.database.db));
  return { services: {}, handlers: { catalogs: catalogHandlers(ctx.grid, catalogs, links) } } satisfies Module<unknown>;
}
