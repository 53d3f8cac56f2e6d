import type { Signer } from './token';

const PURPOSE = 'order-link';
const DAY = 86_400_000;

/** What an order's public link carries: the order and when the link expires (seconds). */
export interface OrderLink {
  o: string;
  e: number;
}

/**
 * The signed, expiring token of an order's public link (`/order/<token>`, DESIGN.md §8): made where an order is shown
 * or invoiced (home, invoices), read by the public order view (orders).
 */
export function createOrderLinks(signer: Signer, linkDays = 90) {
  return {
    linkToken(orderNo: string, expiresAt = new Date(Date.now() + linkDays * DAY)): string {
      return signer.signValue(PURPOSE, { o: orderNo, e: Math.floor(expiresAt.getTime() / 1000) } satisfies OrderLink);
    },
    /** The link's content when the token is one of ours (expired or not), else null. */
    read(token: string): OrderLink | null {
      const link = signer.verifyValue<OrderLink>(PURPOSE, token);
      return link && typeof link.o === 'string' && typeof link.e === 'number' ? link : null;
    },
  };
}
export type OrderLinks = ReturnType<typeof createOrderLinks>;
