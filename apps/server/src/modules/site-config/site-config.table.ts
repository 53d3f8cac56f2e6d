import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';

/** Version row (/config/version_config). */
export const versions = pgTable('versions', {
  Rowguid: rowguid(),
  VersionCode: varchar('version_code', { length: 30 }).notNull().unique(),
  VersionName: text('version_name').notNull(),
  Planner: text('planner'),
  Performer: text('performer'),
  ReleaseDate: tz('release_date'),
});
