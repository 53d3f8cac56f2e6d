/**
 * Statistics periods (spec 02 §2.3–2.7, §7, §9): the four period types, the accepted time texts,
 * the period list of a range and each period's label. Shared by the server (which answers per
 * period) and the web (pickers, defaults, titles), so both cut periods the same way.
 *
 * Periods are calendar periods in Vietnam time (Asia/Ho_Chi_Minh, UTC+7, no daylight saving):
 * a day, a month, a quarter starting at months 1, 4, 7, 10, a year. A range is cut into the
 * periods it touches and each period is clipped to the range, so the first and last periods may be
 * partial. Statistics count whole days: `fromTime`'s day to `toTime`'s day, both included (the time
 * of day is read but not used).
 */

export const statsLoadTypes = ['day', 'month', 'quarter', 'year'] as const;
export type StatsLoadType = (typeof statsLoadTypes)[number];

/** At most this many periods in one answer (a year and a month of days; 33 years of months). */
export const STATS_MAX_PERIODS = 400;

/** A calendar day as the rollups store it, 'YYYY-MM-DD'. */
export type StatsDay = string;

export interface StatsPeriod {
  /** 'Ngày 05/03/2026', 'Tháng 3 năm 2026', 'Quý 1 năm 2026', 'Năm 2026' */
  label: string;
  /** First moment of the (clipped) period, 'YYYY-MM-DD 00:00:00' (send it back as fromTime). */
  FromDate: string;
  /** Last moment of the (clipped) period, 'YYYY-MM-DD 23:59:59' (send it back as toTime). */
  ToDate: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function validYmd(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const ymd = (y: number, m: number, d: number): StatsDay => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/**
 * Reads a statistics time text as a day. Accepted: 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm',
 * 'YYYY-MM-DDTHH:mm…' (ISO), 'YYYY-MM-DD' (the day picker's raw text), 'DD/MM/YYYY',
 * 'YYYY-MM' (month picker) and 'YYYY' (year picker). A month or a year alone means its first day
 * (`edge` 'start') or its last day (`edge` 'end'). Returns null for anything else, including a
 * day that does not exist (2026-02-30) or a time that is not a time (25:00).
 */
export function parseStatsDay(text: string, edge: 'start' | 'end'): StatsDay | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
    return validYmd(y, mo, d) ? ymd(y, mo, d) : null;
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validYmd(y, mo, d) ? ymd(y, mo, d) : null;
  }
  m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) {
    const [y, mo] = [Number(m[1]), Number(m[2])];
    if (!validYmd(y, mo, 1)) return null;
    return edge === 'start' ? ymd(y, mo, 1) : ymd(y, mo, daysInMonth(y, mo));
  }
  m = /^(\d{4})$/.exec(s);
  if (m) {
    const y = Number(m[1]);
    if (!validYmd(y, 1, 1)) return null;
    return edge === 'start' ? ymd(y, 1, 1) : ymd(y, 12, 31);
  }
  return null;
}

function parts(day: StatsDay): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/** First month of the quarter holding month `m` (1, 4, 7 or 10). */
export function quarterStartMonth(m: number): number {
  return Math.floor((m - 1) / 3) * 3 + 1;
}

/** The calendar period of `type` holding `day`: its first and last days. */
export function periodOf(type: StatsLoadType, day: StatsDay): { first: StatsDay; last: StatsDay } {
  const [y, m] = parts(day);
  switch (type) {
    case 'day':
      return { first: day, last: day };
    case 'month':
      return { first: ymd(y, m, 1), last: ymd(y, m, daysInMonth(y, m)) };
    case 'quarter': {
      const q = quarterStartMonth(m);
      return { first: ymd(y, q, 1), last: ymd(y, q + 2, daysInMonth(y, q + 2)) };
    }
    case 'year':
      return { first: ymd(y, 1, 1), last: ymd(y, 12, 31) };
  }
}

/** The label of the period of `type` holding `day` (the key of the statistics answers). */
export function periodLabel(type: StatsLoadType, day: StatsDay): string {
  const [y, m, d] = parts(day);
  switch (type) {
    case 'day':
      return `Ngày ${pad(d)}/${pad(m)}/${y}`;
    case 'month':
      return `Tháng ${m} năm ${y}`;
    case 'quarter':
      return `Quý ${Math.floor((m - 1) / 3) + 1} năm ${y}`;
    case 'year':
      return `Năm ${y}`;
  }
}

/** The day after `day`. */
export function nextDay(day: StatsDay): StatsDay {
  const [y, m, d] = parts(day);
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** How many periods of `type` the days `from`..`to` touch (0 when from > to). */
export function periodCount(type: StatsLoadType, from: StatsDay, to: StatsDay): number {
  if (from > to) return 0;
  const [y1, m1] = parts(from);
  const [y2, m2] = parts(to);
  switch (type) {
    case 'day':
      return Math.round((Date.UTC(...ymdTuple(to)) - Date.UTC(...ymdTuple(from))) / 86_400_000) + 1;
    case 'month':
      return (y2 - y1) * 12 + (m2 - m1) + 1;
    case 'quarter':
      return (y2 - y1) * 4 + (Math.floor((m2 - 1) / 3) - Math.floor((m1 - 1) / 3)) + 1;
    case 'year':
      return y2 - y1 + 1;
  }
}

function ymdTuple(day: StatsDay): [number, number, number] {
  const [y, m, d] = parts(day);
  return [y, m - 1, d];
}

/**
 * The periods of `type` that the days `from`..`to` (both included) touch, in time order, each
 * clipped to the range. Empty when from > to.
 */
export function statsPeriods(type: StatsLoadType, from: StatsDay, to: StatsDay): (StatsPeriod & { first: StatsDay; last: StatsDay })[] {
  const out: (StatsPeriod & { first: StatsDay; last: StatsDay })[] = [];
  let day = from;
  while (day <= to) {
    const p = periodOf(type, day);
    const first = p.first < from ? from : p.first;
    const last = p.last > to ? to : p.last;
    out.push({ label: periodLabel(type, day), FromDate: `${first} 00:00:00`, ToDate: `${last} 23:59:59`, first, last });
    day = nextDay(p.last);
  }
  return out;
}
