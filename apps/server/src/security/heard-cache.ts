/**
 * Values derived from the authorisation tables (who a session is, what a group's menu holds), kept in memory while
 * every change to those tables is heard (NOTIFY auth_changed at commit, migrations 0012 and 0021; app.ts listens and
 * calls `clear`). Correctness comes from invalidation, not from the time limit: while the listening connection is down
 * nothing is kept (every call loads), so a missed notification cannot leave a stale grant usable. The time limit only
 * bounds memory and staleness should a notification be lost some other way (docs/decisions.md).
 */
export interface HeardCache<V> {
  /** The value of `key`, from the cache or loaded by `load`; a loaded value is kept when `keep` says so (default: always). */
  get(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  forget(key: string): void;
  clear(): void;
  /** Whether invalidations are heard: while false nothing is kept. */
  setListening(listening: boolean): void;
}

interface Entry<V> {
  until: number;
  value: Promise<V>;
}

export function createHeardCache<V>(opts: { ttlMs: number; maxEntries?: number; now?: () => number }): HeardCache<V> {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry<V>>();
  let listening = false;

  return {
    get(key, load, keep) {
      if (!listening || opts.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value;
      if (entries.size >= max) entries.clear();
      // Concurrent calls for the same key share one load.
      const entry: Entry<V> = { until: now() + opts.ttlMs, value: load() };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((v) => {
        if (keep && !keep(v)) drop();
      }, drop);
      return entry.value;
    },
    forget(key) {
      entries.delete(key);
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
