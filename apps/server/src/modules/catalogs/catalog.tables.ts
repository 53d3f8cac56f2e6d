import { type CatalogDef, type CatalogName, catalogs, NOTICES_CHANGED } from '@smartport/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  cargoTypes,
  classes,
  commodities,
  containerStatuses,
  customers,
  exchangeRates,
  jobModes,
  jobs,
  methods,
  notifications,
  orderContainers,
  orders,
  paymentTypes,
  shippingLines,
  transits,
  users,
  vesselVoyages,
} from '../../db/schema';
import { sanitizeRichText } from '../../security/rich-text';

/** A row elsewhere that still uses a catalogue row's key: deleting that row is refused. */
export interface CatalogReference {
  column: PgColumn;
  /** What the user is told is using it, e.g. 'lệnh'. */
  usedBy: string;
}

/** The server half of a catalogue descriptor: its table, and where its key is referenced. */
export interface CatalogTable {
  def: CatalogDef;
  table: PgTable;
  references: Partial<Record<string, CatalogReference[]>>;
  /** Applied to each row before it is written (e.g. rich text sanitised). */
  prepare?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** `request_type` of the live `notice` sent to every signed-in user after a save or delete (their screens show these rows). */
  liveNotice?: string;
}

const entry = (
  name: CatalogName,
  table: PgTable,
  references: CatalogTable['references'] = {},
  prepare?: CatalogTable['prepare'],
): CatalogTable => ({ def: catalogs[name], table, references, ...(prepare ? { prepare } : {}) });

export const catalogTables: Record<CatalogName, CatalogTable> = {
  operation: entry('operation', shippingLines, {
    OperationCode: [
      { column: orders.OperationCode, usedBy: 'lệnh' },
      { column: vesselVoyages.OperationCode, usedBy: 'lịch tàu' },
    ],
  }),
  exchange: entry('exchange', exchangeRates),
  payment_type: entry('payment_type', paymentTypes),
  container_status: entry('container_status', containerStatuses),
  cargo_type: entry('cargo_type', cargoTypes, { CargoTypeCode: [{ column: orderContainers.CargoTypeCode, usedBy: 'container của lệnh' }] }),
  class: entry('class', classes),
  job: entry('job', jobs),
  job_mode: entry('job_mode', jobModes, { JobModeCode: [{ column: orders.JobModeCode, usedBy: 'lệnh' }] }),
  method: entry('method', methods),
  transit: entry('transit', transits),
  commodity: entry('commodity', commodities),
  notify: {
    ...entry('notify', notifications, {}, (row) => ({ ...row, NotifyContent: sanitizeRichText(row.NotifyContent as string | null) })),
    liveNotice: NOTICES_CHANGED,
  },
  customer: entry('customer', customers, {
    CustomerCode: [
      { column: orders.CustomerCode, usedBy: 'lệnh' },
      { column: users.CustomerCode, usedBy: 'tài khoản người dùng' },
    ],
  }),
};
