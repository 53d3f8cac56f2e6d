import { exchangeCatalog, jobModeCatalog, methodCatalog, operationCatalog } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CellError, displayValue, exportCell, mapHeader, parseCell, parseEdit, parseNumber } from '../src/components/data-grid/grid-cells';
import { buildGridWorkbook, exportFileName, readGridWorkbook } from '../src/components/data-grid/grid-excel';

const column = (def: { columns: readonly { field: string }[] }, field: string) => {
  const c = def.columns.find((x) => x.field === field);
  if (!c) throw new Error(field);
  return c as (typeof operationCatalog.columns)[number];
};

async function xlsx(rows: unknown[][], build?: (ws: ExcelJS.Worksheet) => void): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dữ liệu');
  for (const r of rows) ws.addRow(r);
  build?.(ws);
  const buf = await wb.xlsx.writeBuffer();
  return buf as unknown as ArrayBuffer;
}

async function sheetRows(data: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const out: unknown[][] = [];
  ws.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return { name: ws.name, rows: out };
}

describe('Excel header row → fields (spec 03 §1)', () => {
  it('matches column titles whatever their case and spacing, ignores unknown columns, accepts field names', () => {
    const map = mapHeader(['STT', '  mã PHƯƠNG   thức ', 'Ghi chú', 'MappingMethod', 'Tên phương thức'], methodCatalog.columns);
    expect([...map].map(([i, c]) => [i, c.field])).toEqual([
      [1, 'MethodCode'],
      [3, 'MappingMethod'],
      [4, 'MethodName'],
    ]);
  });

  it('leaves hidden columns out (IsCFSChange)', () => {
    const map = mapHeader(['Mã phương án', 'Sang container'], jobModeCatalog.columns);
    expect([...map.values()].map((c) => c.field)).toEqual(['JobModeCode']);
  });
});

describe('cell parsing', () => {
  it('trims strings and turns numbers in text columns into text', () => {
    expect(parseCell('  TRUCK  ', column(methodCatalog, 'MethodCode'))).toBe('TRUCK');
    expect(parseCell(42, column(methodCatalog, 'MethodCode'))).toBe('42');
  });

  it('reads numbers written the Vietnamese or the English way', () => {
    expect(parseNumber('25.450')).toBe(25450);
    expect(parseNumber('25.450,5')).toBe(25450.5);
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber('25,450.5')).toBe(25450.5);
    expect(parseNumber('26000')).toBe(26000);
    expect(parseNumber('abc')).toBeNull();
    expect(() => parseCell('hai mươi', column(exchangeCatalog, 'Rate'))).toThrow(CellError);
  });

  it('reads flags from x, 1, 0, true, false', () => {
    const c = column(operationCatalog, 'IsActive');
    for (const v of ['x', 'X', '1', 'true', 'TRUE', true, 1]) expect(parseCell(v as never, c)).toBe(true);
    for (const v of ['0', 'false', false, 0]) expect(parseCell(v as never, c)).toBe(false);
    expect(() => parseCell('có lẽ', c)).toThrow('"có lẽ" không hợp lệ');
  });

  it('reads choices from their meanings or their stored values', () => {
    expect(parseCell('Thu sau', column(operationCatalog, 'MoneyCredit'))).toBe('C');
    expect(parseCell('m', column(operationCatalog, 'MoneyCredit'))).toBe('M');
    expect(parseCell('Ngoại', column(operationCatalog, 'IsLF'))).toBe('F');
    expect(parseCell('(Không chọn)', column(operationCatalog, 'IsLF'))).toBeNull();
    expect(parseCell('Phụ thu chiếm dụng bãi', column(jobModeCatalog, 'ExtraMode'))).toBe(4);
    expect(parseCell(2, column(jobModeCatalog, 'ExtraMode'))).toBe(2);
    expect(() => parseCell('Trả góp', column(operationCatalog, 'MoneyCredit'))).toThrow('không thuộc danh sách: Thu ngay, Thu sau');
  });

  it('reads dates as DD/MM/YYYY HH:mm:ss in port time, and Excel date cells as their wall clock', () => {
    const c = column(exchangeCatalog, 'DateOfRate');
    expect(parseCell('05/01/2026 08:30:15', c)).toBe('2026-01-05T01:30:15.000Z');
    expect(parseCell('5/1/2026', c)).toBe('2026-01-04T17:00:00.000Z');
    expect(parseCell(new Date(Date.UTC(2026, 0, 5, 8, 30, 15)), c)).toBe('2026-01-05T01:30:15.000Z');
    expect(() => parseCell('31/02/2026 00:00:00', c)).toThrow(CellError);
    expect(() => parseCell('2026-01-05', c)).toThrow('không phải ngày giờ dạng DD/MM/YYYY HH:mm:ss');
  });

  it('a blank typed into a cell clears it; a choice without an empty meaning refuses a blank', () => {
    expect(parseEdit('  ', column(methodCatalog, 'MappingMethod'))).toBe('');
    expect(parseEdit(null, column(exchangeCatalog, 'Rate'))).toBeNull();
    expect(parseEdit('', column(operationCatalog, 'IsLF'))).toBeNull();
    expect(() => parseEdit('', column(operationCatalog, 'MoneyCredit'))).toThrow(CellError);
  });
});

