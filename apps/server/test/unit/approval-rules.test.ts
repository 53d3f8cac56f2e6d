import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovalQuery,
  type ApprovalRule,
  approvalNeededBy,
  compareRules,
  decidingRule,
  ruleApplies,
  specificity,
} from '../../src/modules/approval/approval-rules';

const day = (d: string) => new Date(`${d}T00:00:00+07:00`);
const endOf = (d: string) => new Date(`${d}T23:59:59+07:00`);

const rule = (r: Partial<ApprovalRule>): ApprovalRule => ({
  JobModeCode: 'LAYN',
  OperationCode: '*',
  CustomerCode: '*',
  MoneyCredit: '*',
  FromDate: day('2026-01-01'),
  ToDate: endOf('2026-12-31'),
  IsApproval: false,
  IsUnApproval: true,
  ...r,
});
const order: ApprovalQuery = {
  jobModeCode: 'LAYN',
  operationCode: 'MSC',
  customerCode: 'C0000002',
  moneyCredit: 'M',
  at: new Date('2026-06-15T10:00:00+07:00'),
};

describe('approval rule selection (hand examples)', () => {
  it('needs approval when no row applies (the default), and when the only rows are of another job mode or period', () => {
    expect(approvalNeededBy([], order)).toBe(true);
    expect(approvalNeededBy([rule({ JobModeCode: 'CAPR' })], order)).toBe(true);
    expect(approvalNeededBy([rule({ FromDate: day('2026-07-01') })], order)).toBe(true);
    expect(approvalNeededBy([rule({ ToDate: endOf('2026-06-14') })], order)).toBe(true);
  });

  it('follows an applying row: IsUnApproval skips, IsApproval waits; a row with neither switch decides nothing', () => {
    expect(approvalNeededBy([rule({})], order)).toBe(false);
    expect(approvalNeededBy([rule({ IsApproval: true, IsUnApproval: false })], order)).toBe(true);
    expect(decidingRule([rule({ IsApproval: false, IsUnApproval: false })], order)).toBeNull();
  });

  it('takes the period bounds inclusively (the last second of ToDate still applies)', () => {
    const r = rule({ FromDate: day('2026-06-15'), ToDate: endOf('2026-06-15') });
    expect(ruleApplies(r, { ...order, at: day('2026-06-15') })).toBe(true);
    expect(ruleApplies(r, { ...order, at: endOf('2026-06-15') })).toBe(true);
    expect(ruleApplies(r, { ...order, at: new Date(endOf('2026-06-15').getTime() + 1000) })).toBe(false);
  });

  it('prefers the exact customer over *, then the exact operator, then the exact payment type', () => {
    const wide = rule({ IsUnApproval: true });
    const byMoney = rule({ MoneyCredit: 'M', IsApproval: true, IsUnApproval: false });
    const byOperator = rule({ OperationCode: 'MSC', IsUnApproval: true });
    const byCustomer = rule({ CustomerCode: 'C0000002', IsApproval: true, IsUnApproval: false });
    expect(decidingRule([wide, byMoney], order)).toBe(byMoney);
    expect(decidingRule([wide, byMoney, byOperator], order)).toBe(byOperator);
    expect(decidingRule([byOperator, byCustomer, byMoney, wide], order)).toBe(byCustomer);
    // An exact customer with * operator still beats an exact operator with an exact payment type.
    expect(specificity(byCustomer)).toBeGreaterThan(specificity(rule({ OperationCode: 'MSC', MoneyCredit: 'M' })));
  });

  it('ignores rows for another customer, operator or payment type, and an order without operator matches only *', () => {
    expect(decidingRule([rule({ CustomerCode: 'C0000009', IsApproval: true, IsUnApproval: false })], order)).toBeNull();
    expect(decidingRule([rule({ OperationCode: 'ONE' })], order)).toBeNull();
    expect(decidingRule([rule({ MoneyCredit: 'C' })], order)).toBeNull();
    expect(decidingRule([rule({ OperationCode: 'MSC' })], { ...order, operationCode: null })).toBeNull();
    expect(decidingRule([rule({})], { ...order, operationCode: null })).not.toBeNull();
  });

  it('breaks ties of equal scope by the latest FromDate, then the narrower period, then approval needed', () => {
    const older = rule({ FromDate: day('2026-01-01'), IsApproval: true, IsUnApproval: false });
    const newer = rule({ FromDate: day('2026-06-01') });
    expect(decidingRule([older, newer], order)).toBe(newer);
    const long = rule({ ToDate: endOf('2027-12-31') });
    const short = rule({ ToDate: endOf('2026-06-30'), IsApproval: true, IsUnApproval: false });
    expect(decidingRule([long, short], order)).toBe(short);
    const skip = rule({});
    const wait = rule({ IsApproval: true, IsUnApproval: false });
    expect(approvalNeededBy([skip, wait], order)).toBe(true);
  });
});

