import { dataShareGrid, holidayRow, releasePointGrid } from '@smartport/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOverlap, type HolidayPeriod, selectHolidayPeriods, specificity } from '../../../src/modules/admin/holiday-periods';
import { mbServiceCharge } from '../../../src/modules/admin/mb-charges';

const day = (ymd: string, end = false) => new Date(`${ymd}T${end ? '23:59:59' : '00:00:00'}+07:00`);
const period = (ConfigName: string, OperationCode: string, CustomerCode: string, from: string, to: string): HolidayPeriod => ({
  ConfigName,
  OperationCode,
  CustomerCode,
  Descriptions: ConfigName,
  StartTime: day(from),
  EndTime: day(to, true),
});

describe('mbServiceCharge (MB-NAPAS fee tables, spec 03 §2.5 / §9)', () => {
  const tables = {
    charges: [
      { TotalSum: 10, Charge: 0.09 },
      { TotalSum: 0, Charge: 0.11 },
      { TotalSum: 50, Charge: 0.07 },
    ],
    fees: [{ FeeSchedule: 1100 }],
  };

  it('takes the tier with the highest TotalSum (billions) not above the month total, plus the fee per transaction', () => {
    // 2 billion this month: 0.11 % of 5,000,000 = 5,500, + 1,100.
    expect(mbServiceCharge(2_000_000_000, 5_000_000, tables)).toEqual({ percent: 0.11, charge: 5500, processingFee: 1100, total: 6600 });
    // exactly 10 billion: the 10-billion tier.
    expect(mbServiceCharge(10_000_000_000, 5_000_000, tables).charge).toBe(4500);
    // 80 billion: 0.07 %.
    expect(mbServiceCharge(80_000_000_000, 1_234_567, tables)).toEqual({ percent: 0.07, charge: 864, processingFee: 1100, total: 1964 });
  });

  it('below every tier uses the lowest one; no tables, no fee; integer VND out', () => {
    expect(mbServiceCharge(0, 1_000_000, { charges: [{ TotalSum: 5, Charge: 0.2 }], fees: [] })).toEqual({
      percent: 0.2,
      charge: 2000,
      processingFee: 0,
      total: 2000,
    });
    expect(mbServiceCharge(1, 1, { charges: [], fees: [] }).total).toBe(0);
    fc.assert(
      fc.property(fc.nat(10 ** 12), fc.nat(10 ** 10), (month, amount) => Number.isInteger(mbServiceCharge(month, amount, tables).total)),
    );
    expect(() => mbServiceCharge(-1, 1, tables)).toThrow(RangeError);
  });
});