describe('export formatting', () => {
  it('writes flags as x or blank, choices as meanings, dates as DD/MM/YYYY HH:mm:ss, numbers as numbers', () => {
    expect(exportCell(true, column(operationCatalog, 'IsEDO'))).toBe('x');
    expect(exportCell(false, column(operationCatalog, 'IsEDO'))).toBeNull();
    expect(exportCell('C', column(operationCatalog, 'MoneyCredit'))).toBe('Thu sau');
    expect(exportCell(null, column(operationCatalog, 'IsLF'))).toBe('(Không chọn)');
    expect(exportCell(3, column(jobModeCatalog, 'ExtraMode'))).toBe('Phụ thu lưu bãi theo bậc');
    expect(exportCell('2026-01-05T01:30:15.000Z', column(exchangeCatalog, 'DateOfRate'))).toBe('05/01/2026 08:30:15');
    expect(exportCell(25450.5, column(exchangeCatalog, 'Rate'))).toBe(25450.5);
    expect(displayValue(25450.5, column(exchangeCatalog, 'Rate'))).toBe('25.450,5');
  });

  it('names the file after the grid title', () => {
    expect(exportFileName('Danh sách phương thức giao nhận')).toBe('Danh sách phương thức giao nhận.xlsx');
    expect(exportFileName('A/B: C')).toBe('A B C.xlsx');
  });

  it('builds a sheet with STT and the column titles, hidden columns left out', async () => {
    const data = await buildGridWorkbook(jobModeCatalog.title, jobModeCatalog.columns, [
      {
        JobModeCode: 'NH',
        JobModeName: 'Nâng hạ',
        IsLoLo: true,
        IsCFSStuff: false,
        IsCFSUnstuff: false,
        IsCFSChange: true,
        IsServiceYard: false,
        IsServiceNonCont: false,
        ExtraMode: 1,
      },
    ]);
    const sheet = await sheetRows(data);
    expect(sheet.name).toBe('Danh sách phương án');
    expect(sheet.rows[0]).toEqual([
      'STT',
      'Mã phương án',
      'Tên phương án',
      'Nâng hạ',
      'Đóng hàng',
      'Rút hàng',
      'Dịch vụ bãi',
      'Dịch vụ không container',
      'Phụ thu',
    ]);
    expect(sheet.rows[1]).toEqual([1, 'NH', 'Nâng hạ', 'x', undefined, undefined, undefined, undefined, 'Phụ thu nâng hạ theo bậc']);
  });
});