describe('approval rule selection (properties)', () => {
  const codes = { op: ['MSC', 'ONE', '*'], cust: ['C0000001', 'C0000002', '*'], mc: ['M', 'C', '*'], jm: ['LAYN', 'CAPR'] };
  const base = day('2026-01-01').getTime();
  const arbRule = fc
    .record({
      JobModeCode: fc.constantFrom(...codes.jm),
      OperationCode: fc.constantFrom(...codes.op),
      CustomerCode: fc.constantFrom(...codes.cust),
      MoneyCredit: fc.constantFrom(...codes.mc),
      from: fc.integer({ min: 0, max: 30 }),
      length: fc.integer({ min: 0, max: 30 }),
      sw: fc.constantFrom('approval', 'skip', 'none'),
    })
    .map(
      (r): ApprovalRule => ({
        JobModeCode: r.JobModeCode,
        OperationCode: r.OperationCode,
        CustomerCode: r.CustomerCode,
        MoneyCredit: r.MoneyCredit,
        FromDate: new Date(base + r.from * 86_400_000),
        ToDate: new Date(base + (r.from + r.length) * 86_400_000 + 86_399_000),
        IsApproval: r.sw === 'approval',
        IsUnApproval: r.sw === 'skip',
      }),
    );
  const arbQuery = fc
    .record({
      jobModeCode: fc.constantFrom(...codes.jm),
      operationCode: fc.constantFrom('MSC', 'ONE', null),
      customerCode: fc.constantFrom('C0000001', 'C0000002'),
      moneyCredit: fc.constantFrom('M', 'C'),
      at: fc.integer({ min: -2, max: 62 * 24 }),
    })
    .map((q): ApprovalQuery => ({ ...q, at: new Date(base + q.at * 3_600_000) }));

  it('chooses an applying row that no other applying row beats, or none when none applies', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 25 }), arbQuery, (rules, q) => {
        const chosen = decidingRule(rules, q);
        const applying = rules.filter((r) => ruleApplies(r, q));
        if (!chosen) return applying.length === 0 && approvalNeededBy(rules, q);
        return (
          applying.includes(chosen) &&
          applying.every((r) => compareRules(r, chosen) >= 0) &&
          approvalNeededBy(rules, q) === chosen.IsApproval
        );
      }),
    );
  });

  it('does not depend on the order the rows come in', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 25 }), arbQuery, fc.integer(), (rules, q, seed) => {
        const shuffled = [...rules].sort((a, b) => ((rules.indexOf(a) * 7919 + seed) % 97) - ((rules.indexOf(b) * 7919 + seed) % 97));
        return approvalNeededBy(shuffled, q) === approvalNeededBy(rules, q);
      }),
    );
  });

  it('a more specific applying row always decides over a wider one, whatever their dates', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 15 }), arbQuery, fc.boolean(), (rules, q, needs) => {
        const exact: ApprovalRule = {
          JobModeCode: q.jobModeCode,
          OperationCode: q.operationCode ?? '*',
          CustomerCode: q.customerCode,
          MoneyCredit: q.moneyCredit,
          FromDate: new Date(q.at.getTime() - 1000),
          ToDate: new Date(q.at.getTime() + 1000),
          IsApproval: needs,
          IsUnApproval: !needs,
        };
        // Rows of the same full specificity that also apply may tie-break either way; the others never win.
        const rivals = rules.filter((r) => !(ruleApplies(r, q) && specificity(r) === specificity(exact)));
        return approvalNeededBy([...rivals, exact], q) === needs;
      }),
    );
  });

  it('rows that do not apply never change the decision', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 15 }), fc.array(arbRule, { maxLength: 15 }), arbQuery, (rules, noise, q) => {
        const outside = noise.filter((r) => !ruleApplies(r, q));
        return approvalNeededBy([...rules, ...outside], q) === approvalNeededBy(rules, q);
      }),
    );
  });
});
