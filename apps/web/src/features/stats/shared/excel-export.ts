import dayjs from 'dayjs';
import type ExcelJS from 'exceljs';
import { statsText } from './texts';

/** The terminal whose letterhead tops an export (spec 02 §2.6.1; common/getTerminalList's first row). */
export interface ExportTerminal {
  TerminalName: string;
  TerminalNameEnglish?: string;
  Address?: string;
  Tel?: string;
  Fax?: string;
  Web?: string;
}

export interface ExportHeader {
  /** Upper-case report title, e.g. 'THỐNG KÊ TỔNG LỆNH THEO KHÁCH HÀNG'. */
  title: string;
  /** The range already written as the report shows it (DD/MM/YYYY HH:mm:ss). */
  range?: { from: string; to: string };
  terminal?: ExportTerminal | null;
  /** Receiver and preparer signature areas under the table (default true). */
  signatures?: boolean;
}

export interface ExportColumn {
  title: string;
  /** Width in characters. */
  width?: number;
  /** Excel number format for numeric cells, e.g. '#,##0' or '0.00"%"'. */
  numFmt?: string;
}

export type ExportCell = string | number | null | undefined;

export interface ExportRow {
  cells: readonly ExportCell[];
  /** Nesting level in a grouped table (0 = top); deeper rows are indented and outlined. */
  level?: number;
  bold?: boolean;
  /**
   * Per cell, the rows it spans downward (the detail's order-level columns, spec 02 §9): merged into one cell, the
   * value written once, so summing a column counts an order once. The spanned rows leave those cells empty.
   */
  spans?: readonly (number | undefined)[];
}

/** The export's time stamp and range format (spec 02 §2.6.1). */
export const EXPORT_TIME = 'DD/MM/YYYY HH:mm:ss';

/** Excel allows 31 characters and none of \ / ? * [ ] : in a sheet name. */
const sheetName = (title: string) =>
  title
    .replace(/[\\/?*[\]:]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

/** A file name without characters file systems refuse. */
export const reportFileName = (name: string) =>
  `${
    name
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'thong-ke'
  }.xlsx`;

const thin: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

/**
 * A report workbook: the terminal's letterhead (name, English name, address, phone/fax/web), the title, the date
 * range, the table with its header row, then the receiver's and preparer's signature areas and the time of export.
 * ExcelJS is loaded here, on the first export, not with the screen.
 */
export async function buildReportWorkbook(header: ExportHeader, columns: readonly ExportColumn[], rows: readonly ExportRow[]) {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'SmartPort';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(header.title));
  const width = Math.max(columns.length, 4);
  sheet.columns = columns.map((c) => ({ width: c.width ?? 16 }));

  const line = (text: string, style: Partial<ExcelJS.Style> = {}, merge = true) => {
    const row = sheet.addRow([text]);
    if (merge) sheet.mergeCells(row.number, 1, row.number, width);
    Object.assign(row.getCell(1), { style: { ...row.getCell(1).style, ...style } });
    return row;
  };

  const term = header.terminal;
  if (term) {
    line(term.TerminalName, { font: { bold: true, size: 12 } });
    if (term.TerminalNameEnglish) line(term.TerminalNameEnglish, { font: { italic: true } });
    if (term.Address) line(statsText('common.excel.address', { value: term.Address }));
    line(statsText('common.excel.contact', { tel: term.Tel ?? '', fax: term.Fax ?? '', web: term.Web ?? '' }));
    sheet.addRow([]);
  }
  line(header.title, { font: { bold: true, size: 14 }, alignment: { horizontal: 'center' } });
  if (header.range) line(statsText('common.excel.range', header.range), { font: { italic: true }, alignment: { horizontal: 'center' } });
  sheet.addRow([]);

  const head = sheet.addRow(columns.map((c) => c.title));
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.border = thin;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: head.number }];

  const merges: [number, number, number][] = [];
  for (const r of rows) {
    const row = sheet.addRow(columns.map((_, i) => r.cells[i] ?? null));
    r.spans?.forEach((span, i) => {
      if (span && span > 1 && i < columns.length) merges.push([row.number, i + 1, span]);
    });
    if (r.level) row.outlineLevel = r.level;
    if (r.bold) row.font = { bold: true };
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      cell.border = thin;
      if (c.numFmt && typeof cell.value === 'number') cell.numFmt = c.numFmt;
      if (i === 0 && r.level) cell.alignment = { indent: r.level * 2 };
    });
  }

  for (const [row, col, span] of merges) {
    sheet.mergeCells(row, col, row + span - 1, col);
    sheet.getCell(row, col).alignment = { ...sheet.getCell(row, col).alignment, vertical: 'middle' };
  }

  sheet.addRow([]);
  const printed = sheet.addRow([]);
  printed.getCell(Math.max(1, width - 1)).value = statsText('common.excel.printedAt', { time: dayjs().format(EXPORT_TIME) });
  printed.getCell(Math.max(1, width - 1)).font = { italic: true };
  if (header.signatures !== false) {
    const sign = sheet.addRow([]);
    const left = 2;
    const right = Math.max(left + 1, width - 1);
    sign.getCell(left).value = statsText('common.excel.receiver');
    sign.getCell(right).value = statsText('common.excel.preparer');
    sign.font = { bold: true };
    const hint = sheet.addRow([]);
    hint.getCell(left).value = statsText('common.excel.signHint');
    hint.getCell(right).value = statsText('common.excel.signHint');
    hint.font = { italic: true };
  }
  return (await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer;
}

/** Builds the report workbook and hands it to the browser as `<fileName>.xlsx`. */
export async function downloadReportWorkbook(
  fileName: string,
  header: ExportHeader,
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
): Promise<void> {
  const data = await buildReportWorkbook(header, columns, rows);
  const blob = new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = reportFileName(fileName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
