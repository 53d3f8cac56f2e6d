import { dataShareGrid, imoAlertGrid, mbChargesGrid, mbFeeGrid, releasePointGrid, tariffMappingGrid } from '@smartport/contract';
import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';

/** Screens of the SystemManager view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  release_point: gridPage(releasePointGrid),
  mb_charges: gridPage(mbChargesGrid),
  mb_fee: gridPage(mbFeeGrid),
  imo_alert: gridPage(imoAlertGrid),
  holiday: lazy(() => import('../../features/admin/HolidayPage')),
  tariff_mapping: gridPage(tariffMappingGrid),
  data_share: gridPage(dataShareGrid),
};
