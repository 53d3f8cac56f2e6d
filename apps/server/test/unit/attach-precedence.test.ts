import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AttachOrderFacts,
  type AttachScopedRow,
  pickAttachedServices,
  scopeRank,
} from '../../src/modules/attach-config/attach-precedence';

const row = (scope: Partial<AttachScopedRow>, service: string, fixed = false): AttachScopedRow => ({
  OperationCode: '*',
  VesselKey: '*',
  CustomerCode: '*',
  IsLocalForeign: '*',
  ...scope,
  AttachServiceCode: service,
  IsFixed: fixed,
});

const order: AttachOrderFacts = { operationCode: 'MAE', vesselKey: 'NDP20260001', customerCode: 'KH001', isLocalForeign: 'F' };

describe('attached orders: the most specific matching scope wins (hand examples)', () => {
  it('takes the all-* rules when nothing more specific is stored', () => {
    const rows = [row({}, 'DVKT', true), row({}, 'DVBAI'), row({ OperationCode: 'MSC' }, 'DVKC')];
    expect(pickAttachedServices(rows, order)).toEqual([
      { AttachServiceCode: 'DVBAI', IsFixed: false },
      { AttachServiceCode: 'DVKT', IsFixed: true },
    ]);
  });

  it('an operator rule replaces the * rules (no union)', () => {
    const rows = [row({}, 'DVKT', true), row({}, 'DVBAI'), row({ OperationCode: 'MAE' }, 'DVKC', true)];
    expect(pickAttachedServices(rows, order)).toEqual([{ AttachServiceCode: 'DVKC', IsFixed: true }]);
  });

  it('exact payee outweighs vessel, operator and local/foreign together', () => {
    const rows = [
      row({ VesselKey: 'NDP20260001', OperationCode: 'MAE', IsLocalForeign: 'F' }, 'DVBAI'),
      row({ CustomerCode: 'KH001' }, 'DVKT', true),
    ];
    expect(pickAttachedServices(rows, order)).toEqual([{ AttachServiceCode: 'DVKT', IsFixed: true }]);
  });

  it('vessel outweighs operator, operator outweighs local/foreign', () => {
    const vessel = row({ VesselKey: 'NDP20260001' }, 'DVBAI');
    const operator = row({ OperationCode: 'MAE', IsLocalForeign: 'F' }, 'DVKT');
    const lf = row({ IsLocalForeign: 'F' }, 'DVKC');
    expect(pickAttachedServices([operator, vessel, lf], order).map((r) => r.AttachServiceCode)).toEqual(['DVBAI']);
    expect(pickAttachedServices([lf, operator], order).map((r) => r.AttachServiceCode)).toEqual(['DVKT']);
    expect(pickAttachedServices([lf, row({ OperationCode: 'MAE' }, 'DVX')], order).map((r) => r.AttachServiceCode)).toEqual(['DVX']);
  });

  it('rules for another payee, vessel, operator or local/foreign never apply', () => {
    const rows = [
      row({ CustomerCode: 'KH002' }, 'A'),
      row({ VesselKey: 'X' }, 'B'),
      row({ OperationCode: 'MSC' }, 'C'),
      row({ IsLocalForeign: 'L' }, 'D'),
    ];
    expect(pickAttachedServices(rows, order)).toEqual([]);
  });

  it('an order without a payee, vessel or local/foreign matches only * for it', () => {
    const rows = [row({ CustomerCode: 'KH001' }, 'A'), row({ OperationCode: 'MAE' }, 'B')];
    expect(pickAttachedServices(rows, { operationCode: 'MAE', customerCode: null, vesselKey: '', isLocalForeign: '*' })).toEqual([
      { AttachServiceCode: 'B', IsFixed: false },
    ]);
    expect(scopeRank(row({ CustomerCode: 'KH001' }, 'A'), { customerCode: null })).toBeNull();
  });
});

// ---- property: the same answer as walking the 16 scope patterns from the most specific one -------------------------

const codes = { c: ['KH1', 'KH2'], v: ['V1', 'V2'], o: ['MAE', 'MSC'], l: ['L', 'F'] } as const;
const field = (values: readonly string[]) => fc.constantFrom('*', ...values);
const rowArb = fc.record({
  CustomerCode: field(codes.c),
  VesselKey: field(codes.v),
  OperationCode: field(codes.o),
  IsLocalForeign: field(codes.l),
  AttachServiceCode: fc.constantFrom('S1', 'S2', 'S3', 'S4'),
  IsFixed: fc.boolean(),
});
const orderArb = fc.record({
  customerCode: fc.option(fc.constantFrom(...codes.c), { nil: null }),
  vesselKey: fc.option(fc.constantFrom(...codes.v), { nil: null }),
  operationCode: fc.option(fc.constantFrom(...codes.o), { nil: null }),
  isLocalForeign: fc.option(fc.constantFrom(...codes.l), { nil: null }),
});

/** Reference: try the scopes (payee, vessel, operator, local/foreign each exact or *) in precedence order; first with rows wins. */
function reference(rows: readonly AttachScopedRow[], o: AttachOrderFacts) {
  for (let mask = 15; mask >= 0; mask--) {
    const want = {
      CustomerCode: mask & 8 ? o.customerCode : '*',
      VesselKey: mask & 4 ? o.vesselKey : '*',
      OperationCode: mask & 2 ? o.operationCode : '*',
      IsLocalForeign: mask & 1 ? o.isLocalForeign : '*',
    };
    if (Object.values(want).some((v) => v == null)) continue;
    const hit = rows.filter(
      (r) =>
        r.CustomerCode === want.CustomerCode &&
        r.VesselKey === want.VesselKey &&
        r.OperationCode === want.OperationCode &&
        r.IsLocalForeign === want.IsLocalForeign,
    );
    if (hit.length) {
      const first = new Map<string, boolean>();
      for (const r of hit) if (!first.has(r.AttachServiceCode)) first.set(r.AttachServiceCode, r.IsFixed);
      return [...first].sort(([a], [b]) => a.localeCompare(b)).map(([AttachServiceCode, IsFixed]) => ({ AttachServiceCode, IsFixed }));
    }
  }
  return [];
}

describe('attached orders: precedence property', () => {
  it('equals the pattern walk for any stored rows and order', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), orderArb, (rows, o) => {
        expect(pickAttachedServices(rows, o)).toEqual(reference(rows, o));
      }),
      { numRuns: 2000 },
    );
  });

  it('adding rules of a less specific scope never changes the answer once a more specific one has rows', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 20 }), fc.array(rowArb, { maxLength: 20 }), orderArb, (rows, extra, o) => {
        const before = pickAttachedServices(rows, o);
        const top = Math.max(-1, ...rows.map((r) => scopeRank(r, o) ?? -1));
        const weaker = extra.filter((r) => (scopeRank(r, o) ?? -1) < top);
        expect(pickAttachedServices([...weaker, ...rows], o)).toEqual(before);
      }),
      { numRuns: 1000 },
    );
  });
});
