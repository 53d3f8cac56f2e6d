import { z } from 'zod';
import { menuAccess } from '../access';
import { type CallDef, defineCall } from '../call';
import { noPayload, replyWith } from '../reply';
import { catalogDelete, catalogGet, catalogUpdate, sharedDelete } from './catalog';
import { commodityLinkCalls } from './commodity-links';
import {
  cargoTypeCatalog,
  classCatalog,
  commodityCatalog,
  containerStatusCatalog,
  customerCatalog,
  exchangeCatalog,
  jobCatalog,
  jobModeCatalog,
  methodCatalog,
  operationCatalog,
  paymentTypeCatalog,
  transitCatalog,
} from './definitions';
import { notifyCalls, notifyCatalog } from './notify';
import { getVesselScheduleList } from './vessel-schedule';

/** Catalogue calls with exactly the names of spec/api-calls.txt (03 §7), odd ones included. */
export const catalogCallTable = {
  getOperationList: catalogGet(operationCatalog, 'common/getOperationList'),
  updateOperationList: catalogUpdate(operationCatalog, 'common/updateOperationList'),
  deleteOperationList: catalogDelete(operationCatalog, 'common/deleteOperationList'),
  getExchangeList: catalogGet(exchangeCatalog, 'common/getExchangeList'),
  updateExchangeList: catalogUpdate(exchangeCatalog, 'common/updateExchangeList'),
  deleteExchangeList: catalogDelete(exchangeCatalog, 'common/deleteExchangeList'),
  getPaymentTypeList: catalogGet(paymentTypeCatalog, 'common/getPaymentTypeList'),
  updatePaymentTypeList: catalogUpdate(paymentTypeCatalog, 'common/updatePaymentTypeList'),
  deletePaymentTypeList: catalogDelete(paymentTypeCatalog, 'common/deletePaymentTypeList'),
  getContainerStatusList: catalogGet(containerStatusCatalog, 'common/getContainerStatusList'),
  getCargoTypeList: catalogGet(cargoTypeCatalog, 'common/getCargoTypeList'),
  getClassList: catalogGet(classCatalog, 'common/getClassList'),
  getJobList: catalogGet(jobCatalog, 'common/getJobList'),
  getJobModeList: catalogGet(
    jobModeCatalog,
    'common/getJobModeList',
    z.object({ IsCFSStuff: z.coerce.number().optional(), IsCFSUnstuff: z.coerce.number().optional() }),
  ),
  updateJobModeList: catalogUpdate(jobModeCatalog, 'common/updateJobModeList'),
  deleteJobModeList: catalogDelete(jobModeCatalog, 'common/deleteJobModeList'),
  getMethodList: catalogGet(methodCatalog, 'common/getMethodList'),
  updateMethodList: catalogUpdate(methodCatalog, 'common/updateMethodList'),
  deleteMethodList: catalogDelete(methodCatalog, 'common/deleteMethodList'),
  getTransitList: catalogGet(transitCatalog, 'common/getTransitList'),
  deleteTransitList: catalogDelete(transitCatalog, 'common/deleteTransitList'),
  getCommodityList: catalogGet(commodityCatalog, 'common/getCommodityList'),
  updateCommodityList: catalogUpdate(commodityCatalog, 'common/updateCommodityList'),
  deleteCommodityList: catalogDelete(commodityCatalog, 'common/deleteCommodityList'),
  /** Customer list with the filter panel: a filter set to All is omitted (spec 03 §2.1). */
  getCustomerList: catalogGet(
    customerCatalog,
    'common/getCustomerList',
    z.object({
      CustomerCode: z.string().trim().max(20).optional(),
      CustomerTypeCode: z.string().trim().max(10).optional(),
      CustomerLevelCode: z.coerce.number().int().min(0).max(99).optional(),
      TaxCode: z.string().trim().max(20).optional(),
      CustomerName: z.string().trim().max(300).optional(),
      MoneyCredit: z.enum(['M', 'C'], { error: 'Hình thức thanh toán phải là M hoặc C' }).optional(),
      IsActive: z.coerce.number().int().min(0).max(1).optional(),
    }),
  ),
  getCustomerTypeList: defineCall({
    path: 'common/getCustomerTypeList',
    module: 'catalogs',
    summary: 'Danh sách loại khách hàng',
    access: menuAccess('CAT_CUSTOMER'),
    request: noPayload,
    response: replyWith({ payload: z.array(z.object({ CustomerTypeCode: z.string(), CustomerTypeName: z.string() })).optional() }),
  }),
  getCustomerLevelList: defineCall({
    path: 'common/getCustomerLevelList',
    module: 'catalogs',
    summary: 'Danh sách cấp khách hàng',
    access: menuAccess('CAT_CUSTOMER'),
    request: noPayload,
    response: replyWith({ payload: z.array(z.object({ CustomerLevelCode: z.number() })).optional() }),
  }),
  /** Customers, container status, cargo type and class (spec 03 §7). */
  standardTariffDelete: sharedDelete('standardtariff/delete', [customerCatalog, containerStatusCatalog, cargoTypeCatalog, classCatalog]),
  ...commodityLinkCalls,
  ...notifyCalls,
  getVesselScheduleList,
  /** Jobs (spec 03 §7). */
  commonDelete: sharedDelete('common/delete', [jobCatalog]),
} as const;

