import { calls, accountSecurityMessages as msg } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/auth/totp';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

const WRONG = 'Tên đăng nhập hoặc mật khẩu không đúng.';
const LOCKED = 'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 SmartPortTest';

// One portal for the file with the default ceiling (10 failures → 15 minutes' lock) and short waits; a second portal on
// the same database stands for another instance. Each test uses its own users and addresses.
let t: TestApp;
let other: TestApp;
// Signed in before any terminal requires a second factor of administrators.
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ throttle: { userDelayMs: 20, userDelayMaxMs: 80 } });
  other = await createTestApp({ database: t.database, throttle: { userDelayMs: 20, userDelayMaxMs: 80 } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const login = (app: TestApp, UserID: string, Password: string, remoteAddress = '10.0.0.1') =>
  app.call(calls.auth.login, { UserID, Password }, null, { remoteAddress, headers: { 'user-agent': UA } });
const second = (app: TestApp, challenge: string, Code: string, remoteAddress = '10.0.0.1') =>
  app.call(calls.auth.loginTotp, { challenge, Code }, null, { remoteAddress, headers: { 'user-agent': UA } });
const PASSWORD = 'Dung@MatKhau1';

/** Enrols the user from the profile screen's calls; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const begun = await t.call(calls.auth.totpBegin, {}, token);
  expect(begun.status, begun.raw).toBe(200);
  const { secret, otpauth_url } = present(begun.body.payload);
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/SmartPort:.+\?.*secret=[A-Z2-7]+/);
  expect(otpauth_url).toContain('algorithm=SHA1');
  expect(otpauth_url).toContain('digits=6');
  expect(otpauth_url).toContain('period=30');
  const confirmed = await t.call(calls.auth.totpConfirm, { Code: totpCode(secret) }, token);
  expect(confirmed.status, confirmed.raw).toBe(200);
  return { secret, codes: present(confirmed.body.recovery_codes) };
}

describe('[reliability: totp] TOTP second factor', () => {
  it('enrols from the profile, then a login needs the code; a recovery code works once; the secret is sealed', async () => {
    await t.addUser({ UserID: 'hai_buoc', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    const token = await t.login('hai_buoc', PASSWORD);
    expect((await t.call(calls.auth.totpStatus, {}, token)).body.payload).toEqual({ enabled: false, required: false, recoveryLeft: 0 });

    // A wrong first code does not turn it on.
    const begun = present((await t.call(calls.auth.totpBegin, {}, token)).body.payload);
    const wrongFirst = await t.call(calls.auth.totpConfirm, { Code: totpCode(begun.secret, Date.now() - 120_000) }, token);
    expect(wrongFirst.status).toBe(400);
    expect(wrongFirst.body.message).toBe(msg.codeWrong);
    expect((await t.call(calls.auth.totpStatus, {}, token)).body.payload?.enabled).toBe(false);

    const { secret, codes } = await enrol(token);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.call(calls.auth.totpStatus, {}, token)).body.payload).toEqual({ enabled: true, required: false, recoveryLeft: 10 });
    // At rest: the secret sealed, the recovery codes hashed.
    const [row] = await t.sql<{ secret: string }>("select secret from user_totp where user_id = 'hai_buoc'");
    expect(row?.secret).toMatch(/^sb1\./);
    expect(row?.secret).not.toContain(secret);
    const stored = JSON.stringify(await t.sql("select * from user_recovery_codes where user_id = 'hai_buoc'"));
    for (const c of codes) expect(stored).not.toContain(c);

    // The password alone gives no token, only a challenge.
    const step1 = await login(t, 'hai_buoc', PASSWORD);
    expect(step1.status).toBe(200);
    expect(step1.body.access_token).toBeUndefined();
    expect(step1.body.second_factor).toBe('totp');
    const challenge = present(step1.body.challenge);
    const wrong = await second(t, challenge, '12345x');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: msg.codeWrong });
    // The next step's code (±1 step is accepted).
    const ok = await second(t, challenge, totpCode(secret, Date.now() + 30_000));
    expect(ok.status, ok.raw).toBe(200);
    expect((await t.call(calls.auth.me, {}, present(ok.body.access_token))).body.payload?.UserID).toBe('hai_buoc');
    // A challenge is used once.
    expect((await second(t, challenge, totpCode(secret, Date.now() + 30_000))).status).toBe(401);

    // The same code again (a replay, on a new challenge) is refused.
    const replay = present((await login(t, 'hai_buoc', PASSWORD)).body.challenge);
    expect((await second(t, replay, totpCode(secret, Date.now() + 30_000))).body.message).toBe(msg.codeWrong);

    // A recovery code signs in once.
    const c1 = present((await login(t, 'hai_buoc', PASSWORD)).body.challenge);
    expect((await second(t, c1, codes[0] ?? '')).status).toBe(200);
    const c2 = present((await login(t, 'hai_buoc', PASSWORD)).body.challenge);
    expect((await second(t, c2, codes[0] ?? '')).status).toBe(401);
    expect((await second(t, c2, (codes[1] ?? '').toUpperCase().replace('-', ' '))).status).toBe(200);
    expect((await t.call(calls.auth.totpStatus, {}, token)).body.payload?.recoveryLeft).toBe(8);

    // Turned off with a code (a recovery code here); then the password alone signs in again.
    const off = await t.call(calls.auth.totpDisable, { Code: codes[2] ?? '' }, token);
    expect(off.status, off.raw).toBe(200);
    expect((await login(t, 'hai_buoc', PASSWORD)).body.access_token).toBeTruthy();
  });

  it('a challenge takes at most 5 codes, and wrong codes count toward the account ceiling', async () => {
    await t.addUser({ UserID: 'doan_ma', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    const { secret } = await enrol(await t.login('doan_ma', PASSWORD));
    const challenge = present((await login(t, 'doan_ma', PASSWORD, '10.20.0.1')).body.challenge);
    for (let i = 0; i < 5; i++) expect((await second(t, challenge, '000001', '10.20.0.1')).status).toBe(401);
    const sixth = await second(t, challenge, totpCode(secret), '10.20.0.1');
    expect(sixth.status).toBe(401);
    expect(sixth.body.message).toBe(msg.challengeGone);
    const [row] = await t.sql<{ n: number }>(
      "select count(*)::int n from login_history where user_id = 'doan_ma' and result = 'totp_failed'",
    );
    expect(row?.n).toBe(5);
    const [counted] = await t.sql<{ count: number }>("select count from login_failures where key = 'u:doan_ma'");
    expect(counted?.count).toBe(5);
  });

  it('is required of staff of a terminal whose config says so: enrolment at the next login; not of customers', async () => {
    const saved = await t.call(
      calls.admin.saveTerminalConfig,
      {
        TerminalCode: 'GML',
        AutoActiveUser: 1,
        ImportPickupAllCont: 0,
        DepotSelect: 0,
        HolydaySelect: 0,
        RequireTotp: 1,
        host: 'smtp.gml.vn',
        port: 587,
        user: 'cang',
        pass: 'MatKhau@Mail1',
        tls: 0,
        apilist: [],
        CurrentApi: 0,
      },
      admin,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect((await t.call(calls.admin.getTerminalConfig, { TerminalCode: 'GML' }, admin)).body.payload).toMatchObject({
      TerminalConfig: { RequireTotp: true },
    });
    await t.addUser({ UserID: 'nv_gml', UserGroupCode: 'STAFF', password: PASSWORD, terminals: ['GML'] });
    await t.addUser({ UserID: 'kh_gml', UserGroupCode: 'CUSTOMER', password: PASSWORD, terminals: ['GML'] });

    expect((await login(t, 'kh_gml', PASSWORD)).body.access_token).toBeTruthy();

    const step1 = await login(t, 'nv_gml', PASSWORD);
    expect(step1.status).toBe(200);
    expect(step1.body.access_token).toBeUndefined();
    expect(step1.body.second_factor).toBe('enrol');
    const { secret, otpauth_url } = present(step1.body.enrol);
    expect(otpauth_url).toContain(`secret=${secret}`);
    const done = await second(t, present(step1.body.challenge), totpCode(secret));
    expect(done.status, done.raw).toBe(200);
    expect(present(done.body.recovery_codes)).toHaveLength(10);
    const token = present(done.body.access_token);
    expect((await t.call(calls.auth.totpStatus, {}, token)).body.payload).toEqual({ enabled: true, required: true, recoveryLeft: 10 });
    // Required: it cannot be turned off.
    const off = await t.call(calls.auth.totpDisable, { Code: totpCode(secret, Date.now() + 30_000) }, token);
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(msg.requiredCannotDisable);
    // The next login asks for the code, not for enrolment.
    expect((await login(t, 'nv_gml', PASSWORD)).body.second_factor).toBe('totp');
  });
});

describe('[reliability: account-ceiling] attempts per account across addresses', () => {
  it('lets 10 of 25 parallel guesses from 25 addresses reach the password check, then locks and mails the user', async () => {
    await t.addUser({ UserID: 'tran_tran', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    await t.sql("update users set email = 'tran.tran@khachhang.vn' where user_id = 'tran_tran'");
    // The owner signed in from the office before.
    expect((await login(t, 'tran_tran', PASSWORD, '10.30.9.9')).status).toBe(200);

    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(i % 2 ? other : t, 'tran_tran', `Sai@${i}`, `10.30.0.${i + 1}`)),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const r of guesses) expect(r.body.message).toBe(r.status === 401 ? WRONG : LOCKED);

    // The right password from a new address is refused while locked; from the office it still signs in.
    const refused = await login(t, 'tran_tran', PASSWORD, '10.30.1.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: LOCKED });
    expect((await login(t, 'tran_tran', PASSWORD, '10.30.9.9')).status).toBe(200);

    // One mail to the user, through the mail queue.
    await expect
      .poll(async () => t.sql<{ mail_to: string }>("select mail_to from mail_queue where kind = 'account.locked'"), { timeout: 10_000 })
      .toEqual([{ mail_to: 'tran.tran@khachhang.vn' }]);
    const [mail] = await t.sql<{ subject: string; body: string }>("select subject, body from mail_queue where kind = 'account.locked'");
    expect(mail?.subject).toContain('tạm khóa');
    expect(mail?.body).toContain('tran_tran');
    expect(mail?.body).not.toMatch(/Sai@/);

    const history = await t.sql<{ result: string; n: number }>(
      "select result, count(*)::int n from login_history where user_id = 'tran_tran' group by result order by result",
    );
    expect(history).toEqual([
      { result: 'locked', n: 16 },
      { result: 'ok', n: 2 },
      { result: 'wrong_password', n: 10 },
    ]);
  });

  it('answers an unknown user name exactly like an existing locked account', async () => {
    const names = ['khong_ai_ca', 'tran_hai'];
    await t.addUser({ UserID: 'tran_hai', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    const answers: string[][] = [];
    for (const name of names) {
      const got: string[] = [];
      for (let i = 0; i < 12; i++) got.push(`${(await login(t, name, 'Sai@1', `10.31.${i}.1`)).status}`);
      got.push(JSON.stringify((await login(t, name, PASSWORD, '10.31.99.1')).body));
      answers.push(got);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.slice(0, 12)).toEqual([...Array(10).fill('401'), '429', '429']);
  });

  it('waits longer with each failure past the third (growing delay)', async () => {
    await t.addUser({ UserID: 'cham_dan', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    const took: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = Date.now();
      await login(t, 'cham_dan', 'Sai@1', `10.32.${i}.1`);
      took.push(Date.now() - started);
    }
    // 4th: 20 ms, 5th: 40 ms, 6th: 80 ms (the test's cap).
    expect(took[3]).toBeGreaterThanOrEqual(20);
    expect(took[5]).toBeGreaterThanOrEqual(80);
  });
});

describe('[reliability: end-session] sessions', () => {
  it('lists the user’s sessions; ending one refuses its token at once, on every instance', async () => {
    await t.addUser({ UserID: 'hai_may', UserGroupCode: 'CUSTOMER', password: PASSWORD, grants: ['PERSONAL_SESSIONS'] });
    const a = present((await login(t, 'hai_may', PASSWORD, '10.40.0.1')).body.access_token);
    const b = present((await login(t, 'hai_may', PASSWORD, '10.40.0.2')).body.access_token);
    // b is checked (and kept in the session caches) on both instances.
    expect((await t.call(calls.auth.me, {}, b)).status).toBe(200);
    expect((await other.call(calls.auth.me, {}, b)).status).toBe(200);

    const list = await t.call(calls.auth.mySessions, {}, a);
    expect(list.status, list.raw).toBe(200);
    const rows = present(list.body.payload);
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.Current);
    const theOther = present(rows.find((r) => !r.Current));
    expect(mine?.ClientIp).toBe('10.40.0.1');
    expect(theOther).toMatchObject({ UserID: 'hai_may', ClientIp: '10.40.0.2', UserAgent: UA });
    expect(theOther.LastUsedAt).not.toBeNull();

    const ended = await t.call(calls.auth.endMySession, { Jti: theOther.Jti }, a);
    expect(ended.status, ended.raw).toBe(200);
    expect(ended.body.message).toBe(msg.sessionEnded);
    expect((await t.call(calls.auth.me, {}, b)).status).toBe(401);
    await expect.poll(async () => (await other.call(calls.auth.me, {}, b)).status, { timeout: 5000 }).toBe(401);
    expect((await t.call(calls.auth.me, {}, a)).status).toBe(200);
    expect(present((await t.call(calls.auth.mySessions, {}, a)).body.payload)).toHaveLength(1);
  });

  it('a user cannot end another user’s session nor list everyone’s; an administrator can, filtered by user', async () => {
    await t.addUser({ UserID: 'nguoi_a', UserGroupCode: 'CUSTOMER', password: PASSWORD, grants: ['PERSONAL_SESSIONS'] });
    await t.addUser({ UserID: 'nguoi_b', UserGroupCode: 'CUSTOMER', password: PASSWORD });
    const a = present((await login(t, 'nguoi_a', PASSWORD, '10.41.0.1')).body.access_token);
    const b = present((await login(t, 'nguoi_b', PASSWORD, '10.41.0.2')).body.access_token);
    const listed = await t.call(calls.auth.allSessions, { UserID: 'NGUOI_B' }, admin);
    expect(listed.status, listed.raw).toBe(200);
    const rows = present(listed.body.payload);
    expect(rows.map((r) => r.UserID)).toEqual(['nguoi_b']);
    const jti = present(rows[0]).Jti;

    expect((await t.call(calls.auth.allSessions, {}, a)).status).toBe(403);
    const notMine = await t.call(calls.auth.endMySession, { Jti: jti }, a);
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(msg.sessionNotFound);
    expect((await t.call(calls.auth.me, {}, b)).status).toBe(200);

    expect((await t.call(calls.auth.endAnySession, { Jti: jti }, admin)).status).toBe(200);
    expect((await t.call(calls.auth.me, {}, b)).status).toBe(401);
    expect((await t.call(calls.auth.endAnySession, { Jti: jti }, admin)).status).toBe(404);
    expect((await t.call(calls.auth.endAnySession, { Jti: 'khong-phai-uuid' }, admin)).status).toBe(400);
  });
});

describe('login history', () => {
  it('records every attempt; the user sees their own, an administrator anyone’s', async () => {
    await t.addUser({ UserID: 'lich_su', UserGroupCode: 'CUSTOMER', password: PASSWORD, grants: ['PERSONAL_SESSIONS'] });
    expect((await login(t, 'lich_su', 'Sai@1', '10.50.0.1')).status).toBe(401);
    const token = present((await login(t, 'Lich_Su', PASSWORD, '10.50.0.2')).body.access_token);
    const mine = present((await t.call(calls.auth.myLoginHistory, {}, token)).body.payload);
    expect(mine.map((r) => [r.Result, r.ClientIp, r.UserAgent])).toEqual([
      ['ok', '10.50.0.2', UA],
      ['wrong_password', '10.50.0.1', UA],
    ]);
    // Another user's attempts are not in it.
    expect(mine.every((r) => r.UserID === 'lich_su')).toBe(true);

    const all = await t.call(calls.auth.allLoginHistory, { UserID: 'lich_su' }, admin);
    expect(all.status, all.raw).toBe(200);
    expect(present(all.body.payload)).toHaveLength(2);
    expect((await t.call(calls.auth.allLoginHistory, {}, token)).status).toBe(403);
    // Never a password in the record.
    expect(JSON.stringify(await t.sql('select * from login_history'))).not.toContain('Sai@1');
  });
});
