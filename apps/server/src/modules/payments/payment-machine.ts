import type { OrderStatus } from '@smartport/contract';

/**
 * The payment state machine (spec 02 §3, §4), pure: the service asks it what may happen and the
 * repository writes only what it allows, with conditional updates and unique indexes as the
 * last line under concurrency.
 *
 * Order: A unpaid → P (paid, awaiting approval) or C (paid, approval skipped); D cancelled.
 * Attempt (transfer status): 0 incomplete → 1 successful | -1 failed (or superseded).
 */

export interface OrderFacts {
  status: string;
  transactionId: string | null;
  amount: number;
  skipApproval: boolean;
}
export interface AttemptFacts {
  status: number;
  confirming: boolean;
  amount: number;
  /** The partner's transaction that paid the attempt (once it is paid). */
  transactionId?: string | null;
}

export type StartDecision = { kind: 'ok' } | { kind: 'already_paid' } | { kind: 'not_payable' };

/** May a new attempt start for this order? Only an unpaid order (A, no transaction id) may be paid. */
export function decideStart(order: OrderFacts): StartDecision {
  if (order.transactionId || order.status === 'P' || order.status === 'C') return { kind: 'already_paid' };
  if (order.status !== 'A') return { kind: 'not_payable' };
  return { kind: 'ok' };
}

/** May a live attempt be superseded by a new one? Not while its partner is confirming it. */
export function maySupersede(attempt: AttemptFacts): boolean {
  return attempt.status === 0 && !attempt.confirming;
}

export type ApplyDecision =
  | { kind: 'paid'; orderStatus: Extract<OrderStatus, 'P' | 'C'> }
  | { kind: 'duplicate' }
  | { kind: 'amount_mismatch' }
  | { kind: 'order_not_payable' };

/**
 * A partner reports that an attempt was paid `paidAmount`. The order becomes paid only when the
 * amount is the order's, the attempt is the one reported and the order is still unpaid. A late
 * success of a superseded attempt (-1) is accepted while the order is unpaid: money did move.
 */
export function decideApply(order: OrderFacts, attempt: AttemptFacts, paidAmount: number, transactionId?: string): ApplyDecision {
  // The same transaction reported again is a duplicate notice; another transaction on a paid attempt
  // is a second transfer (the same QR paid twice): money to give back, never dropped.
  if (attempt.status === 1) {
    const same = transactionId === undefined || !attempt.transactionId || attempt.transactionId === transactionId;
    return same ? { kind: 'duplicate' } : { kind: 'order_not_payable' };
  }
  if (!Number.isSafeInteger(paidAmount) || paidAmount !== attempt.amount || paidAmount !== order.amount) return { kind: 'amount_mismatch' };
  if (decideStart(order).kind !== 'ok') return { kind: 'order_not_payable' };
  return { kind: 'paid', orderStatus: order.skipApproval ? 'C' : 'P' };
}

/** Orders in these states may publish their invoice (paid and approved or approval skipped). */
export const invoiceable = (order: OrderFacts) => !!order.transactionId && order.status === 'C';

export type RefundReason = 'order_cancelled' | 'already_paid' | 'amount_mismatch';

/** Why money that arrived cannot be applied (what staff must refund, and what the customer is told). */
export function refundReason(order: Pick<OrderFacts, 'status' | 'transactionId'>, decision: ApplyDecision): RefundReason | null {
  if (decision.kind === 'amount_mismatch') return 'amount_mismatch';
  if (decision.kind !== 'order_not_payable') return null;
  return order.status === 'D' && !order.transactionId ? 'order_cancelled' : 'already_paid';
}