export const catalogs = {
  operation: operationCatalog,
  exchange: exchangeCatalog,
  payment_type: paymentTypeCatalog,
  container_status: containerStatusCatalog,
  cargo_type: cargoTypeCatalog,
  class: classCatalog,
  job: jobCatalog,
  job_mode: jobModeCatalog,
  method: methodCatalog,
  transit: transitCatalog,
  commodity: commodityCatalog,
  customer: customerCatalog,
  notify: notifyCatalog,
} as const;
export type CatalogName = keyof typeof catalogs;

/** The calls behind one catalogue screen: its list and, where it has them, save and delete. */
export interface CatalogCallSet {
  get: CallDef;
  update?: CallDef;
  delete?: CallDef;
  /** The delete is a shared one (`standardtariff/delete`, `common/delete`): rows are sent with action=delete. */
  sharedDelete?: boolean;
  /** A list call that is not a catalogue's own: its request (default none) and where its rows are (default `payload`). */
  getBody?: object;
  rowsOf?: (reply: Record<string, unknown>) => readonly Record<string, unknown>[];
  /** A save call that takes the rows otherwise than `{ data: rows }` (spec 03 §7 'config/pay-partner/edit': the array itself). */
  saveBody?: (rows: Record<string, unknown>[]) => unknown;
}

const t = catalogCallTable;
const shared = { sharedDelete: true } as const;

/** Which calls serve which catalogue, so a screen names its catalogue and never pairs calls by hand. */
export const catalogCallSets = {
  operation: { get: t.getOperationList, update: t.updateOperationList, delete: t.deleteOperationList },
  exchange: { get: t.getExchangeList, update: t.updateExchangeList, delete: t.deleteExchangeList },
  payment_type: { get: t.getPaymentTypeList, update: t.updatePaymentTypeList, delete: t.deletePaymentTypeList },
  container_status: { get: t.getContainerStatusList, delete: t.standardTariffDelete, ...shared },
  cargo_type: { get: t.getCargoTypeList, delete: t.standardTariffDelete, ...shared },
  class: { get: t.getClassList, delete: t.standardTariffDelete, ...shared },
  job: { get: t.getJobList, delete: t.commonDelete, ...shared },
  job_mode: { get: t.getJobModeList, update: t.updateJobModeList, delete: t.deleteJobModeList },
  method: { get: t.getMethodList, update: t.updateMethodList, delete: t.deleteMethodList },
  transit: { get: t.getTransitList, delete: t.deleteTransitList },
  commodity: { get: t.getCommodityList, update: t.updateCommodityList, delete: t.deleteCommodityList },
  customer: { get: t.getCustomerList, delete: t.standardTariffDelete, ...shared },
  notify: { get: t.getNotifyList, update: t.updateNotifyList, delete: t.deleteNotifyList },
} as const satisfies Record<CatalogName, CatalogCallSet>;