describe('holiday periods (spec 03 §2.5 holiday exemption; which lists apply: docs/decisions.md)', () => {
  const rows = [
    period('Chung', '*', '*', '2027-02-05', '2027-02-11'),
    period('Chung', '*', '*', '2027-04-30', '2027-05-03'),
    period('MSC', 'MSC', '*', '2027-02-06', '2027-02-12'),
    period('Khách A', '*', 'C001', '2027-02-07', '2027-02-09'),
    period('Khách A hãng MSC', 'MSC', 'C001', '2027-02-08', '2027-02-08'),
  ];
  const q = (operationCode: string, customerCode: string, from = '2027-01-01', to = '2027-12-31') => ({
    operationCode,
    customerCode,
    from: day(from),
    to: day(to, true),
  });

  it('ranks exact customer over *, then exact operator over *', () => {
    expect(specificity({ OperationCode: '*', CustomerCode: '*' }, 'MSC', 'C001')).toBe(0);
    expect(specificity({ OperationCode: 'MSC', CustomerCode: '*' }, 'msc', 'C001')).toBe(1);
    expect(specificity({ OperationCode: '*', CustomerCode: 'C001' }, 'MSC', 'C001')).toBe(2);
    expect(specificity({ OperationCode: 'MSC', CustomerCode: 'C001' }, 'MSC', 'C001')).toBe(3);
    expect(specificity({ OperationCode: 'MAE', CustomerCode: '*' }, 'MSC', 'C001')).toBeNull();
  });

  it("combines the general periods with the operator's and customer's own lists; another party's list does not apply", () => {
    const names = (op: string, cu: string) => [...new Set(selectHolidayPeriods(rows, q(op, cu)).map((p) => p.ConfigName))].sort();
    expect(names('MSC', 'C001')).toEqual(['Chung', 'Khách A', 'Khách A hãng MSC', 'MSC']);
    expect(names('MAE', 'C001')).toEqual(['Chung', 'Khách A']);
    // An operator with its own list still gets the national holidays entered for all.
    expect(names('MSC', 'C999')).toEqual(['Chung', 'MSC']);
    expect(selectHolidayPeriods(rows, q('MAE', 'C999')).map((p) => p.StartTime)).toEqual([day('2027-02-05'), day('2027-04-30')]);
    // Only periods meeting the stay: 1–2 May meets the second general period.
    expect(selectHolidayPeriods(rows, q('MSC', 'C001', '2027-05-01', '2027-05-02')).map((p) => p.Descriptions)).toEqual(['Chung']);
    expect(selectHolidayPeriods(rows, q('MAE', 'C999', '2027-06-01', '2027-06-30'))).toEqual([]);
  });

  it('finds overlaps (ends inclusive) and none between touching-free periods', () => {
    const a = period('x', '*', '*', '2027-01-01', '2027-01-03');
    const b = period('x', '*', '*', '2027-01-03', '2027-01-05');
    const c = period('x', '*', '*', '2027-01-04', '2027-01-06');
    expect(firstOverlap([b, a])).toEqual([a, b]);
    expect(firstOverlap([a, c])).toBeNull();
  });

  it('property: the selection is every applicable row meeting the range, and overlap detection agrees with pairwise', () => {
    const codes = fc.constantFrom('*', 'MSC', 'MAE');
    const cust = fc.constantFrom('*', 'C001', 'C002');
    const row = fc.record({ op: codes, cu: cust, start: fc.integer({ min: 0, max: 60 }), len: fc.integer({ min: 0, max: 10 }) });
    const base = day('2027-01-01').getTime();
    const D = 86_400_000;
    const toPeriod = (r: { op: string; cu: string; start: number; len: number }): HolidayPeriod => ({
      ConfigName: `${r.op}/${r.cu}`,
      OperationCode: r.op,
      CustomerCode: r.cu,
      Descriptions: '',
      StartTime: new Date(base + r.start * D),
      EndTime: new Date(base + (r.start + r.len + 1) * D - 1000),
    });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 12 }),
        fc.constantFrom('MSC', 'MAE', 'ONE'),
        fc.constantFrom('C001', 'C002', 'C003'),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 0, max: 20 }),
        (given, op, cu, from, len) => {
          const periods = given.map(toPeriod);
          const range = { from: new Date(base + from * D), to: new Date(base + (from + len) * D) };
          const got = selectHolidayPeriods(periods, { operationCode: op, customerCode: cu, ...range });
          const expected = periods.filter((p) => specificity(p, op, cu) !== null && p.StartTime <= range.to && p.EndTime >= range.from);
          expect(new Set(got)).toEqual(new Set(expected));
          const starts = got.map((p) => p.StartTime.getTime());
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          const pairwise = periods.some((a, i) => periods.some((b, j) => i < j && a.StartTime <= b.EndTime && b.StartTime <= a.EndTime));
          expect(firstOverlap(periods) !== null).toBe(pairwise);
        },
      ),
    );
  });
});

describe('row rules of the entries (contract, both sides)', () => {
  it('holiday rows become whole Vietnam days and end not before start', () => {
    const ok = holidayRow.parse({ Descriptions: 'Tết', StartTime: '2027-02-05T10:00:00+07:00', EndTime: '2027-02-06T08:00:00+07:00' });
    expect(ok.StartTime).toEqual(day('2027-02-05'));
    expect(ok.EndTime).toEqual(day('2027-02-06', true));
    const bad = holidayRow.safeParse({ Descriptions: 'Tết', StartTime: '2027-02-06', EndTime: '2027-02-05' });
    expect(bad.success).toBe(false);
  });

  it('block prefixes are 3 characters each; EDO targets never the source', () => {
    const rp = { TerminalCode: 'ndp', DIEMPH: 'tp9', NAME: 'Cổng', ENABLE: 1 };
    expect(releasePointGrid.row.parse({ ...rp, BLOCK_PREFIX: ' a01, B02 ,' }).BLOCK_PREFIX).toBe('A01,B02');
    expect(releasePointGrid.row.safeParse({ ...rp, BLOCK_PREFIX: 'A01,B0' }).error?.issues[0]?.message).toMatch(
      /"B0" phải gồm đúng 3 ký tự/,
    );
    expect(dataShareGrid.row.safeParse({ TerminalCode: 'NDP', TerminalTarget: 'NDV,ndp' }).error?.issues[0]?.message).toBe(
      'Cảng nhận không được trùng cảng chia sẻ',
    );
    expect(dataShareGrid.row.parse({ TerminalCode: 'NDP', TerminalTarget: 'ndv , nhp' })).toMatchObject({
      TerminalTarget: 'NDV,NHP',
      DataTable: 'DELIVERY_ORDER',
    });
  });
});
