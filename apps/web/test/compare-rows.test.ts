import { describe, expect, it } from 'vitest';
import { checkImportedRows } from '../src/features/compare/compare-rows';

const row = (sheetRow: number, values: Record<string, unknown>, errors: string[] = []) => ({ sheetRow, values, errors });

describe('comparison rows are checked before they are sent', () => {
  it('names a malformed container number by its sheet row, and keeps the good rows to send', () => {
    const checked = checkImportedRows([
      row(2, { ContainerNo: 'MSCU1234565', VesselName: 'MSC ANNA' }),
      row(12, { ContainerNo: 'MSCU-123/45' }),
      row(13, { ContainerNo: 'A'.repeat(21) }),
      row(14, { ContainerNo: ' msc u 765 4321 ' }),
    ]);
    expect(checked.map((r) => r.problem ?? null)).toEqual([
      null,
      'Dòng 12: số container "MSCU-123/45" không hợp lệ (Số container chỉ gồm chữ cái và chữ số)',
      `Dòng 13: số container "${'A'.repeat(21)}" không hợp lệ (Số container tối đa 20 ký tự)`,
      null,
    ]);
    expect(checked.map((r) => r.sheetRow)).toEqual([2, 12, 13, 14]);
  });

  it('names a row without a container number, a field too long and a cell the sheet reader could not read', () => {
    const checked = checkImportedRows([
      row(5, { VesselName: 'MSC ANNA' }),
      row(6, { ContainerNo: 'MSCU1234565', VesselName: 'X'.repeat(201) }),
      row(7, { ContainerNo: 'MSCU1234565' }, ['Dòng 7, cột "Ngày vào bãi": "hôm qua" không phải ngày giờ dạng DD/MM/YYYY HH:mm:ss']),
    ]);
    expect(checked.map((r) => r.problem)).toEqual([
      'Dòng 5: chưa có số container',
      'Dòng 6: Tên tàu tối đa 200 ký tự',
      'Dòng 7, cột "Ngày vào bãi": "hôm qua" không phải ngày giờ dạng DD/MM/YYYY HH:mm:ss',
    ]);
  });
});
