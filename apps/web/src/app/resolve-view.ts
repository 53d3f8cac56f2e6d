import type { MenuNode, ViewGroup } from '@smartport/contract';
import { flattenMenu } from '../lib/menu';
import { findViewGroup } from './view-groups';

export interface ResolvedView {
  /** The menu entry granting this path; null when the user's menu has no such path. */
  entry: MenuNode | null;
  group: ViewGroup | null;
  page: string | null;
}

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();

/**
 * Pages with a parameter in the path, which no menu entry lists: each is allowed by the grant of
 * the named entry (the tracking page /tracking/pincode/{pincode} by the home page, spec 02 §2.1).
 */
const parameterRoutes: readonly { pattern: RegExp; grantedBy: string; group: ViewGroup; page: string }[] = [
  { pattern: /^\/tracking\/pincode\/[^/]+$/, grantedBy: 'HOME', group: 'Tracking', page: 'PinCode' },
];

/**
 * Paths spec 03 §2.4 lists under Config as "(defined elsewhere)": the same screens as the catalogue
 * entries, so they open those entries' pages under those entries' grants (the calls' access is
 * the catalogue menu's, and a user without it gets the same 403 as on the catalogue path).
 */
export const pathAliases: Readonly<Record<string, string>> = {
  '/config/exchange': '/common/exchange',
  '/config/payment_type': '/common/payment_type',
};

/**
 * Spec 01 §2: a path is resolved from the menu. The first segment names the view class and the
 * second the page, unless the menu entry names them explicitly.
 */
export function resolveView(pathname: string, menu: readonly MenuNode[]): ResolvedView {
  const asked = normalise(decodeURI(pathname));
  const target = pathAliases[asked] ?? asked;
  const routed = parameterRoutes.find((r) => r.pattern.test(target));
  if (routed) {
    const granted = flattenMenu(menu).find((m) => m.MenuID === routed.grantedBy) ?? null;
    return granted ? { entry: granted, group: routed.group, page: routed.page } : { entry: null, group: null, page: null };
  }
  const entry = flattenMenu(menu).find((m) => m.Path && normalise(m.Path) === target) ?? null;
  if (!entry) return { entry: null, group: null, page: null };
  const [first, second] = target.split('/').filter(Boolean);
  const group = findViewGroup(entry.ViewClass ?? first);
  const page = entry.ViewPage ?? (entry.Path ?? '').split('/').filter(Boolean)[1] ?? second ?? null;
  return { entry, group, page };
}
