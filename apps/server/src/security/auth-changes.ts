import type { Database } from '../db/client';

/** A cache kept only while every change to what it holds is heard (security/heard-cache.ts, auth/session-cache.ts). */
export interface HeardStore {
  clear(): void;
  setListening(on: boolean): void;
}

/**
 * Checked sessions and each group's menu are kept while every change to them is heard (NOTIFY auth_changed, sent at
 * commit by the triggers of migrations 0012 and 0021): every instance then drops what it kept, and keeps nothing while
 * it cannot listen. Answers how to stop listening (null when nothing is kept).
 */
export async function listenAuthChanges(database: Database, cacheSeconds: number, stores: HeardStore[]) {
  if (cacheSeconds <= 0) return null;
  return database.listen('auth_changed', {
    notify: () => {
      for (const s of stores) s.clear();
    },
    up: (on) => {
      for (const s of stores) s.setListening(on);
    },
  });
}
