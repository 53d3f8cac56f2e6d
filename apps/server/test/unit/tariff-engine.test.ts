import { portDayNumber as portDay } from '@smartport/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EngineContainer,
  type EngineInput,
  pickStep,
  pickTariff,
  priceOrder,
  reeferPeriod,
  type StorageFacts,
  type SurchargeStep,
  storageDays,
  surchargeValue,
  type TariffQuery,
  type TariffRow,
  vatOf,
} from '../../src/modules/orders/tariff-engine';
import { billableReeferHours } from '../../src/modules/storage-rules/storage-rules';

// docs/decisions.md "Tariff engine": each rule worked by hand, then properties.

const d = (s: string) => new Date(s);
let n = 0;
const tariff = (over: Partial<TariffRow>): TariffRow => ({
  Source: 'standard',
  Rowguid: `g${String(++n).padStart(4, '0')}`,
  TariffCode: `T${n}`,
  TariffName: `Biểu cước ${n}`,
  ChargeKind: 'job',
  JobModeCode: 'LAYN',
  ContSize: '*',
  CargoTypeCode: '*',
  FE: '*',
  IsLocalForeign: '*',
  CurrencyCode: 'VND',
  UnitPrice: 1_000_000,
  VatRate: 8,
  ApplyDate: d('2026-01-01T00:00:00+07:00'),
  ExpireDate: d('2026-12-31T23:59:59+07:00'),
  ContractNo: null,
  CustomerCode: '*',
  OperationCode: '*',
  ...over,
});
const q = (over: Partial<TariffQuery> = {}): TariffQuery => ({
  chargeKind: 'job',
  jobModeCode: 'LAYN',
  contSize: '40',
  cargoTypeCode: 'GP',
  fe: 'F',
  isLocalForeign: 'F',
  customerCode: 'C0000001',
  operationCode: 'MSC',
  at: d('2026-11-20T10:00:00+07:00'),
  ...over,
});

describe('the most specific valid tariff', () => {
  it('takes exact values before *, scoring job mode over cargo type over size over F/E over local/foreign', () => {
    const all = tariff({ JobModeCode: '*', UnitPrice: 1 });
    const mode = tariff({ UnitPrice: 2 });
    const size = tariff({ ContSize: '40', UnitPrice: 3 });
    const sizeFe = tariff({ ContSize: '40', FE: 'F', UnitPrice: 4 });
    const cargo = tariff({ CargoTypeCode: 'GP', UnitPrice: 5 });
    expect(pickTariff([all], q())?.UnitPrice).toBe(1);
    expect(pickTariff([all, mode], q())?.UnitPrice).toBe(2);
    expect(pickTariff([all, mode, size], q())?.UnitPrice).toBe(3);
    expect(pickTariff([all, mode, size, sizeFe], q())?.UnitPrice).toBe(4);
    // Cargo type (8) outweighs size + F/E + local/foreign (4 + 2 + 1).
    expect(pickTariff([sizeFe, cargo], q())?.UnitPrice).toBe(5);
  });

  it('skips rows of other values, other kinds and rows not valid at the moment', () => {
    expect(pickTariff([tariff({ ContSize: '20' })], q())).toBeNull();
    expect(pickTariff([tariff({ ChargeKind: 'storage' })], q())).toBeNull();
    expect(pickTariff([tariff({ ExpireDate: d('2026-11-20T09:59:59+07:00') })], q())).toBeNull();
    expect(pickTariff([tariff({ ApplyDate: d('2026-11-21T00:00:00+07:00') })], q())).toBeNull();
  });

  it('takes the latest ApplyDate on equal scores', () => {
    const old = tariff({ ApplyDate: d('2026-01-01T00:00:00+07:00'), UnitPrice: 1 });
    const recent = tariff({ ApplyDate: d('2026-07-01T00:00:00+07:00'), UnitPrice: 2 });
    expect(pickTariff([recent, old], q())?.UnitPrice).toBe(2);
    expect(pickTariff([old, recent], q())?.UnitPrice).toBe(2);
  });

  it('takes a contract with the customer before one with the operator, before any standard row', () => {
    const std = tariff({ ContSize: '40', FE: 'F', CargoTypeCode: 'GP', IsLocalForeign: 'F', UnitPrice: 1 });
    const opr = tariff({ Source: 'contract', OperationCode: 'MSC', UnitPrice: 2 });
    const cus = tariff({ Source: 'contract', CustomerCode: 'C0000001', JobModeCode: '*', UnitPrice: 3 });
    const otherCus = tariff({ Source: 'contract', CustomerCode: 'C0000002', UnitPrice: 4 });
    const otherOpr = tariff({ Source: 'contract', OperationCode: 'MAE', UnitPrice: 5 });
    expect(pickTariff([std, otherCus, otherOpr], q())?.UnitPrice).toBe(1);
    expect(pickTariff([std, opr], q())?.UnitPrice).toBe(2);
    expect(pickTariff([std, opr, cus], q())?.UnitPrice).toBe(3);
  });
});

