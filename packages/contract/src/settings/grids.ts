import { gridCallTable } from '../grid/resource';
import { getApprovalJobMode, getReffList, saveApprovalJobMode } from './approval';
import { attachConfigCalls } from './attach-config';
import { contactGrid, mailOrderGrid, mappingJobModeGrid, questionGrid, sizeTypeGrid, versionGrid } from './config-grids';
import { getActiveNotifyList, notifyGrid } from './notify';
import { payPartnerGrid } from './pay-partners';
import { mailReportSendNow } from './report-mail';
import { freeDayGrid, getFreeDayNameList, reeferConfigGrid } from './storage-rules';
import { contractTariffGrid, standardTariffGrid, tariffSurchargeGrid } from './tariffs';

/** The settings module's grids (configuration screens of spec 03 §2.4/§2.5): the server derives their handlers from this list. */
export const settingsGrids = [
  payPartnerGrid,
  notifyGrid,
  sizeTypeGrid,
  mappingJobModeGrid,
  questionGrid,
  mailOrderGrid,
  versionGrid,
  contactGrid,
  freeDayGrid,
  reeferConfigGrid,
  standardTariffGrid,
  contractTariffGrid,
  tariffSurchargeGrid,
] as const;

/**
 * Their calls as `calls.settings.*`, the signed-in users' active notifications, the report mail's send-now, the attach
 * config's and the approval screen's calls, the free-day templates.
 */
export const settingsGridCalls = {
  ...gridCallTable(...settingsGrids),
  getActiveNotifyList,
  mailReportSendNow,
  ...attachConfigCalls,
  getApprovalJobMode,
  saveApprovalJobMode,
  getReffList,
  getFreeDayNameList,
} as const;
