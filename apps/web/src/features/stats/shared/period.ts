import dayjs, { type Dayjs } from 'dayjs';

/** The statistics' period types (spec 02 §9): the request's `loadType`. */
export type PeriodType = 'day' | 'month' | 'quarter' | 'year';
export const periodTypes: readonly PeriodType[] = ['month', 'quarter', 'year', 'day'];

/** What the period controls hold: the type and the two pickers' values. */
export interface PeriodValue {
  type: PeriodType;
  from: Dayjs;
  to: Dayjs;
}

/** The request time format (spec 02 §9). */
export const REQUEST_TIME = 'YYYY-MM-DD HH:mm:ss';
/** Chart titles show dates as DD/MM/YYYY (spec 02 §9). */
export const CHART_DATE = 'DD/MM/YYYY';

/** What each picker shows and how its text is written (spec 02 §2.4: month YYYY-MM, year YYYY, date YYYY-MM-DD). */
export const pickerFormat: Record<PeriodType, string> = {
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  quarter: 'YYYY-[Q]Q',
  year: 'YYYY',
};

/** Quarters start at months 1, 4, 7 and 10 (spec 02 §2.3). */
export function startOfQuarter(d: Dayjs): Dayjs {
  return d.startOf('month').month(Math.floor(d.month() / 3) * 3);
}
export function endOfQuarter(d: Dayjs): Dayjs {
  return startOfQuarter(d).add(2, 'month').endOf('month');
}

/** The first instant of the period of `type` that contains `d`. */
export function periodStart(type: PeriodType, d: Dayjs): Dayjs {
  if (type === 'quarter') return startOfQuarter(d);
  return d.startOf(type === 'day' ? 'day' : type);
}
/** The last second of the period of `type` that contains `d`. */
export function periodEnd(type: PeriodType, d: Dayjs): Dayjs {
  if (type === 'quarter') return endOfQuarter(d).millisecond(0);
  return d.endOf(type === 'day' ? 'day' : type).millisecond(0);
}

/** The dashboards' default: the current month, quarter, year or day in both pickers (spec 02 §2.4). */
export function currentPeriod(type: PeriodType, now: Dayjs = dayjs()): PeriodValue {
  return { type, from: periodStart(type, now), to: periodStart(type, now) };
}

/**
 * The request's time range: the start of the from-picker's period to the end of the to-picker's period,
 * 'YYYY-MM-DD HH:mm:ss'; the day type sends the pickers' own text (spec 02 §7). A to-picker before the
 * from-picker is taken as the from-picker's period.
 */
export function requestRange(p: PeriodValue): { fromTime: string; toTime: string } {
  const to = p.to.isBefore(p.from) ? p.from : p.to;
  if (p.type === 'day') return { fromTime: p.from.format(pickerFormat.day), toTime: to.format(pickerFormat.day) };
  return { fromTime: periodStart(p.type, p.from).format(REQUEST_TIME), toTime: periodEnd(p.type, to).format(REQUEST_TIME) };
}

/** The range as chart titles and export headers show it: DD/MM/YYYY of the first and last day. */
export function rangeDates(p: PeriodValue): { from: string; to: string } {
  const to = p.to.isBefore(p.from) ? p.from : p.to;
  return { from: periodStart(p.type, p.from).format(CHART_DATE), to: periodEnd(p.type, to).format(CHART_DATE) };
}

/**
 * The same range one year earlier (the cards' comparison with last year). A range ending on a month's last day ends
 * on that month's last day a year before (29/02 → 28/02, 28/02 → 29/02); the text keeps its format.
 */
export function sameRangeLastYear(r: { fromTime: string; toTime: string }): { fromTime: string; toTime: string } {
  const shift = (text: string, end: boolean) => {
    const d = dayjs(text);
    let back = d.subtract(1, 'year');
    if (end && d.date() === d.daysInMonth()) back = back.date(back.daysInMonth());
    return back.format(text.length > 10 ? REQUEST_TIME : pickerFormat.day);
  };
  return { fromTime: shift(r.fromTime, false), toTime: shift(r.toTime, true) };
}
