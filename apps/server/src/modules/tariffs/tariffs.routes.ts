import { tariffsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { TariffsService } from './tariffs.service';

/** The tariff grids' calls come from their entries; the saves also check that the codes a row names exist (tariffs.service.ts). */
export function tariffsHandlers(grid: GridService, tariffs: TariffsService): ModuleHandlers<'tariffs'> {
  return gridHandlers(
    tariffsGrids,
    grid,
    {},
    { standard_tariff: tariffs.standard, contract_tariff: tariffs.contract, tariff_surcharge: tariffs.surcharges },
  );
}