describe('reading a real .xlsx', () => {
  it('maps the header row below a title row, skips blank cells and blank rows, trims strings', async () => {
    const data = await xlsx([
      ['Danh sách phương thức giao nhận'],
      ['STT', 'Mã phương thức', 'Tên phương thức', 'Mã ánh xạ TOS'],
      [1, ' CONT ', 'Giao nhận container rời  ', null],
      [],
      [2, 'XE', 'Giao nhận bằng xe', 'TR2'],
    ]);
    expect(await readGridWorkbook(data, methodCatalog.columns)).toEqual([
      { MethodCode: 'CONT', MethodName: 'Giao nhận container rời' },
      { MethodCode: 'XE', MethodName: 'Giao nhận bằng xe', MappingMethod: 'TR2' },
    ]);
  });

  it('reads date cells, date strings, flags and choices of exchange rates and shipping lines', async () => {
    const rates = await xlsx(
      [
        ['Mã tiền tệ', 'Tỷ giá', 'Ngày áp dụng', 'Hoạt động'],
        ['usd', 25450, new Date(Date.UTC(2026, 0, 5, 8, 0, 0)), 'x'],
        ['EUR', '27.600,5', '06/01/2026 09:15:00', 0],
      ],
      (ws) => {
        ws.getCell('C2').numFmt = 'dd/mm/yyyy hh:mm:ss';
      },
    );
    expect(await readGridWorkbook(rates, exchangeCatalog.columns)).toEqual([
      { CurrencyCode: 'usd', Rate: 25450, DateOfRate: '2026-01-05T01:00:00.000Z', IsActive: true },
      { CurrencyCode: 'EUR', Rate: 27600.5, DateOfRate: '2026-01-06T02:15:00.000Z', IsActive: false },
    ]);
    const lines = await xlsx([
      ['Mã hãng tàu', 'Tên hãng tàu', 'Nội/Ngoại', 'Hình thức thanh toán', 'EDO'],
      ['MSC', 'Mediterranean Shipping Company', 'Ngoại', 'Thu sau', 'true'],
    ]);
    expect(await readGridWorkbook(lines, operationCatalog.columns)).toEqual([
      { OperationCode: 'MSC', OperationName: 'Mediterranean Shipping Company', IsLF: 'F', MoneyCredit: 'C', IsEDO: true },
    ]);
  });

  it('reads back what it exports', async () => {
    const rows = [
      { OperationCode: 'MSC', OperationName: 'MSC Việt Nam', IsActive: true, IsEDO: false, IsLF: 'F', MoneyCredit: 'C' },
      { OperationCode: 'VSC', OperationName: 'Vinalines', IsActive: false, IsEDO: true, IsLF: null, MoneyCredit: 'M' },
    ];
    const data = await buildGridWorkbook(operationCatalog.title, operationCatalog.columns, rows);
    const back = await readGridWorkbook(data, operationCatalog.columns);
    // Blank cells (unticked flags) are left out, as the spec says for imports.
    expect(back).toEqual([
      { OperationCode: 'MSC', OperationName: 'MSC Việt Nam', IsActive: true, IsLF: 'F', MoneyCredit: 'C' },
      { OperationCode: 'VSC', OperationName: 'Vinalines', IsEDO: true, IsLF: null, MoneyCredit: 'M' },
    ]);
  });

  it('refuses a file that is not an .xlsx', async () => {
    const notExcel = new TextEncoder().encode('Mã phương thức;Tên phương thức\nXE;Xe tải\n').buffer as ArrayBuffer;
    const error = await readGridWorkbook(notExcel, methodCatalog.columns).catch((e: Error) => e);
    // The zip reader's English words (and its URL) stay out of the message.
    expect((error as Error).message).toBe('Tệp không đúng định dạng Excel (.xlsx).');
  });

  it('refuses a damaged .xlsx', async () => {
    const good = new Uint8Array(await xlsx([['Mã phương thức'], ['XE']]));
    const damaged = good.slice(0, Math.floor(good.length / 2)).buffer as ArrayBuffer;
    await expect(readGridWorkbook(damaged, methodCatalog.columns)).rejects.toThrow(/^Tệp không đúng định dạng Excel \(\.xlsx\)\.$/);
  });

  it('names the expected titles when no header row matches', async () => {
    const data = await xlsx([
      ['Code', 'Name'],
      ['XE', 'Xe tải'],
    ]);
    await expect(readGridWorkbook(data, methodCatalog.columns)).rejects.toThrow(
      'Không tìm thấy dòng tiêu đề có tên cột: Mã phương thức, Tên phương thức, Mã ánh xạ TOS.',
    );
  });

  it('names the row and the column of a cell that is not of its type', async () => {
    const data = await xlsx([
      ['Mã tiền tệ', 'Tỷ giá', 'Ngày áp dụng'],
      ['USD', 25000, '01/01/2026 00:00:00'],
      ['EUR', 'hai mươi', '01/01/2026 00:00:00'],
    ]);
    await expect(readGridWorkbook(data, exchangeCatalog.columns)).rejects.toThrow('Dòng 3, cột "Tỷ giá": "hai mươi" không phải là số');
  });

  it('says so when the sheet has a header but no rows', async () => {
    const data = await xlsx([['Mã phương thức', 'Tên phương thức']]);
    await expect(readGridWorkbook(data, methodCatalog.columns)).rejects.toThrow('File Excel không có dòng dữ liệu nào.');
  });
});
