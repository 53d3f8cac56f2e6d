import { contactGrid, mainConfig, versionGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';

/** 'Cấu hình chung' (main config form: the served index.html's title and meta tags), the version and contact grids. */
export function siteConfigModule(ctx: ModuleContext) {
  return {
    services: { siteMeta: () => ctx.settingsForms.read(mainConfig) },
    // Calls under `calls.settings` until the contract's settings split names this module's key.
    handlers: { settings: gridHandlers([versionGrid, contactGrid] as const, ctx.grid) },
  } satisfies Module<unknown>;
}
