import ExcelJS from 'exceljs';

/** One line of a scheduled report: who or where, and its figures over the period. */
export interface ReportLine {
  /** The terminal (summary) or the customer (customer report). */
  Code: string;
  Name: string | null;
  TaxCode?: string | null;
  OrderCount: number;
  ContainerCount: number;
  TotalTeus: number;
  TotalAmount: number;
}

export interface ReportSheet {
  title: string;
  /** 'Từ ngày 17/11/2026 đến ngày 23/11/2026 – Cảng: BDP, CTL' */
  subtitle: string;
  codeTitle: string;
  nameTitle: string;
  withTaxCode: boolean;
  lines: ReportLine[];
}

const figureTitles = ['Số lệnh', 'Số container', 'TEU', 'Doanh thu (VNĐ)'] as const;

/** The workbook mailed by a schedule: one sheet, title, period and terminals, the lines and their total. */
export async function scheduledReportWorkbook(sheet: ReportSheet): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SmartPort';
  const ws = wb.addWorksheet('Báo cáo');
  ws.addRow([sheet.title.toUpperCase()]).font = { bold: true, size: 14 };
  ws.addRow([sheet.subtitle]);
  ws.addRow([]);
  const head = ['STT', sheet.codeTitle, sheet.nameTitle, ...(sheet.withTaxCode ? ['Mã số thuế'] : []), ...figureTitles];
  ws.addRow(head).font = { bold: true };
  sheet.lines.forEach((l, i) => {
    ws.addRow([
      i + 1,
      l.Code,
      l.Name ?? '',
      ...(sheet.withTaxCode ? [l.TaxCode ?? ''] : []),
      l.OrderCount,
      l.ContainerCount,
      l.TotalTeus,
      l.TotalAmount,
    ]);
  });
  const sum = (k: 'OrderCount' | 'ContainerCount' | 'TotalTeus' | 'TotalAmount') => sheet.lines.reduce((s, l) => s + l[k], 0);
  ws.addRow([
    'Tổng cộng',
    '',
    '',
    ...(sheet.withTaxCode ? [''] : []),
    sum('OrderCount'),
    sum('ContainerCount'),
    sum('TotalTeus'),
    sum('TotalAmount'),
  ]).font = {
    bold: true,
  };
  const first = sheet.withTaxCode ? 5 : 4;
  for (let c = first; c < first + figureTitles.length; c++) ws.getColumn(c).numFmt = '#,##0';
  ws.columns.forEach((c, i) => {
    c.width = [6, 14, 40, 16, 12, 14, 10, 20][i] ?? 14;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
