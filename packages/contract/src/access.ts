import type { MenuId } from './menu-catalog';

/**
 * Who may make a call. `menu` calls need the caller's user group to hold at least one of the
 * listed menu entries: the grant that shows a screen is the grant that allows its calls.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'menu'; readonly anyOf: readonly MenuId[] };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const signedIn = { kind: 'authenticated' } as const satisfies Access;
export function menuAccess(...anyOf: MenuId[]) {
  return { kind: 'menu', anyOf } as const satisfies Access;
}

/**
 * The staff grant that lets a non-customer account act on customers' orders of its terminals
 * (see them in the home lists, cancel, pay at the counter, publish invoices). It is the menu
 * entry of the order-approval configuration: only port staff and administrators hold it, and the
 * people who decide which orders need approval are the people who act on them. Customs officers
 * and shipping lines hold the home grant for the page, not this one, so they reach no order.
 */
export const staffOrderGrant: MenuId = 'CFG_APPROVAL';
