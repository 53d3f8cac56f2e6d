import { delayTimeMessage, type GridColumn, maskHHMM } from '@smartport/contract';
import { formatDateTime, GRID_DATE_TIME, parsePortDateTime, portWallClock } from '../../lib/format';
import { i18n } from '../../lib/i18n';

/** A cell as a spreadsheet or an editor gives it, before it is read by its column's type. */
export type PlainCell = string | number | boolean | Date | null | undefined;

/** A cell that cannot be read as its column's type; the message says why, in Vietnamese. */
export class CellError extends Error {
  override name = 'CellError';
}

/** Columns that take part in Excel import and export: the ones shown on screen. */
export const sheetColumns = (columns: readonly GridColumn[]) => columns.filter((c) => !c.hidden);

export const normaliseTitle = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('vi');

/** Spec 03 §1: the header row's titles name the fields (the field name itself is accepted too). */
export function mapHeader(header: readonly PlainCell[], columns: readonly GridColumn[]): Map<number, GridColumn> {
  const byName = new Map<string, GridColumn>();
  const importable = sheetColumns(columns).filter((c) => !c.readOnly);
  for (const c of importable) byName.set(normaliseTitle(c.title), c);
  for (const c of importable) if (!byName.has(normaliseTitle(c.field))) byName.set(normaliseTitle(c.field), c);
  const found = new Map<number, GridColumn>();
  const used = new Set<GridColumn>();
  header.forEach((cell, i) => {
    if (cell === null || cell === undefined || cell instanceof Date) return;
    const column = byName.get(normaliseTitle(String(cell)));
    if (column && !used.has(column)) {
      found.set(i, column);
      used.add(column);
    }
  });
  return found;
}

export const isBlank = (v: PlainCell) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

/** '25.450' and '25.450,5' (Vietnamese), '25,450.5' and '25450.5' are all numbers. */
export function parseNumber(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  let normal = s;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) normal = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(s)) normal = s.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) normal = s.replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal)) return null;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

const truthy = new Set(['x', '1', 'true', 'có', 'co', 'yes', 'y']);
const falsy = new Set(['0', 'false', 'không', 'khong', 'no', 'n']);

// Excel keeps wall-clock times without a zone; ExcelJS hands them over as UTC fields.
const excelWallClock = (d: Date) =>
  portWallClock(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());

const excelSerialToDate = (serial: number) => new Date(Math.round((serial - 25569) * 86_400_000));

/**
 * One non-blank cell read as its column's type (spec 03 §1): strings trimmed, dates
 * DD/MM/YYYY HH:mm:ss in port time (returned as ISO), flags from x/1/0/true/false, choices from
 * their meanings (or their stored values). Throws CellError when the cell is not of that type.
 */
export function parseCell(raw: PlainCell, column: GridColumn): unknown {
  const shown = raw instanceof Date ? formatDateTime(excelWallClock(raw), GRID_DATE_TIME) : String(raw ?? '').trim();
  switch (column.type) {
    case 'text': {
      if (column.mask !== 'HH:MM') return shown;
      const masked = maskHHMM(shown);
      if (masked === null) throw new CellError(delayTimeMessage);
      return masked;
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? parseNumber(raw) : null;
      if (n === null) throw new CellError(t('grid.excel.notNumber', { value: shown }));
      return n;
    }
    case 'bool': {
      if (typeof raw === 'boolean') return raw;
      const key = shown.toLocaleLowerCase('vi');
      if (truthy.has(key)) return true;
      if (falsy.has(key)) return false;
      throw new CellError(t('grid.excel.notBool', { value: shown }));
    }
    case 'enum': {
      const options = column.options ?? [];
      const key = normaliseTitle(shown);
      const option =
        options.find((o) => normaliseTitle(o.label) === key) ??
        options.find((o) => o.value !== null && normaliseTitle(String(o.value)) === key);
      if (!option) throw new CellError(t('grid.excel.notOption', { value: shown, options: options.map((o) => o.label).join(', ') }));
      return option.value;
    }
    case 'datetime': {
      let d: Date | null = null;
      if (raw instanceof Date) d = Number.isNaN(raw.getTime()) ? null : excelWallClock(raw);
      else if (typeof raw === 'number') d = excelWallClock(excelSerialToDate(raw));
      else if (typeof raw === 'string') d = parsePortDateTime(raw);
      if (!d) throw new CellError(t('grid.excel.notDate', { value: shown }));
      return d.toISOString();
    }
  }
}

/**
 * A value typed into a grid cell. Unlike an import, where a blank cell is skipped, a blank here
 * clears the cell.
 */
export function parseEdit(input: PlainCell, column: GridColumn): unknown {
  if (isBlank(input)) {
    if (column.type === 'text') return '';
    if (column.type === 'bool') return false;
    if (column.type === 'enum' && !(column.options ?? []).some((o) => o.value === null))
      throw new CellError(t('grid.excel.notOption', { value: '', options: (column.options ?? []).map((o) => o.label).join(', ') }));
    return null;
  }
  return parseCell(input, column);
}

const optionLabel = (column: GridColumn, value: unknown) => {
  const options = column.options ?? [];
  const o =
    options.find((x) => x.value === value) ?? options.find((x) => x.value !== null && value != null && String(x.value) === String(value));
  return o ? o.label : value == null ? '' : String(value);
};

/** How a value reads on screen and in the quick search: choices by meaning, times in port time. */
export function displayValue(value: unknown, column: GridColumn): string {
  switch (column.type) {
    case 'enum':
      return optionLabel(column, value);
    case 'datetime':
      return formatDateTime(value as string | Date | null, GRID_DATE_TIME);
    case 'bool':
      return value ? t('grid.excel.yes') : '';
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('vi-VN', { maximumFractionDigits: 6 }) : value == null ? '' : String(value);
    default:
      return value == null ? '' : String(value);
  }
}

/** A cell of the exported sheet: flags 'x' or blank, choices by meaning, dates DD/MM/YYYY HH:mm:ss, numbers as numbers. */
export function exportCell(value: unknown, column: GridColumn): string | number | null {
  if (column.type === 'number') {
    if (value === null || value === undefined || value === '') return null;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  const text = displayValue(value, column);
  return text === '' ? null : text;
}
