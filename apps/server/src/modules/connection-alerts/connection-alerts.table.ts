import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

/**
 * The state of each watched connection (catos2smp, smp2catos, mb2smp, smp2mb, vnpt): `DownSince` set while a failure
 * episode is open (its one alert mail went when it opened), cleared by the first call that works again (the recovery
 * notice). The row decides between instances: only the statement that opens or closes the episode mails.
 */
export const connectionAlerts = pgTable('connection_alerts', {
  Connection: varchar('connection', { length: 20 }).primaryKey(),
  /** When the last alert (or recovery notice) was queued. */
  LastSent: tz('last_sent').notNull(),
  LastFailure: text('last_failure'),
  /** Failures met in the open (or last) episode. */
  Count: integer('count').notNull().default(1),
  /** The open episode's start; null while the connection works. */
  DownSince: tz('down_since'),
  /** When the last episode ended. */
  RecoveredTime: tz('recovered_time'),
});
