import { type ViewGroup, viewGroups } from '@smartport/contract';
import type { ViewPages } from './view-types';

type Loader = () => Promise<{ pages: ViewPages }>;

/** The 16 view groups of spec 01 §2, each its own lazily loaded chunk. */
export const viewGroupLoaders: Record<ViewGroup, Loader> = {
  CRM: () => import('../views/CRM'),
  Common: () => import('../views/Common'),
  Config: () => import('../views/Config'),
  Custom: () => import('../views/Custom'),
  HomePage: () => import('../views/HomePage'),
  KPI: () => import('../views/KPI'),
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
