import type { ReportScheduleFrequency, ReportScheduleKind, ReportSchedulePeriod } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { users } from '../auth/auth.table';

/**
 * Scheduled Excel exports of a statistics report ('Lịch gửi báo cáo'): who keeps it (the report is built as that
 * user, within its terminals), what, when, to whom; `next_run_time` is the next due moment, claimed by the job with a
 * conditional update; the last run's time, status and result are kept on the row.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    Rowguid: rowguid(),
    OwnerID: varchar('owner_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade' }),
    ReportKind: varchar('report_kind', { length: 20 }).$type<ReportScheduleKind>().notNull(),
    Period: varchar('period', { length: 10 }).$type<ReportSchedulePeriod>().notNull(),
    Frequency: varchar('frequency', { length: 10 }).$type<ReportScheduleFrequency>().notNull(),
    /** 'HH:mm', port time. */
    SendTime: varchar('send_time', { length: 5 }).notNull(),
    /** Weekly: Monday = 1 … Sunday = 7. */
    WeekDay: smallint('week_day'),
    /** Monthly: 1–28. */
    MonthDay: smallint('month_day'),
    /** 'a@x.vn, b@y.vn' */
    Recipients: text('recipients').notNull(),
    TerminalCodes: text('terminal_codes').array().notNull().default(sql`'{}'::text[]`),
    IsActive: boolean('is_active').notNull().default(true),
    NextRunTime: tz('next_run_time'),
    LastRunTime: tz('last_run_time'),
    LastStatus: varchar('last_status', { length: 10 }).$type<'queued' | 'failed'>(),
    LastResult: text('last_result'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    UpdatedTime: tz('updated_time').notNull().defaultNow(),
  },
  (t) => [index('report_schedules_owner_idx').on(t.OwnerID), index('report_schedules_due_idx').on(t.NextRunTime).where(sql`is_active`)],
);