describe('storage days (port days, Asia/Ho_Chi_Minh)', () => {
  const stay = (over: Partial<StorageFacts>): StorageFacts => ({
    dateIn: d('2026-11-10T08:00:00+07:00'),
    until: d('2026-11-21T17:00:00+07:00'),
    freeDays: 5,
    freeStart: 'DateIn',
    atb: null,
    holidays: [],
    ...over,
  });

  it('counts the day in and the day out, free days from DateIn, holiday days outside the free period', () => {
    // 10 → 21 November: 12 days; free 10–14; holidays 15–16; billed 17–21 = 5.
    const holidays = [{ StartTime: d('2026-11-15T00:00:00+07:00'), EndTime: d('2026-11-16T23:59:59+07:00') }];
    expect(storageDays(stay({ holidays }))).toEqual({ days: 12, free: 5, holiday: 2, billable: 5 });
  });

  it('reads port days: 23:30 UTC is already the next day in the port', () => {
    expect(portDay(d('2026-11-10T17:30:00Z'))).toBe(portDay(d('2026-11-11T01:00:00+07:00')));
    expect(storageDays(stay({ dateIn: d('2026-11-10T17:30:00Z'), until: d('2026-11-11T23:00:00+07:00'), freeDays: 0 })).days).toBe(1);
  });

  it('starts ATB free days at the berthing day, and DateOut free days end on the exit day', () => {
    const atb = d('2026-11-08T06:00:00+07:00');
    // Free 8–12 of which 10–12 fall in the stay: 3 free, 9 billed.
    expect(storageDays(stay({ freeStart: 'ATB', atb }))).toMatchObject({ days: 12, free: 3, billable: 9 });
    expect(storageDays(stay({ freeStart: 'ATB', atb: null }))).toMatchObject({ free: 5, billable: 7 });
    expect(storageDays(stay({ freeStart: 'DateOut' }))).toMatchObject({ free: 5, billable: 7 });
  });

  it('never bills below zero: more free days than the stay', () => {
    expect(storageDays(stay({ freeDays: 30 }))).toEqual({ days: 12, free: 12, holiday: 0, billable: 0 });
    expect(storageDays(stay({ until: d('2026-11-01T00:00:00+07:00') })).billable).toBe(0);
  });
});

describe('surcharges of the job mode ExtraMode', () => {
  const none = {
    MCWeight: null,
    Class: null,
    Temperature: null,
    OogTop: null,
    OogLeft: null,
    OogRight: null,
    OogBack: null,
    OogFront: null,
  };
  it('measures weight (t, from the container kg), IMO class number, largest out-of-gauge dimension (cm), degrees below zero', () => {
    expect(surchargeValue(1, { ...none, MCWeight: 32_500 })).toBe(32.5);
    expect(surchargeValue(2, { ...none, Class: '2.1' })).toBe(2.1);
    expect(surchargeValue(2, none)).toBeNull();
    expect(surchargeValue(3, { ...none, OogTop: 30, OogLeft: 120, OogBack: 10 })).toBe(120);
    expect(surchargeValue(4, { ...none, Temperature: -18 })).toBe(18);
    expect(surchargeValue(4, { ...none, Temperature: 5 })).toBeNull();
    expect(surchargeValue(0, { ...none, MCWeight: 30 })).toBeNull();
  });
  it('finds the step holding the value: From ≤ value < To, no To = no upper bound', () => {
    const steps: SurchargeStep[] = [
      { ExtraMode: 1, FromValue: 25, ToValue: 30, Percent: 5, Note: null },
      { ExtraMode: 1, FromValue: 30, ToValue: null, Percent: 10, Note: null },
    ];
    expect(pickStep(steps, 1, 24.9)).toBeNull();
    expect(pickStep(steps, 1, 25)?.Percent).toBe(5);
    expect(pickStep(steps, 1, 30)?.Percent).toBe(10);
    expect(pickStep(steps, 1, 99)?.Percent).toBe(10);
    expect(pickStep(steps, 2, 99)).toBeNull();
  });
});

