import type { AuthUser } from '../../http/context';
import { createHeardCache } from '../../security/heard-cache';

/**
 * Sessions already checked, kept for a short while so a call does not ask the database again who its token is
 * (that lookup was half the database work of a list call). Kept on the heard cache (security/heard-cache.ts):
 * every change to sessions, users, groups or grants NOTIFYs `auth_changed` at commit and each instance empties its
 * cache when it hears it; a logout empties the entry here at once; while the listening connection is down nothing is
 * kept.
 */
export interface SessionCache {
  /** The user of the session `jti` of `userId`, from the cache or loaded by `load` (and kept when it exists). */
  get(jti: string, userId: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null>;
  forget(jti: string): void;
  clear(): void;
  /** Whether invalidations are heard: while false nothing is kept. */
  setListening(listening: boolean): void;
}

export function createSessionCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }): SessionCache {
  const cache = createHeardCache<{ userId: string; user: AuthUser | null }>(opts);
  return {
    async get(jti, userId, load) {
      const hit = await cache.get(
        jti,
        async () => ({ userId, user: await load() }),
        (v) => v.user !== null,
      );
      // A token naming another user with the same session id is nobody's: ask the database.
      return hit.userId === userId ? hit.user : load();
    },
    forget: (jti) => cache.forget(jti),
    clear: () => cache.clear(),
    setListening: (on) => cache.setListening(on),
  };
}
