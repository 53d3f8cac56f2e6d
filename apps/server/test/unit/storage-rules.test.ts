import { completeFreeDayHeader, freeDayHeader, freeDayHeaderProblem, freeDayMessages, portDayEnd, portDayStart } from '@smartport/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billableReeferHours,
  type FreeDayQuery,
  type FreeDayRule,
  freeDaysFor,
  type ReeferRule,
  reeferRuleFor,
} from '../../src/modules/storage-rules/storage-rules';

// docs/decisions.md "precedence of specific over *": the rules the tariff engine reads, worked by hand.

const d = (s: string) => new Date(s);
let n = 0;
const rule = (over: Partial<FreeDayRule>): FreeDayRule => ({
  ruleId: `r${String(++n).padStart(3, '0')}`,
  TerminalCode: 'NDP',
  Name: 'T',
  ApplyDate: d('2026-01-01T00:00:00+07:00'),
  ExpireDate: d('2026-12-31T23:59:59.999+07:00'),
  OperationCode: '*',
  IsLocalForiend: '*',
  MoneyCredit: 'M',
  CustomerCode: '*',
  isRFCheck: 0,
  ClassCode: '*',
  FE: 'F',
  CargoTypeCode: '*',
  StartTime: 'DateIn',
  EndTime: 'DateOut',
  FreeDay: 0,
  ...over,
});
const query = (over: Partial<FreeDayQuery> = {}): FreeDayQuery => ({
  terminal: 'NDP',
  operationCode: 'MSC',
  customerCode: 'KH001',
  isLocalForeign: 'F',
  moneyCredit: 'M',
  isReefer: false,
  classCode: '1',
  fe: 'F',
  cargoTypeCode: 'GP',
  at: d('2026-06-15T10:00:00+07:00'),
  ...over,
});

