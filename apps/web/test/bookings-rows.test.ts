import type { BookingRow } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import {
  amendChange,
  beforeToday,
  dayShown,
  exportColumns,
  exportRowsOf,
  linesToSend,
  lineText,
  usedOf,
} from '../src/features/bookings/booking-rows';

const row: BookingRow = {
  BookingNo: 'MSCB2611001',
  TerminalCode: 'NDP',
  OperationCode: 'MSC',
  ShipperTaxCode: '0101234567',
  ShipperName: 'Công ty Demo',
  ValidUntil: '2026-12-27',
  Status: 'A',
  StatusName: 'Hiệu lực',
  Note: null,
  IssuedBy: 'hangtau',
  IssuedTime: '2026-11-27T03:04:00.000Z',
  lines: [
    { IsoSizetype: '22G1', Quantity: 40, Picked: 2, Dropped: 0 },
    { IsoSizetype: '45G1', Quantity: 20, Picked: 1, Dropped: 3 },
  ],
};

describe('booking days', () => {
  it('shows a last day as DD/MM/YYYY and leaves anything else as it is', () => {
    expect(dayShown('2026-12-27')).toBe('27/12/2026');
    expect(dayShown('mai')).toBe('mai');
  });

  it('refuses only days before today in port time (UTC+7)', () => {
    // 2026-11-27 18:00 UTC is already 2026-11-28 in Hải Phòng.
    const now = new Date('2026-11-27T18:00:00Z');
    expect(beforeToday('2026-11-27', now)).toBe(true);
    expect(beforeToday('2026-11-28', now)).toBe(false);
    expect(beforeToday('2026-12-01', now)).toBe(false);
  });
});

describe('booking sizes', () => {
  it('reads each size as empties picked up and laden boxes dropped off of its quantity', () => {
    expect(lineText(row.lines[0] as BookingRow['lines'][number])).toBe('22G1: 2/40 rỗng đã cấp, 0/40 hàng đã hạ');
    expect(usedOf(row.lines[1] as BookingRow['lines'][number])).toBe(3);
  });

  it('sends sizes trimmed and upper-cased, quantities as numbers', () => {
    expect(linesToSend([{ IsoSizetype: ' 22g1 ', Quantity: 2 }, { IsoSizetype: '45g1' }])).toEqual([
      { IsoSizetype: '22G1', Quantity: 2 },
      { IsoSizetype: '45G1', Quantity: 0 },
    ]);
  });
});

describe("'Sửa' sends what changed", () => {
  const same = row.lines.map((l) => ({ IsoSizetype: l.IsoSizetype, Quantity: l.Quantity }));

  it('nothing when neither the day nor the lines changed (in any order)', () => {
    expect(amendChange(row, { ValidUntil: '2026-12-27', lines: same })).toBeNull();
    expect(amendChange(row, { ValidUntil: '2026-12-27', lines: [...same].reverse() })).toBeNull();
  });

  it('the day alone, the lines alone, or both', () => {
    expect(amendChange(row, { ValidUntil: '2027-01-05', lines: same })).toEqual({ ValidUntil: '2027-01-05' });
    const fewer = [{ IsoSizetype: '22g1', Quantity: 35 }];
    expect(amendChange(row, { ValidUntil: '2026-12-27', lines: fewer })).toEqual({ lines: [{ IsoSizetype: '22G1', Quantity: 35 }] });
    expect(amendChange(row, { ValidUntil: '2027-01-05', lines: [...same, { IsoSizetype: '22R1', Quantity: 1 }] })).toEqual({
      ValidUntil: '2027-01-05',
      lines: [...same, { IsoSizetype: '22R1', Quantity: 1 }],
    });
  });
});

describe("'Xuất Excel'", () => {
  it('gives one row per booking with every exported column, as the screen shows it', () => {
    const [out] = exportRowsOf([row, { ...row, BookingNo: 'X', ShipperTaxCode: null, ShipperName: null, lines: [] }]);
    expect(Object.keys(out ?? {}).sort()).toEqual(exportColumns.map((c) => c.field).sort());
    expect(out).toMatchObject({
      BookingNo: 'MSCB2611001',
      ValidUntil: '27/12/2026',
      StatusName: 'Hiệu lực',
      ShipperTaxCode: '0101234567',
      Sizes: '22G1: 2/40 rỗng đã cấp, 0/40 hàng đã hạ\n45G1: 1/20 rỗng đã cấp, 3/20 hàng đã hạ',
      IssuedTime: '27/11/2026 10:04',
      Note: '',
    });
    expect(exportRowsOf([{ ...row, ShipperTaxCode: null, ShipperName: null }])[0]).toMatchObject({ ShipperTaxCode: '', ShipperName: '' });
  });
});
