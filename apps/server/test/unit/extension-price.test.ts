import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EngineContainer,
  type EngineInput,
  extensionLines,
  priceOrder,
  storageDays,
  type TariffRow,
} from '../../src/modules/orders/tariff-engine';

// The price of an extension (gia hạn): the engine's storage (and reefer) lines to the new expiry less what the order
// and its earlier extensions billed to the expiry they covered (docs/decisions.md 'Yard events and extensions').
const H = 3_600_000;
const base = new Date('2026-11-01T00:00:00+07:00').getTime();
const at = new Date('2026-10-25T10:00:00+07:00');

const tariff = (over: Partial<TariffRow>): TariffRow => ({
  Source: 'standard',
  Rowguid: over.TariffCode ?? 'x',
  TariffCode: 'T',
  TariffName: 'Cước',
  ChargeKind: 'job',
  JobModeCode: '*',
  ContSize: '*',
  CargoTypeCode: '*',
  FE: '*',
  IsLocalForeign: '*',
  CurrencyCode: 'VND',
  UnitPrice: 300_000,
  VatRate: 8,
  ApplyDate: new Date('2026-01-01T00:00:00Z'),
  ExpireDate: new Date('2027-12-31T00:00:00Z'),
  ...over,
});

const stay = fc.record({
  inH: fc.integer({ min: 0, max: 24 * 30 }),
  freeDays: fc.integer({ min: 0, max: 10 }),
  freeStart: fc.constantFrom('DateIn' as const, 'DateOut' as const, 'ATB' as const),
  atbH: fc.integer({ min: -24 * 3, max: 24 * 30 }),
  holiday: fc.option(fc.record({ s: fc.integer({ min: 0, max: 24 * 60 }), len: fc.integer({ min: 0, max: 24 * 3 }) }), { nil: null }),
  /** Hours after DateIn of the expiries: the order's, then two extensions' (increasing). */
  e0: fc.integer({ min: 1, max: 24 * 20 }),
  d1: fc.integer({ min: 1, max: 24 * 10 }),
  d2: fc.integer({ min: 1, max: 24 * 10 }),
  price: fc.integer({ min: 1_000, max: 200_000 }),
  vat: fc.constantFrom(-1, 0, 8, 10),
});
type Stay = typeof stay extends fc.Arbitrary<infer T> ? T : never;

function priced(s: Stay, untilH: number) {
  const dateIn = new Date(base + s.inH * H);
  const container: EngineContainer = {
    ContainerNo: 'MSCU2610012',
    IsoSizetype: '22G1',
    FE: 'F',
    CargoTypeCode: 'GP',
    IsLocalForeign: 'F',
    MCWeight: null,
    Class: null,
    Temperature: null,
    OogTop: null,
    OogLeft: null,
    OogRight: null,
    OogBack: null,
    OogFront: null,
    storage: {
      dateIn,
      until: new Date(dateIn.getTime() + untilH * H),
      freeDays: s.freeDays,
      freeStart: s.freeStart,
      atb: new Date(base + s.atbH * H),
      holidays: s.holiday
        ? [{ StartTime: new Date(base + s.holiday.s * H), EndTime: new Date(base + (s.holiday.s + s.holiday.len) * H) }]
        : [],
    },
    reefer: null,
    attach: [],
  };
  const input: EngineInput = {
    TerminalCode: 'NDP',
    JobModeCode: 'LAYN',
    OperationCode: 'MSC',
    CustomerCode: 'C0000001',
    at,
    jobModes: new Map([['LAYN', { JobModeName: 'Lấy nguyên container', ExtraMode: 0 }]]),
    tariffs: [tariff({ TariffCode: 'JOB' }), tariff({ TariffCode: 'LB', ChargeKind: 'storage', UnitPrice: s.price, VatRate: s.vat })],
    steps: [],
    rates: new Map(),
    containers: [container],
  };
  const r = priceOrder(input);
  if (!r.ok) throw new Error(r.message);
  return { charges: r.charges, billable: storageDays(container.storage as NonNullable<EngineContainer['storage']>).billable };
}

const what = () => 'Gia hạn lưu bãi';
const storageOf = (c: { lines: { ChargeKind: string; Amount: number; Quantity: number }[] }) =>
  c.lines.filter((l) => l.ChargeKind === 'storage');

describe('the extension price', () => {
  it('is the engine’s storage price for the extra billable days, and never repeats the job line', () => {
    fc.assert(
      fc.property(stay, (s) => {
        const old = priced(s, s.e0);
        const late = priced(s, s.e0 + s.d1);
        const ext = extensionLines(late.charges, old.charges, at, what);
        const extra = late.billable - old.billable;
        expect(extra).toBeGreaterThanOrEqual(0);
        expect(ext.lines.every((l) => l.ChargeKind === 'storage')).toBe(true);
        expect(ext.lines.reduce((n, l) => n + l.Quantity, 0)).toBe(extra);
        // Whole VND per line: the extra days at the tariff's price, as the engine prices days.
        expect(ext.Amount).toBe(extra > 0 ? Math.round(s.price * extra) : 0);
        // The order's storage and the extension's are the engine's storage to the new expiry, to the đồng.
        const paid = storageOf(old.charges).reduce((n, l) => n + l.Amount, 0);
        expect(paid + ext.Amount).toBe(storageOf(late.charges).reduce((n, l) => n + l.Amount, 0));
        expect(ext.TotalAmount).toBe(ext.Amount + ext.VatAmount);
      }),
      { numRuns: 300 },
    );
  });

  it('charges nothing twice: two extensions back to back bill the days one extension to the last expiry would', () => {
    fc.assert(
      fc.property(stay, (s) => {
        const e0 = priced(s, s.e0);
        const e1 = priced(s, s.e0 + s.d1);
        const e2 = priced(s, s.e0 + s.d1 + s.d2);
        const first = extensionLines(e1.charges, e0.charges, at, what);
        const second = extensionLines(e2.charges, e1.charges, at, what);
        const once = extensionLines(e2.charges, e0.charges, at, what);
        expect(first.Amount + second.Amount).toBe(once.Amount);
        // Asking again for the expiry already covered bills nothing.
        expect(extensionLines(e1.charges, e1.charges, at, what).lines).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
