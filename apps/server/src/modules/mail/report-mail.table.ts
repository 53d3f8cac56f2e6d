import { pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

/** Report-mail periods already sent by the job (one mail per period across instances). */
export const reportMailRuns = pgTable('report_mail_runs', {
  PeriodEnd: tz('period_end').primaryKey(),
  PeriodStart: tz('period_start').notNull(),
  SentTime: tz('sent_time'),
  LastError: text('last_error'),
});
