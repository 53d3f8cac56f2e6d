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
