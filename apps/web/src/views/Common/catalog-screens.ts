import { calls, catalogs } from '@smartport/contract';
import type { CatalogScreenDef } from '../../components/data-grid/CatalogScreen';

const c = calls.catalogs;

/**
 * The catalogue screens of spec 03 §2.1, by page name (/common/<page>). Buttons follow each
 * descriptor's actions; container status, cargo type, class, job and transit are read-only, so
 * their shared deletes (standardtariff/delete, common/delete) have no button here.
 */
export const catalogScreens = {
  operation: {
    def: catalogs.operation,
    calls: { get: c.getOperationList, update: c.updateOperationList, delete: c.deleteOperationList },
    pageTitleKey: 'catalogs.operationPage',
  },
  exchange: { def: catalogs.exchange, calls: { get: c.getExchangeList, update: c.updateExchangeList, delete: c.deleteExchangeList } },
  payment_type: {
    def: catalogs.payment_type,
    calls: { get: c.getPaymentTypeList, update: c.updatePaymentTypeList, delete: c.deletePaymentTypeList },
  },
  container_status: { def: catalogs.container_status, calls: { get: c.getContainerStatusList } },
  cargo_type: { def: catalogs.cargo_type, calls: { get: c.getCargoTypeList } },
  job: { def: catalogs.job, calls: { get: c.getJobList } },
  job_mode: { def: catalogs.job_mode, calls: { get: c.getJobModeList, update: c.updateJobModeList, delete: c.deleteJobModeList } },
  method: { def: catalogs.method, calls: { get: c.getMethodList, update: c.updateMethodList, delete: c.deleteMethodList } },
  class: { def: catalogs.class, calls: { get: c.getClassList } },
  transit: { def: catalogs.transit, calls: { get: c.getTransitList, delete: c.deleteTransitList } },
} satisfies Record<string, CatalogScreenDef>;

export type CatalogPageName = keyof typeof catalogScreens;
