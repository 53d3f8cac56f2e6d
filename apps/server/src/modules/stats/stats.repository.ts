import { daysInMonth, nextDay, type StatsDay, type StatsLoadType } from '@smartport/contract';
import type { Database } from '../../db/client';

/**
 * The statistics' SQL. Two sources answer the same questions: `rollup` reads only the rollup tables
 * of migration 0010 (what the calls use), `raw` computes from the orders, containers, payments,
 * invoices and ratings themselves (what the tests and the bench compare the rollups with). The
 * service shapes both the same way, so an answer differs only if the rollups differ from the rows.
 */

/** Which orders and how to group them. Terminals are already scoped (terminal-scope.ts); none → no rows. */
export interface OrderBaseQuery {
  type: StatsLoadType;
  from: StatsDay;
  to: StatsDay;
  terminals: readonly string[];
  customerCode: string | null;
  userId: string | null;
  /** Only these job modes (a job type filter); null = all. */
  jobModes: readonly string[] | null;
  /** Only orders made on SMARTPORT (the approval report). */
  smpOnly: boolean;
  by: { customer: boolean; user: boolean; split: boolean };
}

export interface OrderBaseRow {
  /** A day inside the row's period, 'YYYY-MM-DD' (the service folds rows into periods). */
  pk: string;
  terminal: string;
  job: string;
  customer: string;
  user: string;
  source: string;
  /** The orders' state (stats.table.ts `stateCol`: A, M, P counted; W, U apart); '' once the service merged states. */
  state: string;
  /** Approved automatically (state A). */
  auto: boolean;
  orders: number;
  containers: number;
  teus: number;
  amount: number;
  /** Seconds the staff-approved orders (state M) waited, summed. */
  wait: number;
}

export interface PlainRangeQuery {
  type: StatsLoadType;
  from: StatsDay;
  to: StatsDay;
  terminals: readonly string[];
  customerCode: string | null;
}

export interface MbBaseRow {
  pk: string;
  terminal: string;
  count: number;
  amount: number;
  fee: number;
}

export interface RatingQuery {
  from: StatsDay;
  to: StatsDay;
  terminals: readonly string[];
  customerCode: string | null;
  userId: string | null;
}

export interface RatingBaseRow {
  question: number;
  total: number;
  count: number;
  c1: number;
  c2: number;
  c3: number;
  c4: number;
  c5: number;
}

export type PersonalKind = 'order' | 'invoice' | 'transaction';
export interface PersonalQuery {
  kind: PersonalKind;
  from: StatsDay;
  to: StatsDay;
  terminals: readonly string[];
  userId: string;
  jobModes: readonly string[] | null;
}
export interface PersonalRow {
  terminal: string;
  status: string;
  counting: number;
}

export interface StatsSource {
  orderBase(q: OrderBaseQuery): Promise<OrderBaseRow[]>;
  mbBase(q: PlainRangeQuery): Promise<MbBaseRow[]>;
  ratingBase(q: RatingQuery): Promise<RatingBaseRow[]>;
  personalBase(q: PersonalQuery): Promise<PersonalRow[]>;
}

const truncOf: Record<StatsLoadType, string> = { day: 'day', month: 'month', quarter: 'quarter', year: 'year' };

/** Adds a parameter and returns its placeholder. */
function param(params: unknown[], value: unknown, cast = ''): string {
  params.push(value);
  return `$${params.length}${cast}`;
}

const monthStart = (day: StatsDay) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: StatsDay) =>
  `${day.slice(0, 7)}-${String(daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)))).padStart(2, '0')}`;
