import { randomBytes } from 'node:crypto';
import { type CallReply, type calls, SECRET_MASK, senderMail } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed, SecretBoxError } from '../../src/security/secret-box';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

type MailReply = CallReply<typeof calls.mail.getMailConfig>;
type SaveReply = CallReply<typeof calls.mail.saveMailConfig>;

const GET = 'config/getMailConfig';
const SAVE = 'config/saveMailConfig';
const PASSWORD = 'Smtp-Mật@khẩu#2026';
const full = { host: 'mail.smartport.vn', port: 587, user: 'noreply@smartport.vn', pass: PASSWORD, tls: 1 };

let t: TestApp;
let admin: string;

/** The stored record of the sender mail form exactly as it sits in the database. */
async function rawRecord(app: TestApp = t) {
  const [row] = await app.sql<{ value: Record<string, unknown>; text: string }>(
    "SELECT value, value::text AS text FROM system_settings WHERE key = 'form:mail_config'",
  );
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('sender mail (spec 03 §2.4, §5, §7: config/getMailConfig, config/saveMailConfig)', () => {
  it('answers the spec shape with empty values before anything is saved', async () => {
    const res = await t.call<MailReply>(GET, {}, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      payload: { host: '', port: null, auth: { user: '', pass: '' }, tls: { rejectUnauthorized: false } },
    });
  });

  it('refuses a save naming the first missing field, in the order host, port, user, pass', async () => {
    const steps: [Record<string, unknown> | undefined, string][] = [
      [undefined, 'Vui lòng nhập host!'],
      [{}, 'Vui lòng nhập host!'],
      [{ host: '   ', port: 25, user: 'a', pass: 'b' }, 'Vui lòng nhập host!'],
      [{ host: full.host }, 'Vui lòng nhập port !'],
      [{ host: full.host, port: '' }, 'Vui lòng nhập port !'],
      [{ host: full.host, port: 587, user: null }, 'Vui lòng nhập tên đăng nhập !'],
      [{ host: full.host, port: 587, user: full.user }, 'Vui lòng nhập mật khẩu !'],
      [{ host: full.host, port: 587, user: full.user, pass: '' }, 'Vui lòng nhập mật khẩu !'],
      // Nothing is stored yet: the mask stands for no secret.
      [{ host: full.host, port: 587, user: full.user, pass: SECRET_MASK, tls: 0 }, 'Vui lòng nhập mật khẩu !'],
    ];
    for (const [body, message] of steps) {
      const res = await t.call<SaveReply>(SAVE, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    expect(await rawRecord()).toBeUndefined();
  });

  it('refuses a port that is not a number, naming the field in Vietnamese', async () => {
    const res = await t.call<SaveReply>(SAVE, { ...full, port: 'abc' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('port');
    expect(res.body.message).toMatch(vietnamese);
  });

  it('saves and answers the values back, the password only as the mask', async () => {
    const saved = await t.call<SaveReply>(SAVE, full, admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, message: 'Lưu dữ liệu hoàn tất !' });

    const res = await t.call<MailReply>(GET, {}, admin);
    expect(res.body).toEqual({
      success: true,
      payload: { host: full.host, port: 587, auth: { user: full.user, pass: SECRET_MASK }, tls: { rejectUnauthorized: true } },
    });
    expect(res.raw).not.toContain(PASSWORD);
  });

  it('stores the password encrypted: the raw row holds no clear text, and the server reads it back', async () => {
    const row = await rawRecord();
    expect(row?.text).not.toContain(PASSWORD);
    expect(row?.text).not.toContain('Smtp');
    expect(isSealed(row?.value.pass)).toBe(true);
    expect(row?.value).toMatchObject({ host: full.host, port: 587, user: full.user, tls: 1 });
    expect(await t.portal.services.settingsForms.read(senderMail)).toMatchObject({ ...full, pass: PASSWORD });
  });

  it('keeps the stored password when the mask comes back for the same server, and saves the other fields', async () => {
    const before = await rawRecord();
    const res = await t.call<SaveReply>(SAVE, { ...full, port: '587', pass: SECRET_MASK, tls: 0 }, admin);
    expect(res.status).toBe(200);
    const after = await rawRecord();
    expect(after?.value.pass).toBe(before?.value.pass);
    expect(after?.value).toMatchObject({ host: full.host, port: 587, tls: 0 });
    expect(await t.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: PASSWORD });
    const get = await t.call<MailReply>(GET, {}, admin);
    expect(get.body.payload).toMatchObject({ host: full.host, port: 587, auth: { pass: SECRET_MASK }, tls: { rejectUnauthorized: false } });
  });

  it('refuses the mask for another host, port or user: the password is never sent to a server it was not saved for', async () => {
    const before = await rawRecord();
    for (const change of [{ host: 'smtp.khac.vn' }, { port: 2525 }, { user: 'khac@smartport.vn' }]) {
      const res = await t.call<SaveReply>(SAVE, { ...full, ...change, pass: SECRET_MASK }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Vui lòng nhập mật khẩu !' });
    }
    expect((await rawRecord())?.value).toEqual(before?.value);
    // Typed again, the new server takes it.
    const typed = await t.call<SaveReply>(SAVE, { ...full, host: 'smtp.smartport.vn', port: 465, pass: PASSWORD }, admin);
    expect(typed.status).toBe(200);
    expect(await t.portal.services.settingsForms.read(senderMail)).toMatchObject({ host: 'smtp.smartport.vn', pass: PASSWORD });
  });

  it('refuses an emptied password and keeps the stored one', async () => {
    const before = await rawRecord();
    const res = await t.call<SaveReply>(SAVE, { ...full, pass: '' }, admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Vui lòng nhập mật khẩu !' });
    expect((await rawRecord())?.value).toEqual(before?.value);
  });

  it('replaces the password with a new one', async () => {
    const before = await rawRecord();
    const res = await t.call<SaveReply>(SAVE, { ...full, pass: 'Mới-2027' }, admin);
    expect(res.status).toBe(200);
    const after = await rawRecord();
    expect(after?.value.pass).not.toBe(before?.value.pass);
    expect(after?.text).not.toContain('Mới-2027');
    expect(await t.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Mới-2027' });
    expect((await t.call<MailReply>(GET, {}, admin)).body.payload?.auth.pass).toBe(SECRET_MASK);
  });

  it('refuses a user whose group lacks the menu entry (403) and a call without a token (401)', async () => {
    const staff = await t.login('nhanvien');
    for (const [path, body] of [
      [GET, {}],
      [SAVE, full],
    ] as const) {
      const forbidden = await t.call(path, body, staff);
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false });
      const anonymous = await t.call(path, body, null);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, message: 'Vui lòng đăng nhập để sử dụng chức năng này.' });
    }
    expect(await t.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Mới-2027' });
  });

  it('serves a group granted only the sender mail entry', async () => {
    await t.addUser({ UserID: 'mailadmin', UserGroupCode: 'MAILONLY', password: 'Mail@2026-test', grants: ['CFG_MAIL'] });
    const token = await t.login('mailadmin', 'Mail@2026-test');
    const res = await t.call<MailReply>(GET, {}, token);
    expect(res.status).toBe(200);
    expect(res.body.payload?.auth.pass).toBe(SECRET_MASK);
  });
});

describe('the settings key', () => {
  it('is generated once, outside the database, when SETTINGS_KEY is unset: a second instance reads the secrets', async () => {
    expect(await t.sql("SELECT key FROM system_settings WHERE key IN ('settings_key', 'token_secret')")).toEqual([]);
    const second = await createTestApp({ database: t.database });
    try {
      expect(await second.portal.services.settingsForms.read(senderMail)).toMatchObject({ pass: 'Mới-2027' });
    } finally {
      await second.close();
    }
  });

  it('with another SETTINGS_KEY still answers the mask, but the secret cannot be opened', async () => {
    const other = await createTestApp({ database: t.database, config: { settingsKey: randomBytes(32).toString('base64') } });
    try {
      const token = await other.login('admin');
      const res = await other.call<MailReply>(GET, {}, token);
      expect(res.body.payload?.auth.pass).toBe(SECRET_MASK);
      await expect(other.portal.services.settingsForms.read(senderMail)).rejects.toThrow(SecretBoxError);
    } finally {
      await other.close();
    }
  });

  it('stops the start on a SETTINGS_KEY that is not 32 bytes, naming the variable', async () => {
    await expect(createTestApp({ database: t.database, config: { settingsKey: 'too-short' } })).rejects.toThrow(/SETTINGS_KEY/);
  });
});
