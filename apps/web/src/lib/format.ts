import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PORT_TZ = 'Asia/Ho_Chi_Minh';

/** The spec's date-time format for catalogue cells, Excel import and export (spec 03 §1). */
export const GRID_DATE_TIME = 'DD/MM/YYYY HH:mm:ss';

/** Times are shown in Asia/Ho_Chi_Minh with the spec's formats (default YYYY-MM-DD HH:mm). */
export function formatDateTime(value: string | Date | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.tz(PORT_TZ).format(format) : '';
}

const shape = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * Reads 'DD/MM/YYYY HH:mm:ss' (seconds, or the whole time, may be left out) as a wall-clock time
 * in Asia/Ho_Chi_Minh; null when it is not a real date (31/02/2026, 25:00).
 */
export function parsePortDateTime(text: string): Date | null {
  const m = shape.exec(text.trim().replace(/\s+/g, ' '));
  if (!m) return null;
  const [d, mo, y, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  // Day 31 of a 30-day month rolls over; the calendar says whether the day exists.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return portWallClock(y, mo, d, h, mi, s);
}

/** A wall-clock time given as fields (as Excel stores it, no zone) taken as Asia/Ho_Chi_Minh. */
export function portWallClock(y: number, m: number, d: number, h = 0, min = 0, s = 0): Date {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return dayjs.tz(`${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(min)}:${pad(s)}`, PORT_TZ).toDate();
}

/** Money is integer VND, shown with Vietnamese grouping and 'VNĐ'. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount == null) return '';
  return `${Math.round(amount).toLocaleString('vi-VN')} VNĐ`;
}
