import { formatPortTime, portFormats } from '@smartport/contract';
import ExcelJS from 'exceljs';
import type { ReportOrder, TerminalFigures } from './report-mail.repository';

const statusNames: Record<string, string> = { A: 'Chưa thanh toán', P: 'Chờ duyệt', C: 'Đã duyệt' };

/** Port time 'DD/MM/YYYY HH:mm:ss' (spec 03 §1 Excel dates). */
const excelTime = (d: Date) => formatPortTime(d, portFormats.dateTime);

/** The report's workbook: the summary per terminal, then the orders of the period. */
export async function reportWorkbook(period: { from: Date; to: Date }, figures: TerminalFigures[], orders: ReportOrder[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SmartPort';
  const summary = wb.addWorksheet('Tổng hợp');
  summary.addRow(['BÁO CÁO THỐNG KÊ SMARTPORT']).font = { bold: true, size: 14 };
  summary.addRow([`Từ ${excelTime(period.from)} đến ${excelTime(period.to)}`]);
  summary.addRow([]);
  summary.addRow(['Mã cảng', 'Tên cảng', 'Số lệnh', 'Lệnh đã thanh toán', 'Doanh thu (VND)', 'Số container', 'TEU']).font = { bold: true };
  for (const f of figures) summary.addRow([f.TerminalCode, f.TerminalName, f.Orders, f.PaidOrders, f.Revenue, f.Containers, f.Teu]);
  const total = (k: 'Orders' | 'PaidOrders' | 'Revenue' | 'Containers' | 'Teu') => figures.reduce((s, f) => s + f[k], 0);
  summary.addRow(['Tổng', '', total('Orders'), total('PaidOrders'), total('Revenue'), total('Containers'), total('Teu')]).font = {
    bold: true,
  };
  summary.columns.forEach((c, i) => {
    c.width = [12, 34, 10, 18, 18, 14, 10][i] ?? 12;
  });
  summary.getColumn(5).numFmt = '#,##0';

  const list = wb.addWorksheet('Danh sách lệnh');
  list.addRow(['Số lệnh', 'Mã cảng', 'Khách hàng', 'Phương án', 'Trạng thái', 'Thành tiền (VND)', 'TEU', 'Ngày tạo']).font = { bold: true };
  for (const o of orders) {
    list.addRow([
      o.OrderNo,
      o.TerminalCode,
      o.CustomerCode,
      o.JobModeCode,
      statusNames[o.OrderStatus] ?? o.OrderStatus,
      o.TotalAmount,
      o.Teu,
      excelTime(o.CreatedTime),
    ]);
  }
  list.columns.forEach((c, i) => {
    c.width = [18, 10, 14, 12, 16, 18, 8, 22][i] ?? 12;
  });
  list.getColumn(6).numFmt = '#,##0';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
