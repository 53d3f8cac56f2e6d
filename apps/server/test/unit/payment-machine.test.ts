import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AttemptFacts, decideApply, decideStart, maySupersede, type OrderFacts } from '../../src/modules/payments/payment-machine';

/**
 * A model of one order and its attempts driven only through the machine, as the repository drives
 * it: start (supersede the live attempt unless confirming), claim, partner success with an amount
 * (possibly wrong, possibly repeated, possibly for a superseded attempt), failure, cancel.
 */
type Event =
  | { kind: 'start' }
  | { kind: 'claim'; i: number }
  | { kind: 'success'; i: number; delta: number }
  | { kind: 'fail'; i: number }
  | { kind: 'cancel' };

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.constant({ kind: 'start' as const }),
  fc.record({ kind: fc.constant('claim' as const), i: fc.nat(6) }),
  fc.record({
    kind: fc.constant('success' as const),
    i: fc.nat(6),
    delta: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -5000, max: 5000 })),
  }),
  fc.record({ kind: fc.constant('fail' as const), i: fc.nat(6) }),
  fc.constant({ kind: 'cancel' as const }),
);

function run(amount: number, skipApproval: boolean, events: Event[]) {
  const order: OrderFacts = { status: 'A', transactionId: null, amount, skipApproval };
  const attempts: AttemptFacts[] = [];
  const statusPath: string[] = ['A'];
  let paidWith: number | null = null;
  for (const e of events) {
    if (e.kind === 'start') {
      if (decideStart(order).kind !== 'ok') continue;
      const live = attempts.find((a) => a.status === 0);
      if (live && !maySupersede(live)) continue;
      if (live) live.status = -1;
      attempts.push({ status: 0, confirming: false, amount: order.amount });
    } else if (e.kind === 'cancel') {
      if (order.status === 'A' && !order.transactionId) order.status = 'D';
    } else {
      const a = attempts[e.i];
      if (!a) continue;
      if (e.kind === 'claim' && a.status === 0) a.confirming = true;
      if (e.kind === 'fail' && a.status !== 1) {
        a.status = -1;
        a.confirming = false;
      }
      if (e.kind === 'success') {
        const paid = a.amount + e.delta;
        const d = decideApply(order, a, paid);
        if (d.kind === 'paid') {
          order.status = d.orderStatus;
          order.transactionId = `T${e.i}`;
          a.status = 1;
          paidWith = paid;
        } else if (d.kind !== 'duplicate') a.status = -1;
        a.confirming = false;
      }
    }
    if (statusPath.at(-1) !== order.status) statusPath.push(order.status);
  }
  return { order, attempts, statusPath, paidWith };
}

describe('payment state machine', () => {
  it('never pays an order twice and never marks it paid without the exact amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.boolean(), fc.array(event, { maxLength: 60 }), (amount, skip, events) => {
        const { order, attempts, statusPath, paidWith } = run(amount, skip, events);
        const successes = attempts.filter((a) => a.status === 1);
        expect(successes.length).toBeLessThanOrEqual(1);
        expect(attempts.filter((a) => a.status === 0).length).toBeLessThanOrEqual(1);
        if (order.transactionId) {
          expect(successes).toHaveLength(1);
          expect(paidWith).toBe(amount);
          expect(order.status).toBe(skip ? 'C' : 'P');
        } else {
          expect(successes).toHaveLength(0);
        }
        // Only the spec's transitions: A → P | C | D, nothing after.
        expect(['A', 'A>P', 'A>C', 'A>D']).toContain(statusPath.join('>'));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses to start on a paid or cancelled order and to supersede a confirming attempt', () => {
    expect(decideStart({ status: 'A', transactionId: null, amount: 1, skipApproval: true }).kind).toBe('ok');
    expect(decideStart({ status: 'A', transactionId: 'T', amount: 1, skipApproval: true }).kind).toBe('already_paid');
    expect(decideStart({ status: 'C', transactionId: 'T', amount: 1, skipApproval: true }).kind).toBe('already_paid');
    expect(decideStart({ status: 'D', transactionId: null, amount: 1, skipApproval: true }).kind).toBe('not_payable');
    expect(maySupersede({ status: 0, confirming: true, amount: 1 })).toBe(false);
    expect(maySupersede({ status: 0, confirming: false, amount: 1 })).toBe(true);
  });

  it('answers a repeated success as a duplicate, not a second payment', () => {
    const order = { status: 'C', transactionId: 'T1', amount: 100, skipApproval: true };
    expect(decideApply(order, { status: 1, confirming: false, amount: 100 }, 100).kind).toBe('duplicate');
    expect(decideApply({ ...order, status: 'A', transactionId: null }, { status: 0, confirming: true, amount: 100 }, 99).kind).toBe(
      'amount_mismatch',
    );
  });
});
