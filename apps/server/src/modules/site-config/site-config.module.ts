import type { Module, ModuleContext } from '../../kernel/module';
import { fileTransferAddresses } from '../../security/outbound-policy';
import { createSiteConfigRepository } from './site-config.repository';
import { siteConfigHandlers } from './site-config.routes';
import { createSiteConfigService } from './site-config.service';

/**
 * 'Cấu hình chung' (main config form: the served index.html's title and meta tags), the version and contact grids, and
 * the released versions the version check announces.
 */
export function siteConfigModule(ctx: ModuleContext) {
  const siteConfig = createSiteConfigService({
    forms: ctx.settingsForms,
    fileTransferUrls: fileTransferAddresses(ctx.config),
    repo: createSiteConfigRepository(ctx.database.db),
  });
  return {
    services: { siteMeta: siteConfig.siteMeta },
    handlers: { siteConfig: siteConfigHandlers(ctx.grid, ctx.settingsForms, siteConfig) },
  } satisfies Module<unknown>;
}
