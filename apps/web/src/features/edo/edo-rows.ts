import { type EdoRow, type GridColumn, type ImportEdoRow, type LineContainer, portDayKey } from '@smartport/contract';
import { formatDateTime } from '../../lib/format';

// Pure helpers of the eDO screens: days, the issue dialog's containers, the Excel import and export rows.

/** Today in port time, 'YYYY-MM-DD' (an eDO's last day may not be before it). */
export const portToday = (now = new Date()) => portDayKey(now);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (an eDO's last day as shown); anything else as it is. */
export function showDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (day ?? '');
}

const pad = (n: number | string) => String(n).padStart(2, '0');

/**
 * An eDO's last day as typed in a sheet, as the calls carry it ('YYYY-MM-DD'): 'YYYY-MM-DD' as it is, 'DD/MM/YYYY'
 * (a date cell is read as 'DD/MM/YYYY HH:mm:ss'), or a date cell's serial number; anything else as typed (the server
 * names the row with its message).
 */
export function edoDay(raw: string | number | null | undefined): string {
  const text = String(raw ?? '').trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2] as string)}-${pad(iso[3] as string)}`;
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s.*)?$/.exec(text);
  if (vn) return `${vn[3]}-${pad(vn[2] as string)}-${pad(vn[1] as string)}`;
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    // Excel's day serial (1 = 1900-01-01, with its 1900 leap-year bug: day 0 is 1899-12-30).
    const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  return text;
}

/** The import sheet's columns (also the template's titles); read as text, the day converted by `edoDay`. */
export const importColumns: readonly GridColumn[] = [
  { field: 'TerminalCode', title: 'Cảng', type: 'text', width: 80 },
  { field: 'BLNo', title: 'Số vận đơn', type: 'text', width: 150 },
  { field: 'ConsigneeTaxCode', title: 'MST người nhận', type: 'text', width: 130 },
  { field: 'AgentTaxCode', title: 'MST ủy quyền', type: 'text', width: 130 },
  { field: 'ValidUntil', title: 'Hạn eDO', type: 'text', width: 110, hint: 'YYYY-MM-DD' },
  { field: 'ContainerNo', title: 'Số container', type: 'text', width: 130 },
];

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The sheet's rows (cells by field) as edo/import rows; blank optional cells are left out. */
export function importRowsOf(sheet: readonly Record<string, unknown>[]): ImportEdoRow[] {
  return sheet.map((v) => {
    const agent = cell(v.AgentTaxCode);
    const container = cell(v.ContainerNo).toUpperCase();
    return {
      TerminalCode: cell(v.TerminalCode).toUpperCase(),
      BLNo: cell(v.BLNo).toUpperCase(),
      ConsigneeTaxCode: cell(v.ConsigneeTaxCode),
      ValidUntil: edoDay(cell(v.ValidUntil)),
      ...(agent ? { AgentTaxCode: agent } : {}),
      ...(container ? { ContainerNo: container } : {}),
    };
  });
}

/**
 * The issue dialog's `ContainerNos`: [] (the whole bill) when every container of the bill is ticked, or when none was
 * loaded or none could be ticked (every one already on an eDO: the server then says which); null when some could be
 * ticked and none is (nothing to issue); else the ticked ones.
 */
export function containerNosToSend(loaded: readonly LineContainer[] | null, ticked: readonly string[]): string[] | null {
  if (!loaded?.length) return [];
  const free = loaded.filter((c) => !c.EdoNo);
  if (!ticked.length) return free.length ? null : [];
  if (ticked.length === loaded.length) return [];
  return [...ticked];
}

/** The containers ticked when the bill's list arrives: every one not already on an active eDO. */
export const defaultTicked = (loaded: readonly LineContainer[]) => loaded.filter((c) => !c.EdoNo).map((c) => c.ContainerNo);

/** Yard direction (ClassCode): 1 import, 2 export, 3/4 transhipment. */
export const classNames: Record<string, string> = { '1': 'Nhập', '2': 'Xuất', '3': 'Chuyển tải', '4': 'Chuyển tải' };

/** 'Xuất Excel' of the eDO list: its columns (titles as on screen) … */
export const exportColumns: readonly GridColumn[] = [
  { field: 'EdoNo', title: 'Số eDO', type: 'text', width: 110 },
  { field: 'TerminalCode', title: 'Cảng', type: 'text', width: 60 },
  { field: 'BLNo', title: 'Vận đơn', type: 'text', width: 130 },
  { field: 'ConsigneeTaxCode', title: 'MST người nhận', type: 'text', width: 110 },
  { field: 'ConsigneeName', title: 'Người nhận hàng', type: 'text', width: 220 },
  { field: 'AgentTaxCode', title: 'MST ủy quyền', type: 'text', width: 110 },
  { field: 'AgentName', title: 'Đơn vị được ủy quyền', type: 'text', width: 220 },
  { field: 'ValidUntil', title: 'Hạn', type: 'text', width: 90 },
  { field: 'StatusName', title: 'Trạng thái', type: 'text', width: 90 },
  { field: 'ContainerCount', title: 'Số container', type: 'number', width: 80 },
  { field: 'Containers', title: 'Container', type: 'text', width: 300 },
  { field: 'SharedWith', title: 'Dùng chung cảng', type: 'text', width: 110 },
  { field: 'IssuedBy', title: 'Người phát hành', type: 'text', width: 110 },
  { field: 'IssuedTime', title: 'Thời điểm', type: 'text', width: 120 },
  { field: 'Note', title: 'Ghi chú', type: 'text', width: 200 },
  { field: 'RevokeReason', title: 'Lý do thu hồi', type: 'text', width: 200 },
];

/** … and its rows, as the screen shows them. */
export function exportRowsOf(rows: readonly EdoRow[]): Record<string, unknown>[] {
  return rows.map((r) => ({
    EdoNo: r.EdoNo,
    TerminalCode: r.TerminalCode,
    BLNo: r.BLNo,
    ConsigneeTaxCode: r.ConsigneeTaxCode,
    ConsigneeName: r.ConsigneeName ?? '',
    AgentTaxCode: r.AgentTaxCode ?? '',
    AgentName: r.AgentName ?? '',
    ValidUntil: showDay(r.ValidUntil),
    StatusName: r.StatusName,
    ContainerCount: r.containers.length,
    Containers: r.containers.map((c) => c.ContainerNo).join(', '),
    SharedWith: r.SharedWith.join(', '),
    IssuedBy: r.IssuedBy,
    IssuedTime: formatDateTime(r.IssuedTime, 'DD/MM/YYYY HH:mm'),
    Note: r.Note ?? '',
    RevokeReason: r.RevokeReason ?? '',
  }));
}
