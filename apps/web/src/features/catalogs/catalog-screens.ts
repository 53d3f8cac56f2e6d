import { type CatalogName, catalogCallSets, catalogs } from '@smartport/contract';
import type { CatalogScreenDef } from '../../components/data-grid/CatalogScreen';

/** A plain catalogue screen: the contract's descriptor with its calls (catalogCallSets pairs them). */
const screen = (name: CatalogName, pageTitleKey?: string): CatalogScreenDef => ({
  def: catalogs[name],
  calls: catalogCallSets[name],
  ...(pageTitleKey ? { pageTitleKey } : {}),
});

/**
 * The plain catalogue screens of spec 03 §2.1, by page name (/common/<page>). Buttons follow each
 * descriptor's actions (container status, cargo type, class, job and transit are read-only). The
 * customer and commodity screens have more panels and are their own pages.
 */
export const catalogScreens = {
  operation: screen('operation', 'catalogs.operationPage'),
  exchange: screen('exchange'),
  payment_type: screen('payment_type'),
  container_status: screen('container_status'),
  cargo_type: screen('cargo_type'),
  job: screen('job'),
  job_mode: screen('job_mode'),
  method: screen('method'),
  class: screen('class'),
  transit: screen('transit'),
} satisfies Record<string, CatalogScreenDef>;

export type CatalogPageName = keyof typeof catalogScreens;
