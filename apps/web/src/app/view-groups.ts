import { type ViewGroup, viewGroups } from '@smartport/contract';
import type { ViewPages } from './view-types';

export { viewGroupLoaders } from './view-loaders';

/** Group names match case-insensitively (`/common/operation` → Common). */
export function findViewGroup(name: string | null | undefined): ViewGroup | null {
  if (!name) return null;
  const lower = name.toLowerCase();
  return viewGroups.find((g) => g.toLowerCase() === lower) ?? null;
}

export function findPage(pages: ViewPages, name: string | null | undefined) {
  if (!name) return null;
  const exact = pages[name];
  if (exact) return exact;
  const lower = name.toLowerCase();
  const key = Object.keys(pages).find((k) => k.toLowerCase() === lower);
  return key ? (pages[key] ?? null) : null;
}
