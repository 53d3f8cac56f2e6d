import { gridCallTable } from '../grid/resource';
import { contractTariffGrid, standardTariffGrid, tariffSurchargeGrid } from './tariffs';

/** The tariff grids (standard, contract, surcharge steps): the server derives their handlers from this list. */
export const tariffsGrids = [standardTariffGrid, contractTariffGrid, tariffSurchargeGrid] as const;

/** `calls.tariffs`. */
export const tariffsCalls = { ...gridCallTable(...tariffsGrids) } as const;
