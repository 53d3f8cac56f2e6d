import { catalogGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { CatalogsService } from './catalogs.service';
import type { CommodityLinkService } from './commodity-links.service';

/** The catalogue grids' calls come from their entries; the rest are the customer panel's choices and the commodity links. */
export function catalogHandlers(grid: GridService, catalogs: CatalogsService, links: CommodityLinkService): ModuleHandlers<'catalogs'> {
  return {
    ...gridHandlers(catalogGrids, grid),
    getCustomerTypeList: async () => ({ success: true, payload: await catalogs.customerTypes() }),
    getCustomerLevelList: async () => ({ success: true, payload: await catalogs.customerLevels() }),
    getJobModeStuffUnstuffList: async (input) => ({ success: true, payload: await links.jobModes(input) }),
    updateConfigStuffUnstuffList: async (input) => {
      await links.save(input);
      return { success: true, message: 'Lưu dữ liệu hoàn tất !' };
    },
  };
}