describe('freeDaysFor: the most specific rule valid at the moment', () => {
  it('worked example of docs/decisions.md', () => {
    const general = rule({ FreeDay: 3 });
    const msc = rule({ OperationCode: 'MSC', ClassCode: '1', FreeDay: 5 });
    const customer = rule({ CustomerCode: 'KH001', FreeDay: 7, StartTime: 'ATB' });
    const expired = rule({ CustomerCode: 'KH001', OperationCode: 'MSC', FreeDay: 10, ExpireDate: d('2026-05-31T23:59:59.999+07:00') });
    const rules = [general, msc, customer, expired];
    // KH001 with MSC on 15/06: the expired rule is out; the customer's rule beats the operator's even though that names the class.
    expect(freeDaysFor(rules, query())).toEqual({ freeDays: 7, startTime: 'ATB', endTime: 'DateOut', ruleId: customer.ruleId });
    // Another customer with MSC: the operator's rule.
    expect(freeDaysFor(rules, query({ customerCode: 'KH002' }))?.ruleId).toBe(msc.ruleId);
    // Another customer with MSC, class 2: the operator's rule names class 1, so only the general one.
    expect(freeDaysFor(rules, query({ customerCode: 'KH002', classCode: '2' }))?.freeDays).toBe(3);
    // On 20/05 the expired rule still holds and names both customer and operator.
    expect(freeDaysFor(rules, query({ at: d('2026-05-20T08:00:00+07:00') }))?.freeDays).toBe(10);
  });

  it('answers none outside the period, for another terminal, payment type or full/empty', () => {
    const rules = [rule({ FreeDay: 4 })];
    expect(freeDaysFor(rules, query({ at: d('2025-12-31T23:59:59+07:00') }))).toBeNull();
    expect(freeDaysFor(rules, query({ at: d('2027-01-01T00:00:00+07:00') }))).toBeNull();
    expect(freeDaysFor(rules, query({ terminal: 'GML' }))).toBeNull();
    expect(freeDaysFor(rules, query({ moneyCredit: 'C' }))).toBeNull();
    expect(freeDaysFor(rules, query({ fe: 'E' }))).toBeNull();
    // The period's ends are inside it.
    expect(freeDaysFor(rules, query({ at: d('2026-01-01T00:00:00+07:00') }))?.freeDays).toBe(4);
    expect(freeDaysFor(rules, query({ at: d('2026-12-31T23:59:59.999+07:00') }))?.freeDays).toBe(4);
  });

  it('exact operator over *, then local/foreign, then class, then cargo type; ties: the latest ApplyDate', () => {
    const lf = rule({ IsLocalForiend: 'F', FreeDay: 2 });
    const cls = rule({ ClassCode: '1', FreeDay: 3 });
    expect(freeDaysFor([lf, cls], query())?.freeDays).toBe(2);
    const cargo = rule({ CargoTypeCode: 'GP', FreeDay: 4 });
    expect(freeDaysFor([cls, cargo], query())?.freeDays).toBe(3);
    expect(freeDaysFor([cargo, rule({ FreeDay: 9 })], query())?.freeDays).toBe(4);
    const older = rule({ ApplyDate: d('2026-01-01T00:00:00+07:00'), FreeDay: 5 });
    const newer = rule({ ApplyDate: d('2026-03-01T00:00:00+07:00'), FreeDay: 6 });
    expect(freeDaysFor([older, newer], query())?.freeDays).toBe(6);
    expect(freeDaysFor([newer, older], query())?.freeDays).toBe(6);
    // A local container does not get a foreign rule.
    expect(freeDaysFor([lf], query({ isLocalForeign: 'L' }))).toBeNull();
  });

  it('a reefer rule is for reefers only and beats a general one for them', () => {
    const general = rule({ FreeDay: 3 });
    const reefer = rule({ isRFCheck: 1, FreeDay: 1 });
    expect(freeDaysFor([general, reefer], query({ isReefer: true }))?.ruleId).toBe(reefer.ruleId);
    expect(freeDaysFor([general, reefer], query({ isReefer: false }))?.ruleId).toBe(general.ruleId);
    expect(freeDaysFor([reefer], query({ isReefer: false }))).toBeNull();
  });

  const code = (values: string[]) => fc.constantFrom('*', ...values);
  const arbRule = fc.record({
    OperationCode: code(['MSC', 'ONE']),
    CustomerCode: code(['KH001', 'KH002']),
    IsLocalForiend: code(['L', 'F']),
    ClassCode: code(['1', '2']),
    CargoTypeCode: code(['GP', 'RF']),
    isRFCheck: fc.constantFrom(0, 1),
    MoneyCredit: fc.constantFrom('M', 'C'),
    FE: fc.constantFrom('F', 'E'),
    FreeDay: fc.integer({ min: 0, max: 365 }),
    applyDay: fc.integer({ min: 0, max: 300 }),
    days: fc.integer({ min: 0, max: 200 }),
  });
  const toRule = ({ applyDay, days, ...fields }: { applyDay: number; days: number } & Partial<FreeDayRule>, i: number): FreeDayRule => {
    const apply = new Date(Date.UTC(2026, 0, 1) + applyDay * 86_400_000);
    return rule({ ...fields, ruleId: `p${i}`, ApplyDate: apply, ExpireDate: new Date(apply.getTime() + days * 86_400_000) });
  };
  const arbQuery = fc.record({
    operationCode: fc.constantFrom('MSC', 'ONE'),
    customerCode: fc.constantFrom('KH001', 'KH002'),
    isLocalForeign: fc.constantFrom('L' as const, 'F' as const),
    classCode: fc.constantFrom('1', '2'),
    cargoTypeCode: fc.constantFrom('GP', 'RF'),
    isReefer: fc.boolean(),
    moneyCredit: fc.constantFrom('M' as const, 'C' as const),
    fe: fc.constantFrom('F' as const, 'E' as const),
    day: fc.integer({ min: 0, max: 400 }),
  });
  const toQuery = (q: { day: number } & Omit<FreeDayQuery, 'at' | 'terminal'>): FreeDayQuery => {
    const { day, ...rest } = q;
    return { ...rest, terminal: 'NDP', at: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000 + 3_600_000) };
  };

  it('property: the answer is a rule that applies, and no applicable rule is more specific', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 12 }), arbQuery, (raw, rq) => {
        const rules = raw.map(toRule);
        const q = toQuery(rq);
        const answer = freeDaysFor(rules, q);
        const star = (v: string) => (v === '*' ? 0 : 1);
        const fits = (rv: string, v: string) => rv === '*' || rv === v;
        const applies = rules.filter(
          (r) =>
            r.ApplyDate <= q.at &&
            q.at <= r.ExpireDate &&
            r.MoneyCredit === q.moneyCredit &&
            r.FE === q.fe &&
            (r.isRFCheck === 0 || q.isReefer) &&
            fits(r.CustomerCode, q.customerCode) &&
            fits(r.OperationCode, q.operationCode) &&
            fits(r.IsLocalForiend, q.isLocalForeign) &&
            fits(r.ClassCode, q.classCode) &&
            fits(r.CargoTypeCode, q.cargoTypeCode),
        );
        if (!applies.length) return answer === null;
        const chosen = rules.find((r) => r.ruleId === answer?.ruleId);
        if (!chosen || !applies.includes(chosen)) return false;
        const key = (r: FreeDayRule) => [
          star(r.CustomerCode),
          star(r.OperationCode),
          star(r.IsLocalForiend),
          r.isRFCheck,
          star(r.ClassCode),
          star(r.CargoTypeCode),
          r.ApplyDate.getTime(),
        ];
        const beats = (a: number[], b: number[]) => {
          for (let i = 0; i < a.length; i++) if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) > (b[i] as number);
          return false;
        };
        return applies.every((r) => !beats(key(r), key(chosen))) && answer?.freeDays === chosen.FreeDay;
      }),
    );
  });

  it('property: the answer does not depend on the order the rules were loaded in', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 10 }), arbQuery, fc.func(fc.integer()), (raw, rq, f) => {
        const rules = raw.map(toRule);
        const shuffled = [...rules].sort((a, b) => f(a.ruleId) - f(b.ruleId));
        return freeDaysFor(rules, toQuery(rq))?.ruleId === freeDaysFor(shuffled, toQuery(rq))?.ruleId;
      }),
    );
  });
});