function prevMonthStart(day: StatsDay): StatsDay {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

/**
 * Which rollup rows cover the days from..to: whole months from the month rows ('M'), the days
 * before the first and after the last whole month from the day rows ('D'). The day type reads day
 * rows only (its periods are days).
 */
export function grainPlan(
  type: StatsLoadType,
  from: StatsDay,
  to: StatsDay,
): { months: [StatsDay, StatsDay] | null; days: [StatsDay, StatsDay][] } {
  if (type === 'day') return { months: null, days: [[from, to]] };
  const firstWhole = from.endsWith('-01') ? from : nextDay(monthEnd(from));
  const lastWhole = to === monthEnd(to) ? monthStart(to) : prevMonthStart(to);
  if (firstWhole > lastWhole) return { months: null, days: [[from, to]] };
  const days: [StatsDay, StatsDay][] = [];
  if (from < firstWhole) days.push([from, monthEnd(from)]);
  if (to > monthEnd(lastWhole)) days.push([monthStart(to), to]);
  return { months: [firstWhole, lastWhole], days };
}

function rollupRange(type: StatsLoadType, from: StatsDay, to: StatsDay, params: unknown[], alias = 's'): string {
  const plan = grainPlan(type, from, to);
  const parts: string[] = [];
  if (plan.months) {
    parts.push(
      `(${alias}.grain = 'M' and ${alias}.period_start between ${param(params, plan.months[0], '::date')} and ${param(params, plan.months[1], '::date')})`,
    );
  }
  for (const [a, b] of plan.days) {
    parts.push(`(${alias}.grain = 'D' and ${alias}.period_start between ${param(params, a, '::date')} and ${param(params, b, '::date')})`);
  }
  return `(${parts.join(' or ')})`;
}

/** Raw rows: a timestamp range on the Vietnam days from..to (uses the created-time indexes). */
function rawTimeRange(column: string, from: StatsDay, to: StatsDay, params: unknown[]): string {
  return `${column} >= (${param(params, from, '::date')}::timestamp - interval '7 hours') at time zone 'UTC'
      and ${column} < (${param(params, nextDay(to), '::date')}::timestamp - interval '7 hours') at time zone 'UTC'`;
}

const periodKey = (type: StatsLoadType, dayExpr: string) => `to_char(date_trunc('${truncOf[type]}', ${dayExpr}), 'YYYY-MM-DD')`;

interface Grouping {
  select: string;
  group: string;
}
/** The key columns of an order base query over a table whose columns are named as in the rollups. */
function orderGrouping(q: OrderBaseQuery, a: string, pkExpr: string): Grouping {
  const cols = [`${pkExpr}::text as pk`, `${a}.terminal_code as terminal`, `${a}.job_mode_code as job`];
  const group = [pkExpr, `${a}.terminal_code`, `${a}.job_mode_code`];
  const add = (on: boolean, expr: string, name: string) => {
    cols.push(on ? `${expr} as ${name}` : `'' as ${name}`);
    if (on) group.push(expr);
  };
  add(q.by.customer, `${a}.customer_code`, 'customer');
  add(q.by.user, `${a}.user_id`, '"user"');
  add(q.by.split, `${a}.source`, 'source');
  // Always by state: the counted figures and those shown apart (unpaid, waiting) come from the same rows.
  cols.push(`${a}.state as state`, `${a}.state = 'A' as auto`);
  group.push(`${a}.state`);
  return { select: cols.join(', '), group: group.join(', ') };
}

function orderFilters(q: OrderBaseQuery, a: string, params: unknown[]): string {
  const f = [`${a}.terminal_code = any(${param(params, [...q.terminals], '::text[]')})`];
  if (q.customerCode != null) f.push(`${a}.customer_code = ${param(params, q.customerCode)}`);
  if (q.userId != null) f.push(`${a}.user_id = ${param(params, q.userId)}`);
  if (q.jobModes) f.push(`${a}.job_mode_code = any(${param(params, [...q.jobModes], '::text[]')})`);
  if (q.smpOnly) f.push(`${a}.source = 'SMP'`);
  return f.join(' and ');
}

/** The rollup rows the figures count (state A, M or P: docs/decisions.md "Which orders the statistics count"). */
const COUNTED_STATE = `s.state in ('A', 'M', 'P')`;

/** The orders the figures count (state A, M or P): the detail lines list exactly these. */
const COUNTED_ORDER = `(o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null))`;

const figures = (a: string) =>
  `sum(${a}.order_count)::int as orders, sum(${a}.container_count)::int as containers, sum(${a}.total_teus)::int as teus, sum(${a}.total_amount)::float8 as amount, sum(${a}.wait_seconds)::float8 as wait`;

/** The ranking of one party (customers or users) per period × terminal, on the server (docs/decisions.md). */
export interface RankQuery {
  party: 'customer' | 'user';
  type: StatsLoadType;
  from: StatsDay;
  to: StatsDay;
  terminals: readonly string[];
  /** A customer account's own customer; null for staff. */
  ownCustomer: string | null;
  /** Customers: those sharing this customer's tax code. */
  customerCode: string | null;
  userId: string | null;
  /** Users with orders (in the cell) for customers of this sales person. */
  salesUserId: string | null;
  /** What ranks: orders, revenue, containers (the measures' totals, rows of no group count nothing). */
  measure: 'ord' | 'sum' | 'cont';
  /** Ranks past this are left out (0: none). */
  top: number;
  offset: number;
  limit: number;
}

/** A period × terminal's figures (per group and in total) over the parties asked for; `pk` its first day. */
export interface RankCellRow {
  pk: string;
  terminal: string;
  count: number;
  m: number[];
}
export interface RankedPartyRow {
  pk: string;
  terminal: string;
  id: string;
  rank: number;
  m: number[];
}

/** The 16 measures in the order of rankMeasureNames: sum, cont, ord, teu × nh, dr, dv, total. */
export const rankMeasureNames = (['sum', 'cont', 'ord', 'teu'] as const).flatMap((k) =>
  (['nh', 'dr', 'dv', ''] as const).map((g) => `${k}_${g}` as const),
);
const groupFlag = { nh: 'j.nh', dr: 'j.dr', dv: 'j.dv', '': '(j.nh or j.dr or j.dv)' } as const;
const figureColumn = { sum: 'total_amount', cont: 'container_count', ord: 'order_count', teu: 'total_teus' } as const;

/** A statistics statement running longer ends (PostgreSQL statement_timeout); stats-gate.ts answers it with a message. */
export const STATS_STATEMENT_TIMEOUT_MS = 15_000;

export function createStatsRepository(database: Database) {
  const q = database.query;
  /**
   * The long statements (rankings, order figures, detail lines): on PostgreSQL in a transaction of their own with a
   * statement_timeout, so no report holds a connection for long. The embedded database shares its one connection with
   * every call (a transaction there would take in others' statements): its statements run as they are.
   */
  const heavy: typeof q =
    database.kind === 'postgres'
      ? (text, params) =>
          database.session(async (s) => {
            await s('begin');
            try {
              await s(`set local statement_timeout = ${STATS_STATEMENT_TIMEOUT_MS}`);
              const rows = await s(text, params);
              await s('commit');
              return rows as never;
            } catch (err) {
              await s('rollback').catch(() => undefined);
              throw err;
            }
          })
      : q;

  const rollup: StatsSource = {
    async orderBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      // The terminal cube has no customer or user: any of them asked for, or filtered on, needs the party cube.
      const party = query.by.customer || query.by.user || query.customerCode != null || query.userId != null;
      // Grouped by the rows' own period start (no date function per row); the service folds days and months into periods.
      const g = orderGrouping(query, 's', 's.period_start');
      return heavy<OrderBaseRow>(
        `select ${g.select}, ${figures('s')}
           from ${party ? 'stats_party' : 'stats_terminal'} s
          where ${rollupRange(query.type, query.from, query.to, params)} and ${orderFilters(query, 's', params)}
          group by ${g.group}
         having sum(s.order_count) <> 0 or sum(s.container_count) <> 0 or sum(s.total_amount) <> 0 or sum(s.wait_seconds) <> 0`,
        params,
      );
    },

    async mbBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const pk = 's.period_start';
      const customer = query.customerCode != null ? ` and s.customer_code = ${param(params, query.customerCode)}` : '';
      return q<MbBaseRow>(
        `select ${pk}::text pk, s.terminal_code terminal, sum(s.pay_count)::int count, sum(s.pay_amount)::float8 amount, sum(s.service_fee)::float8 fee
           from stats_mb s
          where ${rollupRange(query.type, query.from, query.to, params)}
            and s.terminal_code = any(${param(params, [...query.terminals], '::text[]')})${customer}
          group by ${pk}, s.terminal_code
         having sum(s.pay_count) <> 0`,
        params,
      );
    },

    async ratingBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const f = [
        rollupRange('month', query.from, query.to, params),
        `s.terminal_code = any(${param(params, [...query.terminals], '::text[]')})`,
      ];
      if (query.customerCode != null) f.push(`s.customer_code = ${param(params, query.customerCode)}`);
      if (query.userId != null) f.push(`s.user_id = ${param(params, query.userId)}`);
      return q<RatingBaseRow>(
        `select s.question_code question, sum(s.total_rating)::int total, sum(s.count_rating)::int count, sum(s.count1)::int c1,
                sum(s.count2)::int c2, sum(s.count3)::int c3, sum(s.count4)::int c4, sum(s.count5)::int c5
           from stats_rating s where ${f.join(' and ')}
          group by s.question_code having sum(s.count_rating) <> 0`,
        params,
      );
    },

    async personalBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const f = [
        rollupRange('month', query.from, query.to, params),
        `s.user_id = ${param(params, query.userId)}`,
        `s.kind = ${param(params, query.kind)}`,
        `s.terminal_code = any(${param(params, [...query.terminals], '::text[]')})`,
      ];
      if (query.jobModes) f.push(`s.job_mode_code = any(${param(params, [...query.jobModes], '::text[]')})`);
      return q<PersonalRow>(
        `select s.terminal_code terminal, s.status, sum(s.counting)::int counting
           from stats_personal s where ${f.join(' and ')}
          group by s.terminal_code, s.status having sum(s.counting) <> 0`,
        params,
      );
    },
  };

  const raw: StatsSource = {
    async orderBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const range = rawTimeRange('o.created_time', query.from, query.to, params);
      // The orders as the rollups name their columns, with their containers; the state by the rule written out here
      // again (not the triggers' function), so the comparison checks the rule too.
      const base = `select o.order_no, stats_vn_day(o.created_time) as day, o.terminal_code, o.customer_code,
                           coalesce(o.created_by, '') as user_id, o.job_mode_code, o.source, s.state,
                           1 as order_count, coalesce(c.n, 0) as container_count, coalesce(c.teus, 0) as total_teus, o.total_amount,
                           case when s.state = 'M' and o.approved_time is not null and o.waiting_since is not null
                                then greatest(0, floor(extract(epoch from o.approved_time - o.waiting_since)))::bigint else 0 end as wait_seconds
                      from orders o
                      cross join lateral (select case
                             when o.order_status = 'C' and o.is_auto_approved then 'A'
                             when o.order_status = 'C' then 'M'
                             when o.order_status = 'P' and o.transaction_id is not null then 'P'
                             when o.order_status = 'P' then 'W'
                             when o.order_status = 'A' and o.expired_unpaid_at is null then 'U'
                             else 'O' end as state) s
                      left join lateral (select count(*)::int n, sum(teu)::int teus from order_containers x where x.order_no = o.order_no) c
                        on true
                     where s.state <> 'O' and ${range}`;
      const g = orderGrouping(query, 'r', periodKey(query.type, 'r.day'));
      return q<OrderBaseRow>(
        `select ${g.select}, ${figures('r')} from (${base}) r where ${orderFilters(query, 'r', params)} group by ${g.group}`,
        params,
      );
    },

    async mbBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const day = 'stats_vn_day(coalesce(p.completed_time, p.created_time))';
      const pk = periodKey(query.type, day);
      const customer = query.customerCode != null ? ` and o.customer_code = ${param(params, query.customerCode)}` : '';
      return q<MbBaseRow>(
        `select ${pk} pk, o.terminal_code terminal, count(*)::int count, sum(p.amount)::float8 amount, sum(p.service_fee)::float8 fee
           from payments p join orders o on o.order_no = p.order_no
          where p.status = 1 and p.partner_code = 'MB' and ${rawTimeRange('coalesce(p.completed_time, p.created_time)', query.from, query.to, params)}
            and o.terminal_code = any(${param(params, [...query.terminals], '::text[]')})${customer}
          group by ${pk}, o.terminal_code`,
        params,
      );
    },

    async ratingBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const f = [
        rawTimeRange('r.created_time', query.from, query.to, params),
        `r.terminal_code = any(${param(params, [...query.terminals], '::text[]')})`,
      ];
      if (query.customerCode != null) f.push(`coalesce(r.customer_code, '') = ${param(params, query.customerCode)}`);
      if (query.userId != null) f.push(`r.user_id = ${param(params, query.userId)}`);
      return q<RatingBaseRow>(
        `select r.question_code question, coalesce(sum(r.rating), 0)::int total, count(*)::int count,
                count(*) filter (where r.rating = 1)::int c1, count(*) filter (where r.rating = 2)::int c2,
                count(*) filter (where r.rating = 3)::int c3, count(*) filter (where r.rating = 4)::int c4,
                count(*) filter (where r.rating = 5)::int c5
           from ratings r where ${f.join(' and ')} group by r.question_code`,
        params,
      );
    },

    async personalBase(query) {
      if (!query.terminals.length) return [];
      const params: unknown[] = [];
      const terminals = param(params, [...query.terminals], '::text[]');
      const user = param(params, query.userId);
      const jobs = query.jobModes ? ` and o.job_mode_code = any(${param(params, [...query.jobModes], '::text[]')})` : '';
      let sqlText: string;
      if (query.kind === 'order') {
        sqlText = `select o.terminal_code terminal, o.order_status status, count(*)::int counting from orders o
                    where o.created_by = ${user} and o.terminal_code = any(${terminals})${jobs}
                      and ${rawTimeRange('o.created_time', query.from, query.to, params)}
                    group by o.terminal_code, o.order_status`;
      } else if (query.kind === 'invoice') {
        sqlText = `select o.terminal_code terminal, i.status, count(*)::int counting from invoices i join orders o on o.order_no = i.order_no
                    where o.created_by = ${user} and o.terminal_code = any(${terminals})${jobs}
                      and ${rawTimeRange('i.issue_date', query.from, query.to, params)}
                    group by o.terminal_code, i.status`;
      } else {
        sqlText = `select o.terminal_code terminal, p.status::text status, count(*)::int counting from payments p join orders o on o.order_no = p.order_no
                    where p.user_id = ${user} and o.terminal_code = any(${terminals})${jobs}
                      and ${rawTimeRange('p.created_time', query.from, query.to, params)}
                    group by o.terminal_code, p.status`;
      }
      return q<PersonalRow>(sqlText, params);
    },
  };

  return {
    rollup,
    raw,

    /**
     * Ranks customers or users per period × terminal (spec 02 §4: largest value of the measure first, zero values
     * hidden; ties by code), answering each cell's figures and count and the asked page of ranked rows. One statement
     * over the party rollup; only the page leaves the database.
     */
    async rank(query: RankQuery): Promise<{ cells: RankCellRow[]; rows: RankedPartyRow[] }> {
      if (!query.terminals.length) return { cells: [], rows: [] };
      const params: unknown[] = [];
      const idCol = query.party === 'customer' ? 's.customer_code' : 's.user_id';
      const f = [
        rollupRange(query.type, query.from, query.to, params),
        `s.terminal_code = any(${param(params, [...query.terminals], '::text[]')})`,
        COUNTED_STATE,
      ];
      if (query.ownCustomer != null) f.push(`s.customer_code = ${param(params, query.ownCustomer)}`);
      if (query.customerCode != null) {
        const c = param(params, query.customerCode);
        f.push(`s.customer_code in (select ${c}::text union select c2.customer_code from customers c1
                  join customers c2 on c2.tax_code = c1.tax_code where c1.customer_code = ${c} and c1.tax_code <> '')`);
      }
      if (query.userId != null) f.push(`s.user_id = ${param(params, query.userId)}`);
      const sales = query.salesUserId != null ? param(params, query.salesUserId) : null;
      const cols = rankMeasureNames.map((name) => {
        const [k, g] = name.split('_') as [keyof typeof figureColumn, keyof typeof groupFlag];
        return `sum(case when ${groupFlag[g]} then s.${figureColumn[k]} else 0 end)::float8`;
      });
      const valueAt = rankMeasureNames.indexOf(`${query.measure}_`) + 1;
      const pk = `date_trunc('${truncOf[query.type]}', s.period_start)::date`;
      const topAt = query.top > 0 ? param(params, query.top) : null;
      const top = topAt ? ` and rank <= ${topAt}` : '';
      const count = topAt ? `least(coalesce(n.ranked, 0), ${topAt})` : 'coalesce(n.ranked, 0)';
      const first = param(params, query.offset);
      const last = param(params, query.offset + query.limit);
      const rowsSql = `
        with p as (
          select ${pk} pk, s.terminal_code terminal, ${idCol} id, array[${cols.join(', ')}] m
                 ${sales ? `, bool_or(exists (select 1 from customer_sales cs where cs.customer_code = s.customer_code and cs.business_user_id = ${sales})) has_sales` : ''}
            from stats_party s
            left join (select job_mode_code, is_lolo nh, (is_cfs_stuff or is_cfs_unstuff or is_cfs_change) dr,
                              (is_service_yard or is_service_non_cont) dv from job_modes) j on j.job_mode_code = s.job_mode_code
           where ${f.join(' and ')}
           group by 1, 2, 3
        ), q as (select * from p${sales ? ' where has_sales' : ''}),
        r as (
          select pk, terminal, id, m, row_number() over (partition by pk, terminal order by m[${valueAt}] desc, id collate "C") rank,
                 count(*) over (partition by pk, terminal) ranked
            from q where coalesce(m[${valueAt}], 0) <> 0
        ),
        cells as (
          select q.pk, q.terminal, array[${rankMeasureNames.map((_, i) => `sum(coalesce(q.m[${i + 1}], 0))`).join(', ')}]::float8[] m
            from q group by q.pk, q.terminal
        ),
        counts as (select distinct pk, terminal, ranked from r)
        select 'c' kind, c.pk::text pk, c.terminal, null::text id, 0 rank, ${count}::int count, c.m
          from cells c left join counts n on n.pk = c.pk and n.terminal = c.terminal
        union all
        select 'r', pk::text, terminal, id, rank::int, 0, m from r where rank > ${first} and rank <= ${last}${top}`;
      const all = await heavy<{
        kind: string;
        pk: string;
        terminal: string;
        id: string | null;
        rank: number;
        count: number;
        m: (number | null)[];
      }>(rowsSql, params);
      const nums = (m: (number | null)[]) => m.map((v) => Number(v ?? 0));
      const cells: RankCellRow[] = [];
      const rows: RankedPartyRow[] = [];
      for (const r of all) {
        if (r.kind === 'c') cells.push({ pk: r.pk, terminal: r.terminal, count: r.count, m: nums(r.m) });
        else rows.push({ pk: r.pk, terminal: r.terminal, id: r.id as string, rank: r.rank, m: nums(r.m) });
      }
      return { cells, rows };
    },

    /**
     * The sales people of the customers of these users' counted orders in the range and terminals, with their names:
     * the same rows as rank()'s sales-person filter, so a user kept by that filter lists the chosen sales person.
     */
    async salesOfUsers(f: { from: StatsDay; to: StatsDay; type: StatsLoadType; terminals: readonly string[]; users: readonly string[] }) {
      if (!f.users.length || !f.terminals.length) return [];
      const params: unknown[] = [];
      const range = rollupRange(f.type, f.from, f.to, params);
      return q<{ UserID: string; BusinessUserID: string; UserName: string | null }>(
        `select distinct s.user_id "UserID", cs.business_user_id "BusinessUserID", u.user_name "UserName"
           from stats_party s join customer_sales cs on cs.customer_code = s.customer_code
           left join users u on u.user_id = cs.business_user_id
          where ${range} and s.terminal_code = any(${param(params, [...f.terminals], '::text[]')}) and ${COUNTED_STATE}
            and s.user_id = any(${param(params, [...f.users], '::text[]')})`,
        params,
      );
    },

    /** A selector's customers: code, name or tax code containing the text, by name; a customer account: its own. */
    async searchCustomers(text: string, own: string | null, limit: number) {
      const params: unknown[] = [];
      const w: string[] = [];
      if (text) {
        const like = param(params, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        w.push(`(c.customer_code ilike ${like} or c.customer_name ilike ${like} or c.tax_code ilike ${like})`);
      }
      if (own != null) w.push(`c.customer_code = ${param(params, own)}`);
      return q<{ Id: string; Name: string; TaxCode: string | null }>(
        `select c.customer_code "Id", c.customer_name "Name", nullif(c.tax_code, '') "TaxCode" from customers c
          ${w.length ? `where ${w.join(' and ')}` : ''} order by c.customer_name, c.customer_code limit ${param(params, limit)}`,
        params,
      );
    },

    /** A selector's users (or only sales people of customers): ID or name containing the text; a customer account: its users. */
    async searchUsers(text: string, own: string | null, sales: boolean, limit: number) {
      const params: unknown[] = [];
      const w: string[] = [];
      if (text) {
        const like = param(params, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        w.push(`(u.user_id ilike ${like} or u.user_name ilike ${like})`);
      }
      if (own != null) w.push(`u.customer_code = ${param(params, own)}`);
      if (sales) w.push('exists (select 1 from customer_sales cs where cs.business_user_id = u.user_id)');
      return q<{ Id: string; Name: string; TaxCode: string | null }>(
        `select u.user_id "Id", u.user_name "Name", null::text "TaxCode" from users u
          ${w.length ? `where ${w.join(' and ')}` : ''} order by u.user_name, u.user_id limit ${param(params, limit)}`,
        params,
      );
    },

    async jobModes() {
      return q<{
        JobModeCode: string;
        JobModeName: string;
        IsLoLo: boolean;
        IsCFSStuff: boolean;
        IsCFSUnstuff: boolean;
        IsCFSChange: boolean;
        IsServiceYard: boolean;
        IsServiceNonCont: boolean;
      }>(
        `select job_mode_code "JobModeCode", job_mode_name "JobModeName", is_lolo "IsLoLo", is_cfs_stuff "IsCFSStuff",
                is_cfs_unstuff "IsCFSUnstuff", is_cfs_change "IsCFSChange", is_service_yard "IsServiceYard",
                is_service_non_cont "IsServiceNonCont" from job_modes`,
      );
    },

    async customers(codes: readonly string[]) {
      if (!codes.length) return [];
      return q<{
        CustomerCode: string;
        CustomerName: string;
        TaxCode: string;
        CustomerTypeCode: string | null;
        CustomerTypeName: string | null;
      }>(
        `select c.customer_code "CustomerCode", c.customer_name "CustomerName", c.tax_code "TaxCode",
                c.customer_type_code "CustomerTypeCode", t.customer_type_name "CustomerTypeName"
           from customers c left join customer_types t on t.customer_type_code = c.customer_type_code
          where c.customer_code = any($1::text[])`,
        [[...codes]],
      );
    },

    async userNames(ids: readonly string[]) {
      if (!ids.length) return [];
      return q<{ UserID: string; UserName: string }>(
        `select user_id "UserID", user_name "UserName" from users where user_id = any($1::text[])`,
        [[...ids]],
      );
    },

    /** The sales people of these customers, with their names (null when the account is gone). */
    async salesPeople(customers: readonly string[]) {
      if (!customers.length) return [];
      return q<{ CustomerCode: string; BusinessUserID: string; UserName: string | null }>(
        `select s.customer_code "CustomerCode", s.business_user_id "BusinessUserID", u.user_name "UserName"
           from customer_sales s left join users u on u.user_id = s.business_user_id
          where s.customer_code = any($1::text[])`,
        [[...customers]],
      );
    },

    async questions() {
      return q<{ QuestionCode: number; QuestionName: string; IsActive: boolean }>(
        `select question_code "QuestionCode", question_name "QuestionName", is_active "IsActive" from questions order by question_code`,
      );
    },

    /** Detail order lines, one per container (an order without containers gives one line). */
    async detailLines(f: {
      from: StatsDay;
      to: StatsDay;
      terminals: readonly string[];
      customerCode: string | null;
      createdBy: string | null;
      limit: number;
    }) {
      if (!f.terminals.length) return [];
      const params: unknown[] = [];
      const w = [
        `o.terminal_code = any(${param(params, [...f.terminals], '::text[]')})`,
        rawTimeRange('o.created_time', f.from, f.to, params),
      ];
      if (f.customerCode != null) w.push(`o.customer_code = ${param(params, f.customerCode)}`);
      if (f.createdBy != null) w.push(`o.created_by = ${param(params, f.createdBy)}`);
      const limit = param(params, f.limit);
      return heavy<Record<string, unknown>>(
        `select o.order_no "OrderNo", split_part(o.pin_code, '-', 1) "PinCode", o.terminal_code "TerminalCode",
                c.container_no "ContainerNo", o.job_mode_code "JobModeCode", j.job_mode_name "JobModeName",
                o.job_mode_code || '-' || coalesce(c.iso_sizetype, '') "TariffCode",
                coalesce(j.job_mode_name, o.job_mode_code) || coalesce(' ' || c.iso_sizetype, '') "TariffName",
                o.operation_code "OperationCode", c.iso_sizetype "IsoSizetype", c.fe "FE", cl.class_name "ClassName",
                null::text "MethodName", ct.cargo_type_name "CargoTypeName", c.temperature::float8 "Temperature", c.vent "Vent",
                c.vent_unit "VentUnit", c.imo_class "Class", c.unno "Unno", c.oog_top "OogTop", c.oog_left "OogLeft",
                c.oog_right "OogRight", c.oog_back "OogBack", c.oog_front "OogFront", c.mc_weight::float8 "MCWeight", c.pod "POD",
                c.fpod "FPOD", c.seal_no "Sealno", c.is_local_foreign "IsLocalForeign", v.vessel_name "VesselName",
                v.vessel_im_voy "VesselImVoy", v.vessel_ex_voy "VesselExVoy", o.bl_no "BLNo", o.booking_no "BookingNo",
                o.shipper_name "ShipperName", o.money_credit "MoneyCredit", i.invoice_series || i.invoice_no "InvoiceNo",
                to_char(i.issue_date at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD HH24:MI') "InvoiceDate",
                o.total_amount::float8 "TotalAmount", cu.customer_name "CustomerName", cu.tax_code "TaxCode", cu.address "Address",
                o.created_by "CreatedBy", cu.represent "ShipperRepresent", cu.phone "ShipperTel",
                to_char(o.created_time at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD HH24:MI') "IssueDate", o.note "Note"
           from orders o
           left join order_containers c on c.order_no = o.order_no
           left join job_modes j on j.job_mode_code = o.job_mode_code
           left join customers cu on cu.customer_code = o.customer_code
           left join vessel_voyages v on v.vessel_key = o.vessel_key
           left join cargo_types ct on ct.cargo_type_code = c.cargo_type_code
           left join classes cl on cl.class_code = c.class_code::text
           left join invoices i on i.order_no = o.order_no and i.status = 'Y'
          where ${COUNTED_ORDER} and ${w.join(' and ')}
          order by o.order_no, c.container_no
          limit ${limit}`,
        params,
      );
    },

    /** Rating rows (detail or notes) of the range. */
    async ratingRows(f: RatingQuery & { question: number | null; notes: boolean; limit: number }) {
      if (!f.terminals.length) return [];
      const params: unknown[] = [];
      const w = [
        rawTimeRange('r.created_time', f.from, f.to, params),
        `r.terminal_code = any(${param(params, [...f.terminals], '::text[]')})`,
      ];
      if (f.customerCode != null) w.push(`r.customer_code = ${param(params, f.customerCode)}`);
      if (f.userId != null) w.push(`r.user_id = ${param(params, f.userId)}`);
      if (f.notes) w.push(`r.question_code = 0 and r.rating_note is not null`);
      else if (f.question != null) w.push(`r.question_code = ${param(params, f.question)}`);
      const limit = param(params, f.limit);
      return q<Record<string, unknown>>(
        `select r.user_id "UserID", u.user_name "UserName", r.pin_code "PinCode", r.terminal_code "TerminalCode",
                r.screen_name "ScreenName", j.job_mode_name "JobModeName", r.question_code "QuestionCode",
                coalesce(qn.question_name, r.question_code::text) "QuestionName", r.rating::int "Rating", r.rating_note "RatingNote",
                to_char(r.created_time at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD HH24:MI:SS') "CreatedTime"
           from ratings r
           left join users u on u.user_id = r.user_id
           left join job_modes j on j.job_mode_code = r.job_mode_code
           left join questions qn on qn.question_code = r.question_code
          where ${w.join(' and ')}
          order by r.created_time, r.rowguid
          limit ${limit}`,
        params,
      );
    },

    /**
     * Rebuilds every rollup from the source rows in one transaction (after a bulk load with the
     * triggers off, or to repair). The triggers keep them afterwards.
     */
    async rebuild() {
      await database.session(async (s) => {
        await s('begin');
        try {
          await s(`truncate stats_order_facts, stats_order_delta, stats_terminal, stats_party, stats_mb, stats_rating, stats_personal`);
          await s(`insert into stats_order_facts (order_no, day, terminal_code, customer_code, user_id, job_mode_code, source, state,
                                                  order_status, container_count, total_teus, total_amount, approved_by, wait_seconds)
                   select o.order_no, stats_vn_day(o.created_time), o.terminal_code, o.customer_code, coalesce(o.created_by, ''),
                          o.job_mode_code, o.source, o.state, o.order_status, coalesce(c.n, 0), coalesce(c.teus, 0), o.total_amount,
                          case when o.state = 'M' then coalesce(o.approved_by, '') else '' end,
                          stats_order_wait(o.state, o.approved_time, o.waiting_since)
                     from (select x.*, stats_order_state(x.order_status, x.is_auto_approved, x.transaction_id is not null,
                                                         x.expired_unpaid_at is not null) as state from orders x) o
                     left join (select order_no, count(*)::int n, sum(teu)::int teus from order_containers group by order_no) c
                       on c.order_no = o.order_no`);
          for (const [grain, pk] of [
            ['D', 'f.day'],
            ['M', `date_trunc('month', f.day)::date`],
          ] as const) {
            await s(`insert into stats_terminal (grain, period_start, terminal_code, job_mode_code, source, state,
                                                 order_count, container_count, total_teus, total_amount, wait_seconds)
                     select '${grain}', ${pk}, f.terminal_code, f.job_mode_code, f.source, f.state,
                            count(*), sum(f.container_count), sum(f.total_teus), sum(f.total_amount), sum(f.wait_seconds)
                       from stats_order_facts f where f.state <> 'O'
                      group by ${pk}, f.terminal_code, f.job_mode_code, f.source, f.state`);
            await s(`insert into stats_party (grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, state,
                                              order_count, container_count, total_teus, total_amount, wait_seconds)
                     select '${grain}', ${pk}, f.terminal_code, f.customer_code, f.user_id, f.job_mode_code, f.source, f.state,
                            count(*), sum(f.container_count), sum(f.total_teus), sum(f.total_amount), sum(f.wait_seconds)
                       from stats_order_facts f where f.state <> 'O'
                      group by ${pk}, f.terminal_code, f.customer_code, f.user_id, f.job_mode_code, f.source, f.state`);
            await s(`insert into stats_personal (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
                     select '${grain}', ${pk}, f.user_id, f.terminal_code, 'order', f.order_status, f.job_mode_code, count(*)
                       from stats_order_facts f where f.user_id <> ''
                      group by ${pk}, f.user_id, f.terminal_code, f.order_status, f.job_mode_code`);
            const pd = grain === 'D' ? 'x.day' : `date_trunc('month', x.day)::date`;
            await s(`insert into stats_personal (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
                     select '${grain}', ${pd}, x.user_id, x.terminal_code, 'invoice', x.status, x.job_mode_code, count(*)
                       from (select stats_vn_day(i.issue_date) as day, f.user_id, f.terminal_code, i.status, f.job_mode_code
                               from invoices i join stats_order_facts f on f.order_no = i.order_no where f.user_id <> '') x
                      group by 2, x.user_id, x.terminal_code, x.status, x.job_mode_code`);
            await s(`insert into stats_personal (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
                     select '${grain}', ${pd}, x.user_id, x.terminal_code, 'transaction', x.status, x.job_mode_code, count(*)
                       from (select stats_vn_day(p.created_time) as day, p.user_id, f.terminal_code, p.status::text status, f.job_mode_code
                               from payments p join stats_order_facts f on f.order_no = p.order_no where p.user_id is not null) x
                      group by 2, x.user_id, x.terminal_code, x.status, x.job_mode_code`);
            await s(`insert into stats_mb (grain, period_start, terminal_code, customer_code, pay_count, pay_amount, service_fee)
                     select '${grain}', ${pd}, x.terminal_code, x.customer_code, count(*), sum(x.amount), sum(x.service_fee)
                       from (select stats_vn_day(coalesce(p.completed_time, p.created_time)) as day, f.terminal_code, f.customer_code,
                                    p.amount, p.service_fee
                               from payments p join stats_order_facts f on f.order_no = p.order_no
                              where p.status = 1 and p.partner_code = 'MB') x
                      group by 2, x.terminal_code, x.customer_code`);
            await s(`insert into stats_rating (grain, period_start, terminal_code, customer_code, user_id, question_code,
                                               total_rating, count_rating, count1, count2, count3, count4, count5)
                     select '${grain}', ${pd}, x.terminal_code, x.customer_code, x.user_id, x.question_code,
                            coalesce(sum(x.rating), 0), count(*), count(*) filter (where x.rating = 1), count(*) filter (where x.rating = 2),
                            count(*) filter (where x.rating = 3), count(*) filter (where x.rating = 4), count(*) filter (where x.rating = 5)
                       from (select stats_vn_day(r.created_time) as day, r.terminal_code, coalesce(r.customer_code, '') customer_code,
                                    r.user_id, r.question_code, r.rating from ratings r) x
                      group by 2, x.terminal_code, x.customer_code, x.user_id, x.question_code`);
          }
          await s('commit');
        } catch (err) {
          await s('rollback');
          throw err;
        }
      });
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
