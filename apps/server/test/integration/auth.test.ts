import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTerminalCodes } from '../../src/db/seed/terminals.data';
import { createSigner } from '../../src/security/token';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

const WRONG = 'Tên đăng nhập hoặc mật khẩu không đúng.';
const THROTTLED = 'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.';

// One portal (and database) for the file: 3 failures per user name and address, a user slowed by 400 ms after
// 4 failures from anywhere; a second portal on the same database limits an address to 3 failures.
// Each test uses its own users and addresses.
let t: TestApp;
let perIp: TestApp;
const SLOW_MS = 400;

beforeAll(async () => {
  t = await createTestApp({ throttle: { perPair: 3, userSlowAfter: 4, userDelayMs: SLOW_MS, perIp: 100 } });
  perIp = await createTestApp({ database: t.database, throttle: { perPair: 100, userSlowAfter: 100, perIp: 3 } });
});
afterAll(async () => {
  await perIp?.close();
  await t?.close();
});

const login = (app: TestApp, UserID: string, Password: string, remoteAddress = '10.0.0.1', headers?: Record<string, string>) =>
  app.call(calls.auth.login, { UserID, Password }, null, { remoteAddress, ...(headers ? { headers } : {}) });

describe('auth/login', () => {
  it('signs in with the right password and answers the token and the user with TerminalCode as a comma list', async () => {
    const res = await login(t, 'admin', 'Admin@2026');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.payload).toMatchObject({ UserID: 'admin', UserGroupCode: 'ADMIN', Rank: 1, access_token: res.body.access_token });
    expect(res.body.payload?.TerminalCode).toBe(allTerminalCodes.join(','));
    expect(calls.auth.login.response.safeParse(res.body).success).toBe(true);

    const staff = await login(t, 'nhanvien', 'Smartport@2026');
    expect(staff.body.payload).toMatchObject({ UserGroupCode: 'STAFF', TerminalCode: 'NDP,NDV,NHP' });
  });

  it('never sends the password hash back', async () => {
    const res = await login(t, 'hangtau', 'Smartport@2026');
    expect(res.status).toBe(200);
    expect(res.raw).not.toMatch(/argon2|PasswordHash|password/i);
  });

  it('reads the user name regardless of case and surrounding spaces', async () => {
    const res = await login(t, '  NhanVien ', 'Smartport@2026');
    expect(res.status).toBe(200);
    expect(res.body.payload?.UserID).toBe('nhanvien');
  });

  it(`answers 401 '${WRONG}' to a wrong password`, async () => {
    const res = await login(t, 'haiquan', 'Sai@MatKhau');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: WRONG });
  });

  it('answers the same 401 message to an unknown user (no hint which part was wrong)', async () => {
    const res = await login(t, 'khong-ton-tai', 'Smartport@2026');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: WRONG });
  });

  it('treats the password as case-sensitive and exact', async () => {
    expect((await login(t, 'khachhang', 'smartport@2026')).status).toBe(401);
    expect((await login(t, 'khachhang', 'Smartport@2026 ')).status).toBe(401);
  });

  it('answers 400 naming the missing field', async () => {
    const noUser = await t.send(calls.auth.login, { Password: 'x' });
    expect(noUser.status).toBe(400);
    expect(noUser.body.success).toBe(false);
    expect(noUser.body.message).toContain('UserID');
    expect(noUser.body.message).toMatch(vietnamese);

    const noPassword = await t.send(calls.auth.login, { UserID: 'admin' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toContain('Password');

    const blankUser = await t.call(calls.auth.login, { UserID: '   ', Password: 'x' });
    expect(blankUser.status).toBe(400);
    expect(blankUser.body.message).toContain('Vui lòng nhập tên đăng nhập');

    const emptyPassword = await t.call(calls.auth.login, { UserID: 'admin', Password: '' });
    expect(emptyPassword.status).toBe(400);
    expect(emptyPassword.body.message).toContain('Vui lòng nhập mật khẩu');

    const nothing = await t.send(calls.auth.login, undefined);
    expect(nothing.status).toBe(400);
    expect(nothing.body.success).toBe(false);
  });
});