describe('free-day header (spec 03 §5 order, §4 whole days)', () => {
  it('names the first missing field in the spec order', () => {
    const full = {
      ApplyDate: d('2026-11-01T09:00:00Z'),
      ExpireDate: d('2026-11-30T09:00:00Z'),
      OperationCode: '*',
      IsLocalForiend: '*',
      MoneyCredit: 'M',
      TerminalCode: 'NDP',
    };
    expect(freeDayHeaderProblem({})).toBe(freeDayMessages.applyDate);
    expect(freeDayHeaderProblem({ ...full, ApplyDate: null })).toBe(freeDayMessages.applyDate);
    expect(freeDayHeaderProblem({ ...full, ExpireDate: null, OperationCode: null })).toBe(freeDayMessages.expireDate);
    expect(freeDayHeaderProblem({ ...full, OperationCode: ' ', MoneyCredit: null })).toBe(freeDayMessages.operator);
    expect(freeDayHeaderProblem({ ...full, IsLocalForiend: null, MoneyCredit: null })).toBe(freeDayMessages.localForeign);
    expect(freeDayHeaderProblem({ ...full, MoneyCredit: null })).toBe(freeDayMessages.moneyCredit);
    expect(freeDayHeaderProblem({ ...full, ExpireDate: d('2026-10-30T09:00:00Z') })).toBe(freeDayMessages.expireBeforeApply);
    expect(freeDayHeaderProblem({ ...full, TerminalCode: null })).toBe(freeDayMessages.terminal);
    expect(freeDayHeaderProblem(full)).toBeNull();
    // One day is a valid period (effective at its start, expiring at its end).
    expect(freeDayHeaderProblem({ ...full, ExpireDate: full.ApplyDate })).toBeNull();
  });

  it('stores the effective date at the start of its port day, the expiry at the end, customer * and a name from the header', () => {
    const h = freeDayHeader.parse({
      TerminalCode: 'ndp',
      ApplyDate: '2026-11-01T20:30:00Z', // 02/11 03:30 in port time
      ExpireDate: '2026-11-30T01:00:00Z',
      OperationCode: 'msc',
      IsLocalForiend: 'F',
      MoneyCredit: 'C',
      isRFCheck: true,
    });
    const c = completeFreeDayHeader(h);
    expect(c.ApplyDate.toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(c.ExpireDate.toISOString()).toBe('2026-11-30T16:59:59.999Z');
    expect(c).toMatchObject({ TerminalCode: 'NDP', OperationCode: 'MSC', CustomerCode: '*', isRFCheck: 1, LaneCode: '*', VesselCode: '*' });
    expect(c.Name).toBe('20261102-20261130-MSC-*-C-F-1');
  });

  it('property: a port day holds the moment, starts at 00:00 and ends at 23:59:59.999 in Vietnam', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (x) => {
        const s = portDayStart(x);
        const e = portDayEnd(x);
        const local = new Date(s.getTime() + 7 * 3_600_000);
        return s <= x && x <= e && e.getTime() - s.getTime() === 86_400_000 - 1 && local.getUTCHours() === 0 && local.getUTCMinutes() === 0;
      }),
    );
  });
});

