import type { GridColumn } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { i18n } from '../../lib/i18n';
import { CellError, exportCell, isBlank, mapHeader, type PlainCell, parseCell, sheetColumns } from './grid-cells';
import type { GridValues } from './grid-rows';

// Loaded on demand ('Nhập Excel' / 'Xuất Excel'): ExcelJS is large and only these buttons need it.

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

/** The plain value of an ExcelJS cell: rich text joined, formulas by their result, links by their text. */
export function plainCellValue(value: ExcelJS.CellValue): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((p) => p.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || typeof result === 'object') return result instanceof Date ? result : null;
    return result as PlainCell;
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return null;
}

const HEADER_SEARCH_ROWS = 10;

/** What is wrong with an imported file, in words for its user. */
export class WorkbookError extends Error {
  override name = 'WorkbookError';
}

/**
 * Reads the first sheet of an .xlsx into grid rows (spec 03 §1): the header row is the one
 * among the first rows whose titles match most columns; blank cells are left out, blank rows skipped.
 * Throws a WorkbookError whose Vietnamese message tells what is wrong (shown after 'Sai định dạng file excel ! ').
 */
export async function readGridWorkbook(data: ArrayBuffer, columns: readonly GridColumn[]): Promise<GridValues[]> {
  const rows = await readGridSheet(data, columns);
  const bad = rows.find((r) => r.errors.length);
  if (bad) throw new WorkbookError(bad.errors[0]);
  return rows.map((r) => r.values);
}

/** A data row of an imported sheet: its row number in the sheet, the cells read, and why cells could not be read. */
export interface SheetRow {
  sheetRow: number;
  values: GridValues;
  /** 'Dòng 12, cột "Ngày vào bãi": …' for each cell that could not be read (left out of `values`). */
  errors: string[];
}

/**
 * The rows of the first sheet with their sheet row numbers; a cell that cannot be read is named in its row's
 * `errors` instead of failing the file (a screen that checks rows one by one keeps the others).
 */
export async function readGridSheet(data: ArrayBuffer, columns: readonly GridColumn[]): Promise<SheetRow[]> {
  try {
    return await readWorkbook(data, columns);
  } catch (e) {
    if (e instanceof WorkbookError) throw e;
    // A .csv, an old .xls, a damaged or renamed file: the zip and sheet readers' own (English) words stay in the
    // console; the user reads what to do.
    console.warn('Excel import:', e);
    throw new WorkbookError(t('grid.excel.notXlsx'));
  }
}

async function readWorkbook(data: ArrayBuffer, columns: readonly GridColumn[]): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new WorkbookError(t('grid.excel.noSheet'));

  const rowCells = (n: number): PlainCell[] => {
    const cells: PlainCell[] = [];
    sheet.getRow(n).eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col - 1] = plainCellValue(cell.value);
    });
    return cells;
  };

  let headerRow = 0;
  let header = new Map<number, GridColumn>();
  const lastSearched = Math.min(sheet.rowCount, HEADER_SEARCH_ROWS);
  for (let n = 1; n <= lastSearched; n++) {
    const mapped = mapHeader(rowCells(n), columns);
    if (mapped.size > header.size) {
      header = mapped;
      headerRow = n;
    }
  }
  if (!header.size) {
    const titles = sheetColumns(columns)
      .filter((c) => !c.readOnly)
      .map((c) => c.title)
      .join(', ');
    throw new WorkbookError(t('grid.excel.noHeader', { titles }));
  }

  const rows: SheetRow[] = [];
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
    const cells = rowCells(n);
    const values: GridValues = {};
    const errors: string[] = [];
    for (const [index, column] of header) {
      const raw = cells[index];
      if (isBlank(raw)) continue;
      try {
        values[column.field] = parseCell(raw, column);
      } catch (e) {
        if (!(e instanceof CellError)) throw e;
        errors.push(t('grid.excel.badCell', { row: n, title: column.title, reason: e.message }));
      }
    }
    if (Object.keys(values).length || errors.length) rows.push({ sheetRow: n, values, errors });
  }
  if (!rows.length) throw new WorkbookError(t('grid.excel.noRows'));
  return rows;
}

/** Excel allows 31 characters and none of \ / ? * [ ] : in a sheet name. */
export const sheetName = (title: string) =>
  title
    .replace(/[\\/?*[\]:]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

/** A file name from the grid title, without characters file systems refuse. */
export const exportFileName = (title: string) =>
  `${
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'du-lieu'
  }.xlsx`;

/** The rows shown (after search), under the column titles, with an STT column first. */
export async function buildGridWorkbook(title: string, columns: readonly GridColumn[], rows: readonly GridValues[]): Promise<ArrayBuffer> {
  const shown = sheetColumns(columns);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SmartPort';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: t('grid.rowNumber'), key: '__stt', width: 6 },
    ...shown.map((c) => ({ header: c.title, key: c.field, width: Math.max(12, Math.round((c.width ?? 150) / 7)) })),
  ];
  sheet.getRow(1).font = { bold: true };
  rows.forEach((values, i) => {
    sheet.addRow([i + 1, ...shown.map((c) => exportCell(values[c.field], c))]);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as unknown as ArrayBuffer;
}

/** Builds the workbook and hands it to the browser as a download. */
export async function downloadGridWorkbook(title: string, columns: readonly GridColumn[], rows: readonly GridValues[]) {
  const data = await buildGridWorkbook(title, columns, rows);
  const blob = new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
