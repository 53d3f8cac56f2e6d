import { pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { commodities, jobModes } from './catalogs.table';

/** Commodities linked to a stuffing/unstuffing job mode (ConfigList, spec 03 §2.1 commodity screen). */
export const jobModeCommodities = pgTable(
  'job_mode_commodities',
  {
    JobModeCode: varchar('job_mode_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    CommodityCode: varchar('commodity_code', { length: 20 })
      .notNull()
      .references(() => commodities.CommodityCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.JobModeCode, t.CommodityCode] })],
);
