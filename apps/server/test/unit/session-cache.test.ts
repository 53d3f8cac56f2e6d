import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/http/context';
import { createSessionCache } from '../../src/modules/auth/session-cache';

const user = (UserID: string, jti: string): AuthUser => ({
  UserID,
  UserName: UserID,
  UserGroupCode: 'STAFF',
  UserGroupName: 'Nhân viên',
  Rank: 2,
  terminals: ['NDP'],
  CustomerCode: null,
  Email: null,
  grants: new Set(['HOME']),
  jti,
});

function counting(result: AuthUser | null) {
  let loads = 0;
  return {
    load: async () => {
      loads++;
      return result;
    },
    get loads() {
      return loads;
    },
  };
}

describe('session cache', () => {
  it('keeps a checked session while invalidations are heard, and one lookup serves concurrent calls', async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const l = counting(user('a', 'j1'));
    const [x, y] = await Promise.all([cache.get('j1', 'a', l.load), cache.get('j1', 'a', l.load)]);
    expect(x?.UserID).toBe('a');
    expect(y?.UserID).toBe('a');
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(1);
  });

  it('asks the database on every call while not listening (a notification could be missed)', async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const l = counting(user('a', 'j1'));
    await cache.get('j1', 'a', l.load);
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(2);
    cache.setListening(true);
    await cache.get('j1', 'a', l.load);
    cache.setListening(false);
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(4);
  });

  it('forgets on clear (a heard change), on forget (a logout) and after its time', async () => {
    let t = 0;
    const cache = createSessionCache({ ttlMs: 1000, now: () => t });
    cache.setListening(true);
    const l = counting(user('a', 'j1'));
    await cache.get('j1', 'a', l.load);
    cache.clear();
    await cache.get('j1', 'a', l.load);
    cache.forget('j1');
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(3);
    t = 999;
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(3);
    t = 1000;
    await cache.get('j1', 'a', l.load);
    expect(l.loads).toBe(4);
  });

  it('keeps no refused session, and never answers one user for another user named in the token', async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const refused = counting(null);
    expect(await cache.get('j2', 'a', refused.load)).toBeNull();
    expect(await cache.get('j2', 'a', refused.load)).toBeNull();
    expect(refused.loads).toBe(2);
    const a = counting(user('a', 'j3'));
    await cache.get('j3', 'a', a.load);
    const other = counting(null);
    expect(await cache.get('j3', 'b', other.load)).toBeNull();
    expect(other.loads).toBe(1);
  });
});