describe('money: one rounding per line, VAT per line', () => {
  it('rounds VAT half up per line; KCT (-1) and 0 give no VAT', () => {
    expect(vatOf(304_560, 8)).toBe(24_365);
    expect(vatOf(1_000_000, -1)).toBe(0);
    expect(vatOf(1_000_000, 0)).toBe(0);
    expect(vatOf(1_000_000, 10)).toBe(100_000);
  });
});

// ---- the worked example of docs/decisions.md ---------------------------------------------------------------

const box = (over: Partial<EngineContainer> = {}): EngineContainer => ({
  ContainerNo: 'MSCU2610012',
  IsoSizetype: '45G1',
  FE: 'F',
  CargoTypeCode: 'GP',
  IsLocalForeign: 'F',
  MCWeight: 32_000,
  Class: null,
  Temperature: null,
  OogTop: null,
  OogLeft: null,
  OogRight: null,
  OogBack: null,
  OogFront: null,
  storage: {
    dateIn: d('2026-11-10T08:00:00+07:00'),
    until: d('2026-11-21T17:00:00+07:00'),
    freeDays: 5,
    freeStart: 'DateIn',
    atb: null,
    holidays: [{ StartTime: d('2026-11-15T00:00:00+07:00'), EndTime: d('2026-11-16T23:59:59+07:00') }],
  },
  reefer: null,
  attach: ['DVKT'],
  ...over,
});
const example = (over: Partial<EngineInput> = {}): EngineInput => ({
  TerminalCode: 'NDP',
  JobModeCode: 'LAYN',
  OperationCode: 'MSC',
  CustomerCode: 'C0000001',
  at: d('2026-11-20T10:00:00+07:00'),
  jobModes: new Map([
    ['LAYN', { JobModeName: 'Lấy nguyên container', ExtraMode: 1 }],
    ['DVKT', { JobModeName: 'Dịch vụ kiểm hóa, soi chiếu', ExtraMode: 4 }],
  ]),
  tariffs: [
    tariff({ TariffCode: 'STD-LAYN-40F', ContSize: '40', FE: 'F', UnitPrice: 1_150_000 }),
    tariff({
      Source: 'contract',
      ContractNo: 'HD-2026-001',
      TariffCode: 'HD-LAYN-40F',
      CustomerCode: 'C0000001',
      ContSize: '40',
      FE: 'F',
      UnitPrice: 1_000_000,
    }),
    tariff({ TariffCode: 'STD-DVKT-USD', JobModeCode: 'DVKT', CurrencyCode: 'USD', UnitPrice: 12 }),
    tariff({ TariffCode: 'STD-LB-40F', ChargeKind: 'storage', JobModeCode: '*', ContSize: '40', FE: 'F', UnitPrice: 45_000 }),
  ],
  steps: [
    { ExtraMode: 1, FromValue: 25, ToValue: 30, Percent: 5, Note: null },
    { ExtraMode: 1, FromValue: 30, ToValue: null, Percent: 10, Note: null },
  ],
  rates: new Map([['USD', 25_380]]),
  containers: [box()],
  ...over,
});

