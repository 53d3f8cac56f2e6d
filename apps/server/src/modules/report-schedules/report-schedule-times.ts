import { portInstant, portParts, type ReportScheduleFrequency, type ReportSchedulePeriod } from '@smartport/contract';

/** When a schedule sends (port time). */
export interface ScheduleTiming {
  Frequency: ReportScheduleFrequency;
  /** 'HH:mm' */
  SendTime: string;
  WeekDay?: number | null;
  MonthDay?: number | null;
}

/** ISO weekday (Monday = 1 … Sunday = 7) of a port calendar day. */
const isoWeekDay = (y: number, m: number, d: number) => ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;

/** The first moment after `after` the schedule is due: its time on the next day, weekday or day of the month. */
export function nextRunAfter(s: ScheduleTiming, after: Date): Date {
  const [hour, minute] = s.SendTime.split(':').map(Number) as [number, number];
  const p = portParts(after);
  if (s.Frequency === 'monthly') {
    const day = s.MonthDay ?? 1;
    const at = portInstant(p.year, p.month, day, hour, minute);
    return at > after ? at : portInstant(p.year, p.month + 1, day, hour, minute);
  }
  let day = p.day;
  if (s.Frequency === 'weekly') day += ((s.WeekDay ?? 1) - isoWeekDay(p.year, p.month, p.day) + 7) % 7;
  const at = portInstant(p.year, p.month, day, hour, minute);
  return at > after ? at : portInstant(p.year, p.month, day + (s.Frequency === 'weekly' ? 7 : 1), hour, minute);
}

const dayText = (at: Date) => {
  const p = portParts(at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

/**
 * The port days a run due at `due` reports, 'YYYY-MM-DD' (first and last, both whole days): the day before, the
 * Monday–Sunday week before the due day's week, or the month before the due day's month.
 */
export function reportPeriodOf(period: ReportSchedulePeriod, due: Date): { from: string; to: string } {
  const p = portParts(due);
  if (period === 'day') {
    const d = portInstant(p.year, p.month, p.day - 1);
    return { from: dayText(d), to: dayText(d) };
  }
  if (period === 'week') {
    const monday = p.day - (isoWeekDay(p.year, p.month, p.day) - 1);
    return { from: dayText(portInstant(p.year, p.month, monday - 7)), to: dayText(portInstant(p.year, p.month, monday - 1)) };
  }
  return { from: dayText(portInstant(p.year, p.month - 1, 1)), to: dayText(portInstant(p.year, p.month, 0)) };
}
