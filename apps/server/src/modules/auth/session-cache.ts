import type { AuthUser } from '../../http/context';

/**
 * Sessions already checked, kept for a short while so a call does not ask the database again who its token is
 * (issue 15: that lookup was half the database work of a list call). Correctness comes from invalidation, not the
 * time limit: every change to sessions, users, groups or grants NOTIFYs `auth_changed` at commit (migration 0012_auth_changes)
 * and each instance empties its cache when it hears it; a logout empties the entry here at once. While the
 * listening connection is down nothing is kept (every call asks the database), so a missed notification cannot
 * leave a revoked session usable. The time limit only bounds memory and staleness should a notification be lost
 * some other way.
 */
export interface SessionCache {
  /** The user of the session `jti` of `userId`, from the cache or loaded by `load` (and kept when it exists). */
  get(jti: string, userId: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null>;
  forget(jti: string): void;
  clear(): void;
  /** Whether invalidations are heard: while false nothing is kept. */
  setListening(listening: boolean): void;
}

interface Entry {
  userId: string;
  until: number;
  user: Promise<AuthUser | null>;
}

export function createSessionCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }): SessionCache {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  let listening = false;

  return {
    get(jti, userId, load) {
      if (!listening || opts.ttlMs <= 0) return load();
      const hit = entries.get(jti);
      if (hit && hit.userId === userId && hit.until > now()) return hit.user;
      if (entries.size >= max) entries.clear();
      // Concurrent calls with the same token share one lookup.
      const entry: Entry = { userId, until: now() + opts.ttlMs, user: load() };
      entries.set(jti, entry);
      entry.user.then(
        (u) => {
          if (!u && entries.get(jti) === entry) entries.delete(jti);
        },
        () => {
          if (entries.get(jti) === entry) entries.delete(jti);
        },
      );
      return entry.user;
    },
    forget(jti) {
      entries.delete(jti);
    },
    clear() {
      entries.clear();
    },
    setListening(value) {
      listening = value;
      entries.clear();
    },
  };
}
