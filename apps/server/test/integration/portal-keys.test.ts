import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, senderMail } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBoxError } from '../../src/security/secret-box';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A demo start's made-up keys (the settings key sealing stored passwords, the token secret) live in a key file of the
 * data folder, never in the database: a dump of the database alone opens nothing. Keys earlier demo starts kept in
 * system_settings are migrated out on start.
 */
let t: TestApp;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sp-keys-'));
  folders.push(dir);
  return dir;
};
const mail = { host: 'smtp.cang.vn', port: 587, user: 'noreply@cang.vn', pass: 'Khóa-bí-mật@2026', tls: 1 };
const legacyRows = () =>
  t.sql<{ key: string }>("SELECT key FROM system_settings WHERE key IN ('settings_key', 'token_secret') ORDER BY key");
const keyFile = (dir: string) => JSON.parse(readFileSync(join(dir, 'portal-keys.json'), 'utf8')) as Record<string, string>;

/** A portal on the shared database with the keys of `dataDir` (made up by a demo start when absent there). */
const portalOn = (dataDir: string) => createTestApp({ database: t.database, config: { dataDir }, jobs: { start: false } });

async function saveMail(app: TestApp, pass = mail.pass) {
  const res = await app.call(calls.mail.saveMailConfig, { ...mail, pass }, await app.login('admin'));
  expect(res.status, res.raw).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('[reliability: keys-outside-db] the keys of a demo start', () => {
  it('are made on the first start in a key file of the data folder (mode 0600), never in the database', async () => {
    const dir = folder();
    const first = await portalOn(dir);
    try {
      await saveMail(first);
      expect((statSync(join(dir, 'portal-keys.json')).mode & 0o777).toString(8)).toBe('600');
      const keys = keyFile(dir);
      expect(keys.SETTINGS_KEY).toMatch(/^[0-9a-f]{64}$/);
      expect(keys.JWT_SECRET?.length).toBeGreaterThanOrEqual(16);
      expect(await legacyRows()).toEqual([]);
      const dump = (await t.sql<{ text: string }>("SELECT string_agg(value::text, '') AS text FROM system_settings"))[0]?.text ?? '';
      expect(dump).not.toContain(keys.SETTINGS_KEY);
      expect(dump).not.toContain(keys.JWT_SECRET);
      expect(dump).not.toContain(mail.pass);
    } finally {
      await first.close();
    }
    // The next start on the same folder keeps the keys: the password still opens, the sessions still verify.
    const again = await portalOn(dir);
    try {
      expect(await again.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: mail.pass });
    } finally {
      await again.close();
    }
    // The database without the key file opens nothing: another folder, other keys.
    const stranger = await portalOn(folder());
    try {
      await expect(stranger.portal.services.settingsForms.read(senderMail)).rejects.toThrow(SecretBoxError);
    } finally {
      await stranger.close();
    }
  }, 240_000);

  it('adopts the keys an earlier demo start kept in system_settings, then deletes them from the table', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const oldJwt = randomBytes(24).toString('hex');
    const earlier = await createTestApp({
      database: t.database,
      config: { settingsKey: oldKey, jwtSecret: oldJwt },
      jobs: { start: false },
    });
    try {
      await saveMail(earlier, 'Cũ@2025-mail');
    } finally {
      await earlier.close();
    }
    await t.sql(
      "INSERT INTO system_settings (key, value) VALUES ('settings_key', to_jsonb($1::text)), ('token_secret', to_jsonb($2::text))",
      [oldKey, oldJwt],
    );
    const dir = folder();
    const migrated = await portalOn(dir);
    try {
      expect(await migrated.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Cũ@2025-mail' });
      expect(await legacyRows()).toEqual([]);
      expect(keyFile(dir)).toEqual({ JWT_SECRET: oldJwt, SETTINGS_KEY: oldKey });
    } finally {
      await migrated.close();
    }
  }, 240_000);

  it('seals the stored secrets again with the key file when the table held another key', async () => {
    const dir = folder();
    const newKey = randomBytes(32).toString('hex');
    writeFileSync(join(dir, 'portal-keys.json'), JSON.stringify({ JWT_SECRET: randomBytes(24).toString('hex'), SETTINGS_KEY: newKey }), {
      mode: 0o644,
    });
    const oldKey = randomBytes(32).toString('hex');
    const earlier = await createTestApp({ database: t.database, config: { settingsKey: oldKey }, jobs: { start: false } });
    try {
      await saveMail(earlier, 'Trước@2025');
    } finally {
      await earlier.close();
    }
    await t.sql("INSERT INTO system_settings (key, value) VALUES ('settings_key', to_jsonb($1::text))", [oldKey]);
    const migrated = await portalOn(dir);
    try {
      expect(await migrated.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Trước@2025' });
      expect(await legacyRows()).toEqual([]);
      expect((statSync(join(dir, 'portal-keys.json')).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await migrated.close();
    }
    // Sealed with the file's key now: a portal given that key opens it, the old key no longer does.
    const withNew = await createTestApp({ database: t.database, config: { settingsKey: newKey }, jobs: { start: false } });
    const withOld = await createTestApp({ database: t.database, config: { settingsKey: oldKey }, jobs: { start: false } });
    try {
      expect(await withNew.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Trước@2025' });
      await expect(withOld.portal.services.settingsForms.read(senderMail)).rejects.toThrow(SecretBoxError);
    } finally {
      await withNew.close();
      await withOld.close();
    }
  }, 240_000);
});