describe('reefer rules', () => {
  const reefer = (over: Partial<ReeferRule>): ReeferRule => ({
    ruleId: `f${String(++n).padStart(3, '0')}`,
    TerminalCode: 'NDP',
    OperationCode: '*',
    MoneyCredit: 'M',
    ApplyDate: d('2026-01-01T00:00:00+07:00'),
    ExpireDate: d('2026-12-31T23:59:59+07:00'),
    Rounding: 'R0',
    HourAdding: 0,
    ...over,
  });
  const q = { terminal: 'NDP', operationCode: 'MSC', moneyCredit: 'M' as const, at: d('2026-06-01T00:00:00+07:00') };

  it('exact operator over *, then the latest ApplyDate; valid at the moment and of the payment type only', () => {
    const all = reefer({ Rounding: 'R2' });
    const msc = reefer({ OperationCode: 'MSC', Rounding: 'R1', ApplyDate: d('2026-02-01T00:00:00+07:00') });
    const newerAll = reefer({ Rounding: 'R3', ApplyDate: d('2026-05-01T00:00:00+07:00') });
    expect(reeferRuleFor([all, msc, newerAll], q)?.ruleId).toBe(msc.ruleId);
    expect(reeferRuleFor([all, msc, newerAll], { ...q, operationCode: 'ONE' })?.ruleId).toBe(newerAll.ruleId);
    expect(reeferRuleFor([all, msc], { ...q, at: d('2026-01-15T00:00:00+07:00') })?.ruleId).toBe(all.ruleId);
    expect(reeferRuleFor([all, msc], { ...q, moneyCredit: 'C' })).toBeNull();
    expect(reeferRuleFor([all], { ...q, at: d('2027-01-01T00:00:00+07:00') })).toBeNull();
  });

  it('bills plugged hours plus HourAdding, rounded up to the rule step (hand-worked)', () => {
    const plugIn = d('2026-06-01T08:00:00+07:00');
    const at = (h: number, m = 0) => new Date(plugIn.getTime() + h * 3_600_000 + m * 60_000);
    // 5 h 10 min plugged
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R0', HourAdding: 0 })).toBeCloseTo(5 + 10 / 60, 12);
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R1', HourAdding: 0 })).toBe(5.5);
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R2', HourAdding: 0 })).toBe(6);
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R3', HourAdding: 0 })).toBe(12);
    // + 2 h added: 7 h 10 min
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R1', HourAdding: 2 })).toBe(7.5);
    expect(billableReeferHours(plugIn, at(5, 10), { Rounding: 'R3', HourAdding: 8 })).toBe(24);
    // Whole steps stay; 0 plugged is HourAdding alone
    expect(billableReeferHours(plugIn, at(5, 30), { Rounding: 'R1', HourAdding: 0 })).toBe(5.5);
    expect(billableReeferHours(plugIn, at(24), { Rounding: 'R3', HourAdding: 0 })).toBe(24);
    expect(billableReeferHours(plugIn, plugIn, { Rounding: 'R2', HourAdding: 0 })).toBe(0);
    expect(billableReeferHours(plugIn, plugIn, { Rounding: 'R2', HourAdding: 3 })).toBe(3);
    // One millisecond past a step is the next step
    expect(billableReeferHours(plugIn, new Date(at(6).getTime() + 1), { Rounding: 'R2', HourAdding: 0 })).toBe(7);
    expect(() => billableReeferHours(at(1), plugIn, { Rounding: 'R0', HourAdding: 0 })).toThrow(RangeError);
  });

  it('property: billed hours are a multiple of the step, at least the plugged hours plus HourAdding, less than one step more', () => {
    const steps = { R0: 0, R1: 0.5, R2: 1, R3: 12 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 90 * 86_400_000 }),
        fc.integer({ min: 0, max: 720 }),
        fc.constantFrom('R0' as const, 'R1' as const, 'R2' as const, 'R3' as const),
        (ms, add, rounding) => {
          const start = d('2026-06-01T00:00:00Z');
          const hours = billableReeferHours(start, new Date(start.getTime() + ms), { Rounding: rounding, HourAdding: add });
          const exact = ms / 3_600_000 + add;
          const step = steps[rounding];
          if (step === 0) return Math.abs(hours - exact) < 1e-9;
          return Number.isInteger(hours / step) && hours >= exact - 1e-9 && hours - exact < step;
        },
      ),
    );
  });

  it('property: more plugged time never bills fewer hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        fc.integer({ min: 0, max: 48 }),
        fc.constantFrom('R0' as const, 'R1' as const, 'R2' as const, 'R3' as const),
        (a, b, add, rounding) => {
          const start = d('2026-06-01T00:00:00Z');
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const rule = { Rounding: rounding, HourAdding: add };
          return (
            billableReeferHours(start, new Date(start.getTime() + lo), rule) <=
            billableReeferHours(start, new Date(start.getTime() + hi), rule)
          );
        },
      ),
    );
  });
});
