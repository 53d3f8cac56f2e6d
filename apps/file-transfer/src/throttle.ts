/**
 * Password guessing limits, per account and per client address (README of apps/file-transfer, docs/decisions.md
 * 'SFTP login throttling'). Each key (`account:<name>`, `address:<ip>`) keeps its failures of the last window:
 * every failure makes the next attempt on that key wait longer (base × 2^(failures−1), at most the cap), and
 * `max_failures` failures within the window lock the key for `lock_seconds` (or until an administrator unlocks
 * the account). Waiting is a timer, never a busy loop; a key is only ever slowed by its own failures, so one client
 * guessing does not slow the other accounts and addresses.
 */
export interface ThrottleSettings {
  max_failures: number;
  failure_window_seconds: number;
  lock_seconds: number;
  delay_base_ms: number;
  delay_max_ms: number;
}

export const defaultThrottleSettings: ThrottleSettings = {
  max_failures: 10,
  failure_window_seconds: 900,
  lock_seconds: 900,
  delay_base_ms: 500,
  delay_max_ms: 8000,
};

interface Entry {
  failures: number[];
  /** Attempts on this key are not checked before this time (the growing delay). */
  notBefore: number;
  lockedUntil: number;
  /** For an address: the accounts it failed on (an account's unlock also frees the addresses that locked it). */
  accounts: Set<string>;
}

export interface LockView {
  kind: 'account' | 'address';
  key: string;
  failures: number;
  locked_until: string;
}

/** Keys kept at most: an attacker inventing names or addresses cannot grow the table without bound. */
const MAX_ENTRIES = 20_000;

export const accountKey = (username: string) => username.toLowerCase();

export function createThrottle(settings: () => ThrottleSettings, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const keyOf = (kind: 'account' | 'address', id: string) => `${kind}:${kind === 'account' ? accountKey(id) : id}`;

  function entry(key: string): Entry {
    let e = entries.get(key);
    if (!e) {
      if (entries.size >= MAX_ENTRIES) prune();
      // Still full: the oldest key goes (a Map keeps insertion order).
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      e = { failures: [], notBefore: 0, lockedUntil: 0, accounts: new Set() };
      entries.set(key, e);
    }
    return e;
  }

  function recent(e: Entry, t: number) {
    const from = t - settings().failure_window_seconds * 1000;
    while (e.failures.length && (e.failures[0] ?? 0) <= from) e.failures.shift();
    return e.failures.length;
  }

  /** Drops the keys with nothing left to remember. */
  function prune() {
    const t = now();
    for (const [k, e] of entries) if (recent(e, t) === 0 && e.lockedUntil <= t && e.notBefore <= t) entries.delete(k);
  }

  const delayFor = (failures: number) => {
    const s = settings();
    if (failures <= 0 || s.delay_base_ms <= 0) return 0;
    return Math.min(s.delay_max_ms, s.delay_base_ms * 2 ** Math.min(failures - 1, 20));
  };

  const keys = (username: string, ip: string) => [keyOf('account', username), keyOf('address', ip)];

  return {
    /** Whether the account or the address is locked now. */
    locked(username: string, ip: string): boolean {
      const t = now();
      return keys(username, ip).some((k) => (entries.get(k)?.lockedUntil ?? 0) > t);
    },

    /**
     * How long this attempt waits before it is checked; the wait is reserved, so attempts sent in parallel on the
     * same key are spaced out as if they had come one after another.
     */
    reserve(username: string, ip: string): number {
      const t = now();
      let wait = 0;
      for (const k of keys(username, ip)) {
        const e = entries.get(k);
        if (!e) continue;
        const n = recent(e, t);
        if (!n) continue;
        const start = Math.max(e.notBefore, t);
        e.notBefore = start + delayFor(n);
        wait = Math.max(wait, start - t);
      }
      return Math.min(wait, settings().delay_max_ms * 4);
    },

    /**
     * A failed attempt: counted on the address, and on the account unless `addressOnly` (a refused address never
     * reaches the password, so outsiders cannot lock a shipping line's account that has an address list).
     * Answers how long the refusal waits and whether this failure locked something.
     */
    fail(username: string, ip: string, addressOnly = false): { delayMs: number; lockedNow: boolean } {
      const t = now();
      const s = settings();
      let delayMs = 0;
      let lockedNow = false;
      const targets = addressOnly ? [keyOf('address', ip)] : keys(username, ip);
      for (const k of targets) {
        const e = entry(k);
        e.failures.push(t);
        if (k.startsWith('address:')) e.accounts.add(accountKey(username));
        const n = recent(e, t);
        const d = delayFor(n);
        e.notBefore = Math.max(e.notBefore, t + d);
        delayMs = Math.max(delayMs, d);
        if (n >= s.max_failures && e.lockedUntil <= t) {
          e.lockedUntil = t + s.lock_seconds * 1000;
          lockedNow = true;
        }
      }
      return { delayMs, lockedNow };
    },

    /** A successful login clears the account's failures (the address keeps its own until they age out). */
    succeed(username: string) {
      entries.delete(keyOf('account', username));
    },

    /** An administrator's unlock: the account, and the addresses locked by failures on it. Answers what was freed. */
    unlock(username: string): { account: boolean; addresses: string[] } {
      const t = now();
      const a = entries.get(keyOf('account', username));
      const account = !!a && a.lockedUntil > t;
      entries.delete(keyOf('account', username));
      const addresses: string[] = [];
      for (const [k, e] of entries) {
        if (!k.startsWith('address:') || !e.accounts.has(accountKey(username))) continue;
        if (e.lockedUntil > t) addresses.push(k.slice('address:'.length));
        entries.delete(k);
      }
      return { account, addresses };
    },

    /** The keys locked now, for the portal. */
    locks(): LockView[] {
      const t = now();
      const out: LockView[] = [];
      for (const [k, e] of entries) {
        if (e.lockedUntil <= t) continue;
        const [kind, ...rest] = k.split(':');
        out.push({
          kind: kind === 'account' ? 'account' : 'address',
          key: rest.join(':'),
          failures: recent(e, t),
          locked_until: new Date(e.lockedUntil).toISOString(),
        });
      }
      return out;
    },
    prune,
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
