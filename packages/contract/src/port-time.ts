/**
 * Port time: the port keeps Asia/Ho_Chi_Minh time, UTC+7 all year (Vietnam has no daylight saving), so
 * every port calendar boundary is a fixed offset from UTC. These pure functions are the one place that
 * turns instants into port days, months, quarters and years, day keys and the spec's display formats,
 * and reads those formats back. Server, web and simulators use them; nobody writes the offset again.
 */

/** The port's time zone (for `Intl` and dayjs' tz plugin). */
export const PORT_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** UTC+7 in milliseconds: port wall clock = UTC + this. */
export const PORT_OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The spec's formats (dayjs tokens, so the web's date pickers take the same strings). */
export const portFormats = {
  /** Chart titles, day pickers (spec 02 §9). */
  date: 'DD/MM/YYYY',
  /** Order expiry, notices, vessel times. */
  dateTimeMinutes: 'DD/MM/YYYY HH:mm',
  /** Catalogue cells, Excel import and export (spec 03 §1). */
  dateTime: 'DD/MM/YYYY HH:mm:ss',
  /** Comparison times (spec 03 §9). */
  timeDate: 'HH:mm DD/MM/YYYY',
  /** Configuration date-times (spec 03 §9) and the day picker's raw text. */
  isoDateTime: 'YYYY-MM-DD HH:mm:ss',
  isoDateTimeMinutes: 'YYYY-MM-DD HH:mm',
  isoDate: 'YYYY-MM-DD',
  time: 'HH:mm:ss',
} as const;

/** A pattern of the tokens YYYY, YY, MM, DD, HH, mm, ss (anything else is written as is). */
export type PortFormat = string;

/** The port wall clock of an instant. */
export interface PortParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function portParts(at: Date): PortParts {
  const p = new Date(at.getTime() + PORT_OFFSET_MS);
  return {
    year: p.getUTCFullYear(),
    month: p.getUTCMonth() + 1,
    day: p.getUTCDate(),
    hour: p.getUTCHours(),
    minute: p.getUTCMinutes(),
    second: p.getUTCSeconds(),
  };
}

/**
 * The instant of a port wall-clock time. Fields out of range roll over as `Date.UTC` does (month 13 is January
 * of the next year, day 0 the last day of the month before), which the boundary functions rely on.
 */
export function portInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - PORT_OFFSET_MS);
}

/**
 * The instant of a port wall-clock time when every field names a real moment (no 31/02, no 25:00), else null.
 * A year below 100 is not read as 19xx: it is refused.
 */
export function portInstantChecked(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return null;
  const at = portInstant(year, month, day, hour, minute, second);
  const p = portParts(at);
  const same = p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute && p.second === second;
  return same ? at : null;
}

/** The last second (23:59:59 port time) of a day written 'YYYY-MM-DD' (an eDO's or a booking's last day), else null. */
export function lastSecondOfDayText(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? portInstantChecked(Number(m[1]), Number(m[2]), Number(m[3]), 23, 59, 59) : null;
}

// ---- days ---------------------------------------------------------------------------------------------------------

/** The port day holding `at` as a day count since 1970-01-01 (port days between two instants = difference). */
export const portDayNumber = (at: Date): number => Math.floor((at.getTime() + PORT_OFFSET_MS) / DAY_MS);

/** 00:00:00.000 of the port day holding `at`. */
export const portDayStart = (at: Date): Date => new Date(portDayNumber(at) * DAY_MS - PORT_OFFSET_MS);

/** 23:59:59.999 of the port day holding `at` (the last instant of the day). */
export const portDayEnd = (at: Date): Date => new Date(portDayStart(at).getTime() + DAY_MS - 1);

/** 23:59:59.000 of the port day holding `at` (the day's last second, as stored to the second). */
export const portDayLastSecond = (at: Date): Date => new Date(portDayStart(at).getTime() + DAY_MS - 1000);

/** `at` moved by `days` whole days (the port has no daylight saving: a day is always 24 h). */
export const addPortDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

