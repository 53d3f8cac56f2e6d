import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { gridCallTable } from '../grid/resource';
import { noPayload, replyWith } from '../reply';
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
import { depotCatalog } from './depots';
import { vesselScheduleGrid } from './vessel-schedule';

/** The catalogue grids by screen name (/common/<name>); each one's calls come from its entry. */
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
  vessel_schedule: vesselScheduleGrid,
  depot: depotCatalog,
} as const;
export type CatalogName = keyof typeof catalogs;

/** The catalogues module's grids: the server derives their handlers, `calls.catalogs` their calls, from this list. */
export const catalogGrids = [
  operationCatalog,
  exchangeCatalog,
  paymentTypeCatalog,
  containerStatusCatalog,
  cargoTypeCatalog,
  classCatalog,
  jobCatalog,
  jobModeCatalog,
  methodCatalog,
  transitCatalog,
  commodityCatalog,
  customerCatalog,
  vesselScheduleGrid,
  depotCatalog,
] as const;

/** The catalogues module's calls: its grids' calls (names of spec 03 §7) and the few that are not a grid's. */
export const catalogCallTable = {
  ...gridCallTable(...catalogGrids),
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
  ...commodityLinkCalls,
} as const;
