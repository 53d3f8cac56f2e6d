import type { ViewGroup } from '@smartport/contract';
import type { ViewPages } from './view-types';

type Loader = () => Promise<{ pages: ViewPages }>;

/** The 16 view groups of spec 01 §2 and the shipping line's 'Line', each its own lazily loaded chunk. */
const loadedGroups: Partial<Record<ViewGroup, { pages: ViewPages }>> = {};
/** A loader that remembers its group's module once loaded (`loadedViewGroup`). */
const remembered =
  (group: ViewGroup, load: Loader): Loader =>
  () =>
    load().then((m) => {
      loadedGroups[group] = m;
      return m;
    });

const loaders: Record<ViewGroup, Loader> = {
  CRM: () => import('../views/CRM'),
  Common: () => import('../views/Common'),
  Config: () => import('../views/Config'),
  Custom: () => import('../views/Custom'),
  HomePage: () => import('../views/HomePage'),
  KPI: () => import('../views/KPI'),
  Line: () => import('../views/Line'),
  LoginPage: () => import('../views/LoginPage'),
  Operator: () => import('../views/Operator'),
  Order: () => import('../views/Order'),
  Personal: () => import('../views/Personal'),
  Report: () => import('../views/Report'),
  Support: () => import('../views/Support'),
  SystemManager: () => import('../views/SystemManager'),
  Tariff: () => import('../views/Tariff'),
  Task: () => import('../views/Task'),
  Tracking: () => import('../views/Tracking'),
};

/** The view groups' chunk loaders; each remembers its module once loaded. */
export const viewGroupLoaders = Object.fromEntries(
  Object.entries(loaders).map(([group, load]) => [group, remembered(group as ViewGroup, load)]),
) as Record<ViewGroup, Loader>;

/** A view group's module when it has already loaded, so a screen can be drawn at once rather than after a promise. */
export function loadedViewGroup(group: ViewGroup): { pages: ViewPages } | undefined {
  return loadedGroups[group];
}

/**
 * Before the menu is known: starts loading the chunk of the view group the path most likely names ('/' the home page,
 * else its first segment, as most entries do), side by side with the user and menu calls. Only a static chunk is
 * fetched; the menu still decides what is shown (`resolveView`), and a wrong guess costs one download. Kept out of
 * view-groups.ts so the first chunk takes only these loaders.
 */
export function preloadLikelyView(pathname: string) {
  const [first] = pathname.split('/').filter(Boolean);
  const lower = first?.toLowerCase();
  const group = lower ? (Object.keys(viewGroupLoaders) as ViewGroup[]).find((g) => g.toLowerCase() === lower) : 'HomePage';
  if (group) void viewGroupLoaders[group]().catch(() => undefined);
}
