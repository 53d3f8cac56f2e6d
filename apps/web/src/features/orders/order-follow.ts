import type { OrderDetail } from '@smartport/contract';

/**
 * How far step 6 still has to follow an order: waiting for its payment or approval; approved and finishing (its
 * e-invoice being published, the TOS not yet told); the TOS delivery failed and the server retries it later; done
 * (cancelled or refused, or approved with the invoice and the TOS delivery ended).
 */
export type FollowState = 'waiting' | 'finishing' | 'retrying' | 'done';

type Followed = Pick<OrderDetail, 'OrderStatus' | 'InvoiceState' | 'TosStatus' | 'TosRetrying'>;

export function followState(order: Followed | null | undefined): FollowState {
  if (!order) return 'waiting';
  if (order.OrderStatus === 'D') return 'done';
  if (order.OrderStatus !== 'C') return 'waiting';
  if (order.InvoiceState === 'pending' || order.TosStatus === 'none' || order.TosStatus === 'pending') return 'finishing';
  if (order.TosRetrying) return 'retrying';
  return 'done';
}

/** How often step 6 asks the server again (ms), false when nothing will change any more. */
export function followInterval(order: Followed | null | undefined): number | false {
  const state = followState(order);
  return state === 'done' ? false : state === 'finishing' ? 2_000 : state === 'retrying' ? 15_000 : 5_000;
}
