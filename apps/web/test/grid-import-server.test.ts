import { type AnyGrid, catalogs, notifyGrid } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app';
import { readGridWorkbook } from '../src/components/data-grid/grid-excel';
import { newRows, rowsToSave } from '../src/components/data-grid/grid-rows';

// Spec 03 §1 Excel import end to end, per editable catalogue: a real .xlsx written with ExcelJS (as a
// user's spreadsheet), read by the grid's reader, saved through the catalogue's own update call on the
// real server (in-process, fresh database), read back. Malformed files are refused before anything is sent.

interface Reply {
  success: boolean;
  message?: string;
  payload?: Record<string, unknown>[];
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

async function workbook(rows: unknown[][]): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dữ liệu');
  for (const r of rows) ws.addRow(r);
  return (await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer;
}

const call = (path: string, body: unknown) => t.call<Reply>(path, body, admin);
/** The editable grid entries by name: the catalogues and the notification configuration. */
const grids = { ...catalogs, notify: notifyGrid } satisfies Record<string, AnyGrid>;
type GridName = keyof typeof grids;
const list = async (name: GridName) => (await call(grids[name].calls.get.path, {})).body.payload ?? [];

/** One spreadsheet per catalogue: header titles as the grid shows them, one row as a user types it. */
const sheets: { name: GridName; cells: Record<string, unknown>; key: string; expected: Record<string, unknown> }[] = [
  {
    name: 'operation',
    cells: {
      'Mã hãng tàu': ' ial ',
      'Tên hãng tàu': 'Interasia Lines',
      'Hoạt động': 'x',
      EDO: 0,
      'Nội/Ngoại': 'Ngoại',
      'Hình thức thanh toán': 'Thu sau',
    },
    key: 'OperationCode',
    expected: { OperationCode: 'IAL', OperationName: 'Interasia Lines', IsActive: true, IsEDO: false, IsLF: 'F', MoneyCredit: 'C' },
  },
  {
    name: 'exchange',
    cells: { 'Mã tiền tệ': 'sgd', 'Tỷ giá': '19.650,5', 'Ngày áp dụng': '20/11/2026 08:30:00', 'Hoạt động': 1 },
    key: 'CurrencyCode',
    // 08:30 in Hồ Chí Minh City is 01:30 UTC.
    expected: { CurrencyCode: 'SGD', Rate: 19650.5, DateOfRate: '2026-11-20T01:30:00.000Z', IsActive: true },
  },
  {
    name: 'payment_type',
    cells: { 'Mã hình thức': 'vi', 'Tên hình thức': '  Ví điện tử  ', Loại: 'Công nợ (thu sau)' },
    key: 'PaymentTypeCode',
    expected: { PaymentTypeCode: 'VI', PaymentTypeName: 'Ví điện tử', MoneyCredit: 'C' },
  },
  {
    name: 'job_mode',
    cells: { 'Mã phương án': 'kiem', 'Tên phương án': 'Kiểm hóa tại bãi', 'Dịch vụ bãi': 'x', 'Phụ thu': 'Phụ thu chiếm dụng bãi' },
    key: 'JobModeCode',
    expected: { JobModeCode: 'KIEM', JobModeName: 'Kiểm hóa tại bãi', IsServiceYard: true, IsLoLo: false, ExtraMode: 4 },
  },
  {
    name: 'method',
    cells: { 'Mã phương thức': 'sl', 'Tên phương thức': 'Sà lan', 'Mã ánh xạ TOS': 'BARGE' },
    key: 'MethodCode',
    expected: { MethodCode: 'SL', MethodName: 'Sà lan', MappingMethod: 'BARGE' },
  },
  {
    name: 'commodity',
    cells: { 'Mã mặt hàng': 'nhanlong', 'Tên mặt hàng': 'Nhãn lồng Hưng Yên' },
    key: 'CommodityCode',
    expected: { CommodityCode: 'NHANLONG', CommodityName: 'Nhãn lồng Hưng Yên' },
  },
  {
    name: 'notify',
    cells: {
      'Tiêu đề thông báo': 'Tạm ngừng cổng B',
      'Hiển thị từ': '01/12/2026 00:00:00',
      'Thời gian kết thúc': '02/12/2026 23:59:59',
      'Ghi chú': 'Nhập từ Excel',
      'Hoạt động': 'x',
    },
    key: 'MailTitle',
    expected: { MailTitle: 'Tạm ngừng cổng B', NotifyNote: 'Nhập từ Excel', IsActive: true },
  },
];

describe('Excel import into every editable catalogue, saved on the real server', () => {
  for (const s of sheets) {
    it(`${s.name}: the rows of an ExcelJS file are saved as new rows and read back`, async () => {
      const titles = ['STT', ...Object.keys(s.cells)];
      const file = await workbook([titles, [1, ...Object.values(s.cells)], []]);
      const values = await readGridWorkbook(file, grids[s.name].columns);
      expect(values).toHaveLength(1);
      const data = rowsToSave(newRows(grids[s.name].columns, values));
      const { update } = (grids[s.name] as AnyGrid).calls;
      if (!update) throw new Error(`${s.name} has no update call`);
      const saved = await call(update.path, { data });
      expect(saved.status, saved.body.message).toBe(200);
      const row = (await list(s.name)).find((r) => r[s.key] === s.expected[s.key]);
      expect(row).toMatchObject(s.expected);
      expect(row?.Rowguid).toBeTruthy();
    });
  }
});

describe('malformed files are refused before anything is sent', () => {
  const columns = catalogs.exchange.columns;

  it('a CSV renamed .xlsx is not a workbook', async () => {
    const csv = new TextEncoder().encode('Mã tiền tệ;Tỷ giá\nUSD;25450\n');
    await expect(readGridWorkbook(csv.buffer as ArrayBuffer, columns)).rejects.toThrow('Tệp không đúng định dạng Excel (.xlsx).');
  });

  it('a truncated workbook is not a workbook', async () => {
    const good = await workbook([
      ['Mã tiền tệ', 'Tỷ giá'],
      ['USD', 25450],
    ]);
    await expect(readGridWorkbook(good.slice(0, 200), columns)).rejects.toThrow('Tệp không đúng định dạng Excel (.xlsx).');
  });

  it('a sheet without the column titles names the titles it expected', async () => {
    const file = await workbook([
      ['Currency', 'Value'],
      ['USD', 25450],
    ]);
    await expect(readGridWorkbook(file, columns)).rejects.toThrow(
      'Không tìm thấy dòng tiêu đề có tên cột: Mã tiền tệ, Tỷ giá, Ngày áp dụng, Hoạt động.',
    );
  });

  it('a cell that does not fit its column names the sheet row and column, and the catalogue is unchanged', async () => {
    const before = await list('exchange');
    const file = await workbook([
      ['Mã tiền tệ', 'Tỷ giá', 'Ngày áp dụng'],
      ['JPY', '170', '20/11/2026 08:00:00'],
      ['EUR', 'hai mươi', '20/11/2026 08:00:00'],
    ]);
    await expect(readGridWorkbook(file, columns)).rejects.toThrow('Dòng 3, cột "Tỷ giá": "hai mươi" không phải là số');
    const badDate = await workbook([
      ['Mã tiền tệ', 'Tỷ giá', 'Ngày áp dụng'],
      ['EUR', '27000', '2026-11-20'],
    ]);
    await expect(readGridWorkbook(badDate, columns)).rejects.toThrow(
      'Dòng 2, cột "Ngày áp dụng": "2026-11-20" không phải ngày giờ dạng DD/MM/YYYY HH:mm:ss',
    );
    expect(await list('exchange')).toEqual(before);
  });

  it('an imported row breaking the business key is refused by the server with nothing written', async () => {
    const before = await list('payment_type');
    const file = await workbook([
      ['Mã hình thức', 'Tên hình thức', 'Loại'],
      ['QR', 'Quét mã QR', 'Tiền mặt (thu ngay)'],
      ['qr', 'Quét mã QR (trùng)', 'M'],
    ]);
    const values = await readGridWorkbook(file, catalogs.payment_type.columns);
    const res = await call('common/updatePaymentTypeList', { data: rowsToSave(newRows(catalogs.payment_type.columns, values)) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dòng 2: Mã hình thức "QR" bị trùng với dòng 1. Chưa lưu dữ liệu nào.');
    expect(await list('payment_type')).toEqual(before);
  });
});
