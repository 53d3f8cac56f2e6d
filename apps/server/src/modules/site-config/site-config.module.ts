import { mainConfig } from '@smartport/contract';
import type { Module, ModuleContext } from '../../kernel/module';
import { siteConfigHandlers } from './site-config.routes';

/** 'Cấu hình chung' (main config form: the served index.html's title and meta tags), the version and contact grids. */
export function siteConfigModule(ctx: ModuleContext) {
  return {
    services: { siteMeta: () => ctx.settingsForms.read(mainConfig) },
    handlers: { siteConfig: siteConfigHandlers(ctx.grid, ctx.settingsForms) },
  } satisfies Module<unknown>;
}