describe('[reliability: lockout] login throttling', () => {
  it(`answers 429 '${THROTTLED}' after 3 failures of a user from one address, even to the right password`, async () => {
    for (let i = 0; i < 3; i++) expect((await login(t, 'hangtau', 'Sai@1', '10.1.0.1')).status).toBe(401);
    const fourth = await login(t, 'hangtau', 'Smartport@2026', '10.1.0.1');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ success: false, message: THROTTLED });
    // The user name's case does not open a new count.
    expect((await login(t, 'HangTau', 'Smartport@2026', '10.1.0.1')).status).toBe(429);
    // Other users from the same address are not affected.
    expect((await login(t, 'khachhang', 'Smartport@2026', '10.1.0.1')).status).toBe(200);
  });

  it('does not let an attacker lock the owner out: the right password from another address signs in', async () => {
    await t.addUser({ UserID: 'khoa_ho', UserGroupCode: 'CUSTOMER', password: 'Dung@MatKhau1' });
    for (let i = 0; i < 6; i++) await login(t, 'khoa_ho', `Sai@${i}`, '203.0.113.50');
    expect((await login(t, 'khoa_ho', 'Dung@MatKhau1', '203.0.113.50')).status).toBe(429);
    expect((await login(t, 'khoa_ho', 'Dung@MatKhau1', '10.9.0.1')).status).toBe(200);
  });

  it('slows, but does not refuse, a user guessed at from many addresses', async () => {
    await t.addUser({ UserID: 'nhieu_ip', UserGroupCode: 'CUSTOMER', password: 'Dung@MatKhau1' });
    for (let i = 0; i < 4; i++) expect((await login(t, 'nhieu_ip', 'Sai@1', `10.5.0.${i + 1}`)).status).toBe(401);
    const started = Date.now();
    expect((await login(t, 'nhieu_ip', 'Dung@MatKhau1', '10.5.1.1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('lets no more than 3 of many parallel wrong attempts from one address reach the password check', async () => {
    await t.addUser({ UserID: 'songsong', UserGroupCode: 'CUSTOMER', password: 'Dung@MatKhau1' });
    const attempts = await Promise.all(Array.from({ length: 12 }, (_, i) => login(t, 'songsong', `Sai@${i}`, '10.4.0.1')));
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect((await login(t, 'songsong', 'Dung@MatKhau1', '10.4.0.1')).status).toBe(429);
  });

  it('never refuses parallel right logins of one user (20 at once all sign in)', async () => {
    await t.addUser({ UserID: 'dongthoi', UserGroupCode: 'CUSTOMER', password: 'Dung@MatKhau1' });
    const attempts = await Promise.all(Array.from({ length: 20 }, () => login(t, 'dongthoi', 'Dung@MatKhau1', '10.6.0.1')));
    expect(attempts.map((r) => r.status)).toEqual(Array(20).fill(200));
  });

  it('forgets earlier failures after a successful login', async () => {
    await t.addUser({ UserID: 'quenmatkhau', UserGroupCode: 'CUSTOMER', password: 'Dung@MatKhau1' });
    for (let i = 0; i < 2; i++) expect((await login(t, 'quenmatkhau', 'Sai@1', '10.2.0.1')).status).toBe(401);
    expect((await login(t, 'quenmatkhau', 'Dung@MatKhau1', '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(t, 'quenmatkhau', 'Sai@1', '10.2.0.1')).status).toBe(401);
    expect((await login(t, 'quenmatkhau', 'Dung@MatKhau1', '10.2.0.1')).status).toBe(200);
  });

  it('after 3 failures from one address refuses user names never signed in from there, not those that were', async () => {
    const ip = '198.51.100.7';
    // nhanvien signed in from this address before the spraying started.
    expect((await login(perIp, 'nhanvien', 'Smartport@2026', ip)).status).toBe(200);
    for (const name of ['nguoi1', 'nguoi2', 'nguoi3']) expect((await login(perIp, name, 'Sai@1', ip)).status).toBe(401);
    const sprayed = await login(perIp, 'haiquan', 'Smartport@2026', ip);
    expect(sprayed.status).toBe(429);
    expect(sprayed.body).toEqual({ success: false, message: THROTTLED });
    expect((await login(perIp, 'nguoi4', 'Sai@1', ip)).status).toBe(429);
    // A colleague behind the same address who has signed in from it is served.
    expect((await login(perIp, 'nhanvien', 'Smartport@2026', ip)).status).toBe(200);
    // A forwarded-for header is not believed unless the portal is told it sits behind a proxy.
    expect((await login(perIp, 'haiquan', 'Smartport@2026', ip, { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
    // Another address still signs in.
    expect((await login(perIp, 'haiquan', 'Smartport@2026', '198.51.100.8')).status).toBe(200);
  });

  it('does not count successful logins against the address', async () => {
    for (let i = 0; i < 6; i++) expect((await login(perIp, 'khachhang', 'Smartport@2026', '198.51.100.20')).status).toBe(200);
    for (const name of ['nguoi4', 'nguoi5']) expect((await login(perIp, name, 'Sai@1', '198.51.100.20')).status).toBe(401);
    expect((await login(perIp, 'hangtau', 'Smartport@2026', '198.51.100.20')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('auth/me answers the signed-in user', async () => {
    const token = await t.login('nhanvien');
    const res = await t.call(calls.auth.me, {}, token);
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      UserID: 'nhanvien',
      UserGroupCode: 'STAFF',
      TerminalCode: 'NDP,NDV,NHP',
      access_token: token,
    });
    expect(calls.auth.me.response.safeParse(res.body).success).toBe(true);
  });

  it('auth/me accepts no body at all', async () => {
    const token = await t.login('nhanvien');
    expect((await t.call(calls.auth.me, undefined, token)).status).toBe(200);
  });

  it('logout revokes the session: the same token then gets 401, other sessions of the user live on', async () => {
    const token = await t.login('khachhang');
    const other = await t.login('khachhang');
    const out = await t.call(calls.auth.logout, {}, token);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: expect.stringMatching(vietnamese) });
    const me = await t.call(calls.auth.me, {}, token);
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    expect((await t.call(calls.auth.logout, {}, token)).status).toBe(401);
    expect((await t.call(calls.auth.me, {}, other)).status).toBe(200);
  });

  it('refuses a deactivated user on the next call with the old token, and at the next login', async () => {
    await t.addUser({ UserID: 'sapnghiviec', UserGroupCode: 'STAFF', password: 'Nghi@Viec1' });
    const token = await t.login('sapnghiviec', 'Nghi@Viec1');
    expect((await t.call(calls.auth.me, {}, token)).status).toBe(200);
    await t.sql('UPDATE users SET is_active = false WHERE user_id = $1', ['sapnghiviec']);
    // Heard by the portal through NOTIFY auth_changed at commit (its checked sessions: session-cache.ts).
    await expect.poll(async () => (await t.call(calls.auth.me, {}, token)).status, { timeout: 5000 }).toBe(401);
    const me = await t.call(calls.auth.me, {}, token);
    expect(me.status).toBe(401);
    expect(me.body.success).toBe(false);
    expect((await t.call(calls.shell.getMenu, {}, token)).status).toBe(401);
    const again = await login(t, 'sapnghiviec', 'Nghi@Viec1', '10.3.0.1');
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ success: false, message: 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.' });
    // A wrong password for a locked account answers like any wrong password.
    expect((await login(t, 'sapnghiviec', 'Sai@1', '10.3.0.1')).body.message).toBe(WRONG);
  });

  it("refuses a correctly signed token that names another user than its session's", async () => {
    const token = await t.login('khachhang');
    const signer = createSigner(t.portal.config.jwtSecret);
    const claims = signer.verifyAccess(token);
    expect(claims).not.toBeNull();
    const swapped = signer.signAccess({ sub: 'admin', jti: claims?.jti ?? '' }, 3600);
    expect((await t.call(calls.auth.me, {}, swapped)).status).toBe(401);
  });

  it('refuses a session whose time is over even when the token has not expired yet', async () => {
    const token = await t.login('haiquan');
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    await t.sql("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE jti = $1", [jti]);
    expect((await t.call(calls.auth.me, {}, token)).status).toBe(401);
  });

  it('records the session with the client address, never the token', async () => {
    const res = await login(t, 'nhanvien', 'Smartport@2026', '192.0.2.44');
    const rows = await t.sql<Record<string, unknown>>("SELECT * FROM sessions WHERE client_ip = '192.0.2.44'");
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(res.body.access_token?.split('.')[2]);
  });
});
