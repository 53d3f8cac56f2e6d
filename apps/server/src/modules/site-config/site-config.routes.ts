import { mainConfig, siteConfigGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import { settingsFormHandlers } from '../../settings-form/settings-form.routes';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import type { SiteConfigService } from './site-config.service';

/** The version and contact grids' calls come from their entries, the main config's from its form (its save checks urlSFTP). */
export function siteConfigHandlers(
  grid: GridService,
  forms: SettingsFormService,
  siteConfig: SiteConfigService,
): ModuleHandlers<'siteConfig'> {
  return {
    ...gridHandlers(siteConfigGrids, grid),
    ...settingsFormHandlers('siteConfig', forms, [mainConfig]),
    saveMainConfig: (input) => siteConfig.saveMain(input),
    releasedVersions: () => siteConfig.releasedVersions(),
  };
}
