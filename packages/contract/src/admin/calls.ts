import { gridCallTable } from '../grid/resource';
import { dataShareGrid, imoAlertGrid, mbChargesGrid, mbFeeGrid, releasePointGrid, tariffMappingGrid } from './grids';
import { getHolidayNameList, holidayGrid } from './holiday';
import { checkIMOAlert } from './imo';

/** The admin module's grids (administration screens of spec 03 §2.5): the server derives their handlers from this list. */
export const adminGrids = [
  releasePointGrid,
  mbChargesGrid,
  mbFeeGrid,
  imoAlertGrid,
  tariffMappingGrid,
  dataShareGrid,
  holidayGrid,
] as const;

/** Their calls as `calls.admin.*`, the holiday templates and the dangerous-goods check. */
export const adminCalls = { ...gridCallTable(...adminGrids), getHolidayNameList, checkIMOAlert } as const;