describe('an import pickup priced line by line (docs/decisions.md worked example)', () => {
  it('job from the contract, weight surcharge, attached service in USD, storage after free and holiday days', () => {
    const out = priceOrder(example());
    if (!out.ok) throw new Error(out.message);
    const l = out.charges.lines;
    expect(l.map((x) => [x.LineNo, x.ChargeKind, x.Source, x.Quantity, x.UnitPrice, x.Amount, x.VatAmount, x.Total])).toEqual([
      [1, 'job', 'contract', 1, 1_000_000, 1_000_000, 80_000, 1_080_000],
      [2, 'surcharge', 'contract', 1, 100_000, 100_000, 8_000, 108_000],
      [3, 'attach', 'standard', 1, 304_560, 304_560, 24_365, 328_925],
      [4, 'storage', 'standard', 5, 45_000, 225_000, 18_000, 243_000],
    ]);
    expect(l[2]).toMatchObject({ TariffCurrency: 'USD', TariffPrice: 12, ExchangeRate: 25_380, JobModeCode: 'DVKT' });
    expect(l[3]?.Explanation).toBe(
      'Lưu bãi 12 ngày, miễn phí 5 ngày, miễn 2 ngày lễ, tính 5 ngày × 45.000 = 225.000 đ theo biểu cước chuẩn STD-LB-40F; VAT 8%',
    );
    expect(l[1]?.Explanation).toContain('Phụ thu trọng lượng (32 tấn, bậc từ 30 trở lên): 10% × 1.000.000 = 100.000 đ');
    expect(l[0]?.Explanation).toContain('biểu cước hợp đồng HD-2026-001');
    expect(out.charges).toMatchObject({ Amount: 1_629_560, VatAmount: 130_365, TotalAmount: 1_759_925, CurrencyCode: 'VND' });
  });

  it('bills reefer hours as given, unit Giờ', () => {
    const out = priceOrder(
      example({
        tariffs: [
          ...example().tariffs,
          tariff({ TariffCode: 'STD-DL', ChargeKind: 'reefer', JobModeCode: '*', UnitPrice: 30_000, VatRate: 10 }),
        ],
        containers: [box({ storage: null, attach: [], reefer: { hours: 37.5, how: '37,5 giờ' } })],
      }),
    );
    if (!out.ok) throw new Error(out.message);
    expect(out.charges.lines.at(-1)).toMatchObject({
      ChargeKind: 'reefer',
      Unit: 'Giờ',
      Quantity: 37.5,
      Amount: 1_125_000,
      VatAmount: 112_500,
    });
  });

  it('answers in Vietnamese when no tariff applies, naming the job mode, size and F/E', () => {
    const out = priceOrder(example({ containers: [box({ IsoSizetype: '22G1', FE: 'E' })] }));
    expect(out).toEqual({
      ok: false,
      message: 'Chưa có biểu cước áp dụng: phương án LAYN (Lấy nguyên container), cont 20 rỗng (E), loại hàng GP (container MSCU2610012).',
    });
  });

  it('refuses a foreign-currency tariff without an exchange rate', () => {
    const out = priceOrder(example({ rates: new Map() }));
    expect(out).toEqual({ ok: false, message: 'Chưa có tỷ giá USD hiệu lực tại thời điểm tính cước.' });
  });

  it('uses PlugHours from the pricing moment except for pickups, which run DateIn → ExpDate', () => {
    const at = d('2026-11-20T10:00:00+07:00');
    const exp = d('2026-11-21T10:00:00+07:00');
    const dateIn = d('2026-11-19T10:00:00+07:00');
    expect(reeferPeriod('out', { DateIn: dateIn, PlugHours: 5 }, at, exp)).toEqual({ plugIn: dateIn, plugOut: exp });
    expect(reeferPeriod('stay', { DateIn: null, PlugHours: 5 }, at, exp)?.plugOut).toEqual(d('2026-11-20T15:00:00+07:00'));
    expect(reeferPeriod('stay', { DateIn: null, PlugHours: null }, at, exp)).toBeNull();
  });
});

// ---- properties ----------------------------------------------------------------------------------------------

const base = d('2026-11-01T00:00:00+07:00').getTime();
const H = 3_600_000;
const arbStay = fc.record({
  inH: fc.integer({ min: 0, max: 24 * 40 }),
  lenH: fc.integer({ min: 0, max: 24 * 40 }),
  freeDays: fc.integer({ min: 0, max: 20 }),
  freeStart: fc.constantFrom('DateIn' as const, 'DateOut' as const, 'ATB' as const),
  atbH: fc.integer({ min: -24 * 5, max: 24 * 40 }),
  holidays: fc.array(fc.record({ s: fc.integer({ min: 0, max: 24 * 80 }), len: fc.integer({ min: 0, max: 24 * 5 }) }), { maxLength: 4 }),
});
type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
const toFacts = (a: Of<typeof arbStay>): StorageFacts => ({
  dateIn: new Date(base + a.inH * H),
  until: new Date(base + (a.inH + a.lenH) * H),
  freeDays: a.freeDays,
  freeStart: a.freeStart,
  atb: new Date(base + a.atbH * H),
  holidays: a.holidays.map((h) => ({ StartTime: new Date(base + h.s * H), EndTime: new Date(base + (h.s + h.len) * H) })),
});

