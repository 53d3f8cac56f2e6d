import { formatPortTime, PORT_TIME_ZONE, parsePortTime, portFormats, portInstant } from '@smartport/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PORT_TZ = PORT_TIME_ZONE;

/** The spec's date-time format for catalogue cells, Excel import and export (spec 03 §1). */
export const GRID_DATE_TIME = portFormats.dateTime;

/** Times are shown in Asia/Ho_Chi_Minh with the spec's formats (default YYYY-MM-DD HH:mm). */
export function formatDateTime(value: string | Date | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? formatPortTime(d.toDate(), format) : '';
}

/**
 * Reads 'DD/MM/YYYY HH:mm:ss' (seconds, or the whole time, may be left out; one or two digits each) as a wall-clock
 * time in Asia/Ho_Chi_Minh; null when it is not a real date (31/02/2026, 25:00).
 */
export function parsePortDateTime(text: string): Date | null {
  for (const format of [portFormats.dateTime, portFormats.dateTimeMinutes, portFormats.date]) {
    const at = parsePortTime(text, format, { loose: true });
    if (at) return at;
  }
  return null;
}

/** A wall-clock time given as fields (as Excel stores it, no zone) taken as Asia/Ho_Chi_Minh. */
export const portWallClock = (y: number, m: number, d: number, h = 0, min = 0, s = 0): Date => portInstant(y, m, d, h, min, s);

/** Money is integer VND, shown with Vietnamese grouping and 'VNĐ'. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount == null) return '';
  return `${Math.round(amount).toLocaleString('vi-VN')} VNĐ`;
}

/** Spec 03 §9: configuration dates are shown YYYY-MM-DD HH:mm:ss. */
export const CONFIG_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
/**
 * What a date typed into a configuration date field may look like besides the shown format: the day alone, Vietnamese
 * or ISO, with or without a time (a field that stands for the start or the end of a day takes the day only).
 */
export const TYPED_DATE_FORMATS = ['DD/MM/YYYY', 'DD/MM/YYYY HH:mm:ss', 'D/M/YYYY', 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss'];
