import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PORT_TZ = 'Asia/Ho_Chi_Minh';

/** Times are shown in Asia/Ho_Chi_Minh with the spec's formats (default YYYY-MM-DD HH:mm). */
export function formatDateTime(value: string | Date | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!value) return '';
  return dayjs(value).tz(PORT_TZ).format(format);
}

/** Money is integer VND, shown with Vietnamese grouping and 'VNĐ'. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount == null) return '';
  return `${Math.round(amount).toLocaleString('vi-VN')} VNĐ`;
}