describe('properties', () => {
  it('more free days never cost more', () => {
    fc.assert(
      fc.property(arbStay, fc.integer({ min: 0, max: 10 }), (a, more) => {
        const f = toFacts(a);
        expect(storageDays({ ...f, freeDays: f.freeDays + more }).billable).toBeLessThanOrEqual(storageDays(f).billable);
      }),
    );
  });

  it('a holiday exemption never raises the price', () => {
    fc.assert(
      fc.property(arbStay, (a) => {
        const f = toFacts(a);
        expect(storageDays(f).billable).toBeLessThanOrEqual(storageDays({ ...f, holidays: [] }).billable);
        expect(storageDays(f).billable).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('reefer rounding is monotone: more plugged time never bills fewer hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 * H }),
        fc.integer({ min: 0, max: 50 * H }),
        fc.constantFrom('R0' as const, 'R1' as const, 'R2' as const, 'R3' as const),
        fc.integer({ min: 0, max: 5 }),
        (ms, extra, Rounding, HourAdding) => {
          const plugIn = new Date(base);
          const a = billableReeferHours(plugIn, new Date(base + ms), { Rounding, HourAdding });
          const b = billableReeferHours(plugIn, new Date(base + ms + extra), { Rounding, HourAdding });
          expect(b).toBeGreaterThanOrEqual(a);
          expect(a).toBeGreaterThanOrEqual(ms / H);
        },
      ),
    );
  });

  const arbBox = fc.record({
    size: fc.constantFrom('22G1', '42G1', '45G1', 'L5G1'),
    fe: fc.constantFrom('F' as const, 'E' as const),
    weight: fc.option(fc.double({ min: 0, max: 50_000, noNaN: true }), { nil: null }),
    attach: fc.subarray(['DVKT']),
    lenH: fc.integer({ min: 0, max: 24 * 30 }),
  });
  const arbTariffs = fc.array(
    fc.record({
      kind: fc.constantFrom('job', 'storage'),
      mode: fc.constantFrom('LAYN', 'DVKT', '*'),
      size: fc.constantFrom('20', '40', '45', '*'),
      fe: fc.constantFrom('F', 'E', '*'),
      price: fc.integer({ min: 0, max: 5_000_000 }),
      usd: fc.boolean(),
      vat: fc.constantFrom(-1, 0, 5, 8, 10),
    }),
    { minLength: 1, maxLength: 12 },
  );
  const build = (boxes: Of<typeof arbBox>[], rows: Of<typeof arbTariffs>) =>
    example({
      tariffs: [
        tariff({ JobModeCode: '*', UnitPrice: 500_000 }),
        tariff({ ChargeKind: 'storage', JobModeCode: '*', UnitPrice: 40_000 }),
        ...rows.map((r) =>
          tariff({
            ChargeKind: r.kind,
            JobModeCode: r.mode,
            ContSize: r.size,
            FE: r.fe,
            UnitPrice: r.usd ? r.price / 25_000 : r.price,
            CurrencyCode: r.usd ? 'USD' : 'VND',
            VatRate: r.vat,
          }),
        ),
      ],
      containers: boxes.map((b, i) =>
        box({
          ContainerNo: `BOX${i}`,
          IsoSizetype: b.size,
          FE: b.fe,
          MCWeight: b.weight,
          attach: b.attach,
          storage: { ...(box().storage as StorageFacts), until: new Date(d('2026-11-10T08:00:00+07:00').getTime() + b.lenH * H) },
        }),
      ),
    });

  it('totals are the sums of the lines; each line is Amount + VAT in whole VND', () => {
    fc.assert(
      fc.property(fc.array(arbBox, { minLength: 1, maxLength: 6 }), arbTariffs, (boxes, rows) => {
        const out = priceOrder(build(boxes, rows));
        if (!out.ok) throw new Error(out.message);
        const c = out.charges;
        expect(c.Amount).toBe(c.lines.reduce((s, l) => s + l.Amount, 0));
        expect(c.VatAmount).toBe(c.lines.reduce((s, l) => s + l.VatAmount, 0));
        expect(c.TotalAmount).toBe(c.Amount + c.VatAmount);
        for (const l of c.lines) {
          expect(Number.isInteger(l.Amount) && Number.isInteger(l.VatAmount)).toBe(true);
          expect(l.Total).toBe(l.Amount + l.VatAmount);
          expect(l.VatAmount).toBe(vatOf(l.Amount, l.VatRate));
        }
        expect(c.lines.map((l) => l.LineNo)).toEqual(c.lines.map((_, i) => i + 1));
      }),
    );
  });

  it('a contract tariff beats every standard tariff for the same charge', () => {
    fc.assert(
      fc.property(
        fc.array(arbBox, { minLength: 1, maxLength: 4 }),
        arbTariffs,
        fc.integer({ min: 0, max: 3_000_000 }),
        (boxes, rows, price) => {
          const input = build(boxes, rows);
          const contract = tariff({
            Source: 'contract',
            ContractNo: 'HD-X',
            TariffCode: 'HD-X',
            OperationCode: 'MSC',
            JobModeCode: '*',
            UnitPrice: price,
          });
          const out = priceOrder({ ...input, tariffs: [...input.tariffs, contract] });
          if (!out.ok) throw new Error(out.message);
          for (const l of out.charges.lines.filter((x) => x.ChargeKind === 'job' || x.ChargeKind === 'attach')) {
            expect(l).toMatchObject({ Source: 'contract', TariffCode: 'HD-X', Amount: price });
          }
        },
      ),
    );
  });
});
