import type { ReportScheduleInput, ReportScheduleRow } from '@smartport/contract';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/context';

/** A schedule row as read from the table (times as Dates). */
export interface ScheduleRecord extends Omit<ReportScheduleRow, 'NextRunTime' | 'LastRunTime'> {
  NextRunTime: Date | null;
  LastRunTime: Date | null;
}

const columns = `rowguid "Rowguid", owner_id "OwnerID", report_kind "ReportKind", period "Period", frequency "Frequency",
  send_time "SendTime", week_day "WeekDay", month_day "MonthDay", recipients "Recipients", terminal_codes "TerminalCodes",
  is_active "IsActive", next_run_time "NextRunTime", last_run_time "LastRunTime", last_status "LastStatus", last_result "LastResult"`;

const dateOf = (d: Date | string | null) => (d == null ? null : new Date(d));
const record = (r: ScheduleRecord): ScheduleRecord => ({ ...r, NextRunTime: dateOf(r.NextRunTime), LastRunTime: dateOf(r.LastRunTime) });

type Values = Omit<ReportScheduleInput, 'Rowguid'> & { NextRunTime: Date | null };

/** `report_schedules`, and the owner read as the statistics service's caller. */
export function createReportSchedulesRepository(database: Database) {
  const params = (v: Values) => [
    v.ReportKind,
    v.Period,
    v.Frequency,
    v.SendTime,
    v.Frequency === 'weekly' ? (v.WeekDay ?? null) : null,
    v.Frequency === 'monthly' ? (v.MonthDay ?? null) : null,
    v.Recipients,
    v.TerminalCodes,
    v.IsActive,
    v.NextRunTime,
  ];
  return {
    async listOf(owner: string): Promise<ScheduleRecord[]> {
      const rows = await database.query<ScheduleRecord>(
        `select ${columns} from report_schedules where owner_id = $1 order by created_time, rowguid`,
        [owner],
      );
      return rows.map(record);
    },

    async countOf(owner: string): Promise<number> {
      const [row] = await database.query<{ n: number }>(`select count(*)::int n from report_schedules where owner_id = $1`, [owner]);
      return row?.n ?? 0;
    },

    async insert(owner: string, v: Values): Promise<ScheduleRecord> {
      const [row] = await database.query<ScheduleRecord>(
        `insert into report_schedules (owner_id, report_kind, period, frequency, send_time, week_day, month_day, recipients,
                                       terminal_codes, is_active, next_run_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11) returning ${columns}`,
        [owner, ...params(v)],
      );
      return record(row as ScheduleRecord);
    },

    /** The owner's schedule changed; null when it has none of that key. */
    async update(owner: string, rowguid: string, v: Values): Promise<ScheduleRecord | null> {
      const [row] = await database.query<ScheduleRecord>(
        `update report_schedules set report_kind = $3, period = $4, frequency = $5, send_time = $6, week_day = $7, month_day = $8,
                recipients = $9, terminal_codes = $10::text[], is_active = $11, next_run_time = $12, updated_time = now()
          where owner_id = $1 and rowguid = $2 returning ${columns}`,
        [owner, rowguid, ...params(v)],
      );
      return row ? record(row) : null;
    },

    async remove(owner: string, rowguid: string): Promise<boolean> {
      return (
        (await database.query(`delete from report_schedules where owner_id = $1 and rowguid = $2 returning 1`, [owner, rowguid])).length > 0
      );
    },

    /** Active schedules due at `now`, oldest due first. */
    async due(now: Date, limit: number): Promise<ScheduleRecord[]> {
      const rows = await database.query<ScheduleRecord>(
        `select ${columns} from report_schedules where is_active and next_run_time <= $1 order by next_run_time, rowguid limit $2`,
        [now, limit],
      );
      return rows.map(record);
    },

    /** Takes the run due at `due` by moving the schedule on to `next`; false when another instance took it first. */
    async claim(rowguid: string, due: Date, next: Date): Promise<boolean> {
      const rows = await database.query(
        `update report_schedules set next_run_time = $3 where rowguid = $1 and next_run_time = $2 and is_active returning 1`,
        [rowguid, due, next],
      );
      return rows.length > 0;
    },

    async recordRun(rowguid: string, at: Date, status: 'queued' | 'failed', result: string): Promise<void> {
      await database.query(`update report_schedules set last_run_time = $2, last_status = $3, last_result = $4 where rowguid = $1`, [
        rowguid,
        at,
        status,
        result.slice(0, 2000),
      ]);
    },

    async terminalNames(codes: readonly string[]): Promise<Map<string, string>> {
      const rows = await database.query<{ code: string; name: string }>(
        `select terminal_code code, terminal_name name from terminals where terminal_code = any($1::text[])`,
        [[...codes]],
      );
      return new Map(rows.map((r) => [r.code, r.name]));
    },

    /** The owner as the statistics service's caller (its group's grants, its terminals now); null when inactive or gone. */
    async owner(userId: string): Promise<AuthUser | null> {
      const [row] = await database.query<Omit<AuthUser, 'grants' | 'jti'> & { grants: string[] }>(
        `select u.user_id "UserID", u.user_name "UserName", u.user_group_code "UserGroupCode", g.user_group_name "UserGroupName",
                g.rank "Rank", u.terminal_codes "terminals", u.customer_code "CustomerCode", u.operation_code "OperationCode",
                u.email "Email",
                coalesce((select array_agg(gm.menu_id) from group_menus gm where gm.user_group_code = u.user_group_code), '{}') grants
           from users u join user_groups g on g.user_group_code = u.user_group_code
          where u.user_id = $1 and u.is_active`,
        [userId],
      );
      return row ? { ...row, grants: new Set(row.grants), jti: '' } : null;
    },
  };
}
export type ReportSchedulesRepository = ReturnType<typeof createReportSchedulesRepository>;
