import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

/** The last alert mail per connection (catos2smp, smp2catos, mb2smp, smp2mb, vnpt): at most one per 15 minutes. */
export const connectionAlerts = pgTable('connection_alerts', {
  Connection: varchar('connection', { length: 20 }).primaryKey(),
  LastSent: tz('last_sent').notNull(),
  LastFailure: text('last_failure'),
  Count: integer('count').notNull().default(1),
});