// ---- months, quarters, years -------------------------------------------------------------------------------------

/** 00:00:00 of the first day of the port month holding `at`. */
export function portMonthStart(at: Date): Date {
  const p = portParts(at);
  return portInstant(p.year, p.month, 1);
}

/** 23:59:59.999 of the last day of the port month holding `at`. */
export function portMonthEnd(at: Date): Date {
  const p = portParts(at);
  return new Date(portInstant(p.year, p.month + 1, 1).getTime() - 1);
}

/** First month (1, 4, 7 or 10) of the quarter holding month `month` (1–12). */
export const quarterFirstMonth = (month: number): number => Math.floor((month - 1) / 3) * 3 + 1;

/** 00:00:00 of the first day of the port quarter (January, April, July, October) holding `at`. */
export function portQuarterStart(at: Date): Date {
  const p = portParts(at);
  return portInstant(p.year, quarterFirstMonth(p.month), 1);
}

/** 23:59:59.999 of the last day of the port quarter holding `at`. */
export function portQuarterEnd(at: Date): Date {
  const p = portParts(at);
  return new Date(portInstant(p.year, quarterFirstMonth(p.month) + 3, 1).getTime() - 1);
}

/** 00:00:00 of 1 January of the port year holding `at`. */
export function portYearStart(at: Date): Date {
  return portInstant(portParts(at).year, 1, 1);
}

/** 23:59:59.999 of 31 December of the port year holding `at`. */
export function portYearEnd(at: Date): Date {
  return new Date(portInstant(portParts(at).year + 1, 1, 1).getTime() - 1);
}

// ---- keys and formats --------------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The port day of `at` as a key: 'YYMMDD' (order numbers, PINs), 'YYYYMMDD' or 'YYYY-MM-DD'. */
export function portDayKey(at: Date, shape: 'YYMMDD' | 'YYYYMMDD' | 'YYYY-MM-DD' = 'YYYY-MM-DD'): string {
  return formatPortTime(at, shape);
}

const TOKENS = /YYYY|YY|MM|DD|HH|mm|ss/g;

/** `at` written in port time with `format` (tokens YYYY, YY, MM, DD, HH, mm, ss; see `portFormats`). */
export function formatPortTime(at: Date, format: PortFormat): string {
  const p = portParts(at);
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'YY':
        return pad(p.year % 100);
      case 'MM':
        return pad(p.month);
      case 'DD':
        return pad(p.day);
      case 'HH':
        return pad(p.hour);
      case 'mm':
        return pad(p.minute);
      default:
        return pad(p.second);
    }
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a port time written with `format` (the tokens of `formatPortTime`; 'YY' is 20YY) as an instant, or null
 * when the text does not have the format or is not a real moment. Fields missing from the format are 0 (a day
 * alone is its 00:00:00). `loose` accepts one or two digits for DD, MM, HH, mm and ss and any spacing.
 */
export function parsePortTime(text: string, format: PortFormat, opts: { loose?: boolean } = {}): Date | null {
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const m of format.matchAll(TOKENS)) {
    const literal = format.slice(last, m.index);
    source += opts.loose ? escapeRe(literal).replace(/ +/g, '\\s+') : escapeRe(literal);
    const token = m[0];
    order.push(token);
    source += token === 'YYYY' ? '(\\d{4})' : opts.loose && token !== 'YY' ? '(\\d{1,2})' : '(\\d{2})';
    last = (m.index ?? 0) + token.length;
  }
  source += escapeRe(format.slice(last));
  const m = new RegExp(`^${source}$`).exec(opts.loose ? text.trim() : text);
  if (!m) return null;
  const f: Record<string, number> = { YYYY: 0, MM: 1, DD: 1, HH: 0, mm: 0, ss: 0 };
  order.forEach((token, i) => {
    const v = Number(m[i + 1]);
    if (token === 'YY') f.YYYY = 2000 + v;
    else f[token] = v;
  });
  return portInstantChecked(f.YYYY as number, f.MM as number, f.DD as number, f.HH, f.mm, f.ss);
}
