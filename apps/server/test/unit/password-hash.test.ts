import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashLoad, verifyPassword } from '../../src/security/password-hash';

// argon2 runs off the event loop, at most `limit` hashes at once; the others wait their turn.
describe('password hashing', () => {
  it('hashes and verifies as argon2id', async () => {
    const hashed = await hashPassword('Mật khẩu@2026');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, 'Mật khẩu@2026')).toBe(true);
    expect(await verifyPassword(hashed, 'sai')).toBe(false);
  });

  it('runs at most its limit of hashes at once, the rest in turn, and the event loop keeps running meanwhile', async () => {
    const { limit } = passwordHashLoad();
    expect(limit).toBeGreaterThanOrEqual(1);
    let most = 0;
    let queued = 0;
    let turns = 0;
    const watch = setInterval(() => {
      turns++;
      const load = passwordHashLoad();
      most = Math.max(most, load.running);
      queued = Math.max(queued, load.waiting);
    }, 1);
    const hashes = await Promise.all(Array.from({ length: limit + 4 }, (_, i) => hashPassword(`p${i}`)));
    clearInterval(watch);
    expect(new Set(hashes).size).toBe(limit + 4);
    expect(most).toBe(limit);
    expect(queued).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(limit + 4);
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0, limit });
  });

  it('gives the place back when a verify fails', async () => {
    await expect(verifyPassword('not-a-hash', 'x')).rejects.toThrow();
    expect(passwordHashLoad().running).toBe(0);
  });
});
