import { bigint, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../db/columns';

/**
 * Scheduled jobs (this folder's scheduler and job lock): the last tick each job ran, claimed atomically so that with
 * several portal instances a tick runs once, and the outcome of the last run for staff and logs.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  Name: varchar('name', { length: 100 }).primaryKey(),
  /** floor(start time / the job's period) of the last run that started; -1 before the first. */
  LastTick: bigint('last_tick', { mode: 'number' }).notNull().default(-1),
  RunCount: integer('run_count').notNull().default(0),
  LastStarted: tz('last_started'),
  LastFinished: tz('last_finished'),
  /** Which instance ran it last (host:pid), for the logs. */
  LastInstance: varchar('last_instance', { length: 200 }),
  LastError: text('last_error'),
});
