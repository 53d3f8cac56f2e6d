import { type BookingRow, type GridColumn, portDayKey } from '@smartport/contract';
import { formatDateTime } from '../../lib/format';

// Pure helpers of the booking screen: days, the sizes as the list shows them, the lines the dialogs send, the Excel rows.

type Line = BookingRow['lines'][number];
/** A line as the dialogs edit it (the quantity may be left empty while typing). */
export interface LineInput {
  IsoSizetype?: string;
  Quantity?: number | null;
}

/** Whether a day ('YYYY-MM-DD') is before today in port time (a booking's last day may not be). */
export const beforeToday = (day: string, now = new Date()) => day < portDayKey(now);

/** A booking's last day as shown: 'YYYY-MM-DD' → 'DD/MM/YYYY'; anything else as it is. */
export const dayShown = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('/') : day);

/** What orders already use of a line: the larger of the empties picked up and the laden boxes dropped off. */
export const usedOf = (l: Line) => Math.max(l.Picked, l.Dropped);

/** One size as the list shows it: '22G1: 2/40 rỗng đã cấp, 0/40 hàng đã hạ'. */
export const lineText = (l: Line) => `${l.IsoSizetype}: ${l.Picked}/${l.Quantity} rỗng đã cấp, ${l.Dropped}/${l.Quantity} hàng đã hạ`;

/** The dialogs' lines as the calls take them: sizes trimmed and upper-cased, quantities as numbers. */
export const linesToSend = (lines: readonly LineInput[]) =>
  lines.map((l) => ({ IsoSizetype: (l.IsoSizetype ?? '').trim().toUpperCase(), Quantity: Number(l.Quantity ?? 0) }));

const key = (lines: readonly { IsoSizetype: string; Quantity: number }[]) =>
  lines
    .map((l) => `${l.IsoSizetype}×${l.Quantity}`)
    .sort()
    .join(',');

/**
 * What 'Sửa' sends besides the reason: the new last day when it changed, the lines when they changed (a set: the order
 * does not matter); null when nothing changed.
 */
export function amendChange(
  row: Pick<BookingRow, 'ValidUntil' | 'lines'>,
  next: { ValidUntil: string; lines: readonly LineInput[] },
): { ValidUntil?: string; lines?: { IsoSizetype: string; Quantity: number }[] } | null {
  const lines = linesToSend(next.lines);
  const change = {
    ...(next.ValidUntil !== row.ValidUntil ? { ValidUntil: next.ValidUntil } : {}),
    ...(key(lines) !== key(row.lines) ? { lines } : {}),
  };
  return Object.keys(change).length ? change : null;
}

/** 'Xuất Excel' of the booking list: its columns (titles as on screen) … */
export const exportColumns: readonly GridColumn[] = [
  { field: 'BookingNo', title: 'Số booking', type: 'text', width: 120 },
  { field: 'TerminalCode', title: 'Cảng', type: 'text', width: 60 },
  { field: 'ValidUntil', title: 'Hạn', type: 'text', width: 90 },
  { field: 'StatusName', title: 'Trạng thái', type: 'text', width: 90 },
  { field: 'ShipperTaxCode', title: 'MST chủ hàng', type: 'text', width: 110 },
  { field: 'ShipperName', title: 'Chủ hàng', type: 'text', width: 220 },
  { field: 'Sizes', title: 'Kích cỡ', type: 'text', width: 320 },
  { field: 'Note', title: 'Ghi chú', type: 'text', width: 200 },
  { field: 'IssuedBy', title: 'Người phát hành', type: 'text', width: 110 },
  { field: 'IssuedTime', title: 'Thời điểm', type: 'text', width: 120 },
];

/** … and its rows, as the screen shows them (the sizes one a line in the cell). */
export function exportRowsOf(rows: readonly BookingRow[]): Record<string, unknown>[] {
  return rows.map((r) => ({
    BookingNo: r.BookingNo,
    TerminalCode: r.TerminalCode,
    ValidUntil: dayShown(r.ValidUntil),
    StatusName: r.StatusName,
    ShipperTaxCode: r.ShipperTaxCode ?? '',
    ShipperName: r.ShipperName ?? '',
    Sizes: r.lines.map(lineText).join('\n'),
    Note: r.Note ?? '',
    IssuedBy: r.IssuedBy,
    IssuedTime: formatDateTime(r.IssuedTime, 'DD/MM/YYYY HH:mm'),
  }));
}
