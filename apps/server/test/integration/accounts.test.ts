import { calls, accountMessages as msg } from '@smartport/contract';
import { demoMailAccount, mailSimulator, type ReceivedMail, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../src/modules/auth/auth.service';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Online registration, e-mail verification, 'Tự động kích hoạt tài khoản sau khi tạo', password reset by mail and
// 'Quản lý tài khoản', through the calls, with real mail to the local mail server.
let t: TestApp;
let mail: RunningSimulator;
let admin: string;
let taxCode: string;
let customerCode: string;
const PUBLIC_URL = 'https://cang.smartport.test';
const PASSWORD = 'KhachMoi@2026';

async function inbox(to: string): Promise<ReceivedMail[]> {
  const list = (await (await fetch(`${mail.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${mail.url}/messages/${m.id}`)).json()) as ReceivedMail));
}
/** The newest mail to `to` once it has arrived (account mails are sent after the answer). */
async function mailTo(to: string, count = 1): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const got = await inbox(to);
    if (got.length >= count) return present(got.at(-1));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}
const tokenIn = (m: ReceivedMail, path: string) => {
  const found = m.text.match(new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`));
  return present(found?.[1]);
};

/** Turns 'Tự động kích hoạt tài khoản sau khi tạo' of a terminal on or off as its screen saves it. */
async function autoActive(terminal: string, on: boolean) {
  const smtp = new URL(String(mail.endpoints.smtp));
  const saved = await t.call(
    calls.admin.saveTerminalConfig,
    {
      TerminalCode: terminal,
      AutoActiveUser: on ? 1 : 0,
      ImportPickupAllCont: 0,
      DepotSelect: 0,
      HolydaySelect: 0,
      host: smtp.hostname,
      port: Number(smtp.port),
      user: demoMailAccount.user,
      pass: demoMailAccount.pass,
      tls: 0,
      apilist: [],
      CurrentApi: 0,
    },
    admin,
  );
  expect(saved.status, saved.raw).toBe(200);
}

const register = (over: Record<string, unknown>, remoteAddress = '10.1.0.1') =>
  t.send(
    calls.auth.register,
    {
      TaxCode: taxCode,
      CompanyName: 'Công ty TNHH Vận tải Biển Xanh',
      Email: 'x@khachhang.vn',
      TerminalCode: 'NDP',
      UserID: 'x',
      Password: PASSWORD,
      ...over,
    },
    null,
    { remoteAddress },
  );
const login = (UserID: string, Password: string) => t.call(calls.auth.login, { UserID, Password }, null, { remoteAddress: '10.9.0.1' });

beforeAll(async () => {
  mail = await startSimulator(mailSimulator, 0);
  t = await createTestApp({ config: { simulators: { mail: mail.url }, publicUrl: PUBLIC_URL }, jobs: { start: false } });
  admin = await t.login('admin');
  const smtp = new URL(String(mail.endpoints.smtp));
  const saved = await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: demoMailAccount.pass, tls: 0 },
    admin,
  );
  expect(saved.status).toBe(200);
  const [c] = await t.sql<{ tax_code: string; customer_code: string }>(
    'select tax_code, customer_code from customers where is_active order by customer_code offset 3 limit 1',
  );
  taxCode = present(c).tax_code;
  customerCode = present(c).customer_code;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

describe('registration and e-mail verification', () => {
  it('AutoActiveUser on: verified by the mail link, the account signs in at once; the link works once', async () => {
    await autoActive('NDP', true);
    const email = 'tudong@bienxanh.vn';
    const res = await register({ UserID: 'bienxanh_on', Email: email });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe(msg.registered);
    // Not yet verified: the right password is told what is missing.
    const early = await login('bienxanh_on', PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(msg.notVerified);

    const m = await mailTo(email);
    expect(m.subject).toBe('SmartPort – Xác thực email đăng ký tài khoản');
    const token = tokenIn(m, '/verify-email');
    // Only the token's hash is stored.
    const stored = JSON.stringify(await t.sql("select * from account_tokens where user_id = 'bienxanh_on'"));
    expect(stored).not.toContain(token);
    const verified = await t.call(calls.auth.verifyEmail, { token });
    expect(verified.status, verified.raw).toBe(200);
    expect(verified.body).toMatchObject({ success: true, active: true, message: msg.verifiedActive });
    const again = await t.call(calls.auth.verifyEmail, { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(msg.linkInvalid);

    const ok = await login('bienxanh_on', PASSWORD);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.payload).toMatchObject({ UserGroupCode: 'CUSTOMER', TerminalCode: 'NDP', CustomerCode: customerCode });
  });

  it('AutoActiveUser off: verified, the account waits in Quản lý tài khoản until staff activate it', async () => {
    await autoActive('NDV', false);
    const email = 'cho@bienxanh.vn';
    expect((await register({ UserID: 'bienxanh_off', Email: email, TerminalCode: 'NDV' })).status).toBe(200);
    const verified = await t.call(calls.auth.verifyEmail, { token: tokenIn(await mailTo(email), '/verify-email') });
    expect(verified.body).toMatchObject({ success: true, active: false, message: msg.verifiedPending });
    const refused = await login('bienxanh_off', PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(msg.waiting);

    // Staff of NDV see it waiting and activate it.
    const staff = await t.login('nhanvien');
    const list = await t.call(calls.auth.listAccounts, { State: 'pending' }, staff);
    expect(list.status, list.raw).toBe(200);
    expect(present(list.body.payload).map((r) => r.UserID)).toContain('bienxanh_off');
    const activated = await t.call(calls.auth.activateAccount, { UserID: 'bienxanh_off' }, staff);
    expect(activated.body).toEqual({ success: true, message: msg.activated });
    expect((await login('bienxanh_off', PASSWORD)).status).toBe(200);
    await autoActive('NDV', true);
  });

  it('refuses an unknown tax code, a taken user name and weak passwords with Vietnamese messages', async () => {
    const unknown = await register({ UserID: 'khongmst', Email: 'a1@khach.vn', TaxCode: '0000000000-999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(msg.taxCodeUnknown);
    const taken = await register({ UserID: 'khachhang', Email: 'a2@khach.vn' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(msg.userIdTaken);
    const short = await register({ UserID: 'matkhaungan', Email: 'a3@khach.vn', Password: 'Ngan1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain(msg.passwordLength);
    const same = await register({ UserID: 'trungten123', Email: 'a4@khach.vn', Password: 'trungten123' });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(msg.passwordIsUserId);
    const badMail = await register({ UserID: 'saimail', Email: 'khong-phai-mail' });
    expect(badMail.status).toBe(400);
    expect(badMail.body.message).toContain(msg.emailInvalid);
  });

  it('an address that already has an account: the same answer, no new account, a mail saying so', async () => {
    const email = 'trung@bienxanh.vn';
    expect((await register({ UserID: 'dau_tien', Email: email })).status).toBe(200);
    await mailTo(email);
    const second = await register({ UserID: 'thu_hai', Email: email.toUpperCase() }, '10.1.0.2');
    expect(second.status).toBe(200);
    expect(second.body.message).toBe(msg.registered);
    expect(await t.sql("select 1 from users where user_id = 'thu_hai'")).toHaveLength(0);
    const m = await mailTo(email, 2);
    expect(m.subject).toBe('SmartPort – Email đã có tài khoản');
    expect(m.text).not.toContain('token=');
  });

  it('limits registrations per address and per e-mail', async () => {
    const ip = '10.1.0.50';
    const email = 'gioihan@bienxanh.vn';
    for (let i = 0; i < 3; i++) expect((await register({ UserID: `gh_${i}`, Email: email, TaxCode: 'KHONG' }, ip)).status).toBe(400);
    const fourth = await register({ UserID: 'gh_4', Email: email }, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(msg.tooMany(60));
    const other = '10.1.0.51';
    for (let i = 0; i < 10; i++) await register({ UserID: `ip_${i}`, Email: `ip${i}@khach.vn`, TaxCode: 'KHONG' }, other);
    expect((await register({ UserID: 'ip_x', Email: 'ipx@khach.vn' }, other)).status).toBe(429);
  });
});

describe('password reset by mail', () => {
  it('any user: the same answer for unknown names, a single-use link, sessions end, the new password works', async () => {
    await t.addUser({ UserID: 'quen_mk', UserGroupCode: 'CUSTOMER', password: 'CuMatKhau@1' });
    await t.sql("update users set email = 'quen@khach.vn' where user_id = 'quen_mk'");
    const old = await t.login('quen_mk', 'CuMatKhau@1');
    const forgot = (Identifier: string, remoteAddress = '10.2.0.1') =>
      t.call(calls.auth.forgotPassword, { Identifier }, null, { remoteAddress });
    const unknown = await forgot('khong_ai_ca');
    const known = await forgot('QUEN@khach.vn');
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(msg.resetSent);

    const m = await mailTo('quen@khach.vn');
    expect(m.subject).toBe('SmartPort – Đặt lại mật khẩu');
    const token = tokenIn(m, '/reset-password');
    const weak = await t.call(calls.auth.resetPassword, { token, Password: 'quen_mk' });
    expect(weak.status).toBe(400);
    // A refused password does not use the link up.
    const done = await t.call(calls.auth.resetPassword, { token, Password: 'MoiMatKhau@2' });
    expect(done.body).toEqual({ success: true, message: msg.resetDone });
    expect((await t.call(calls.auth.resetPassword, { token, Password: 'KhacNua@3' })).body.message).toBe(msg.linkInvalid);
    expect((await t.call(calls.auth.me, {}, old)).status).toBe(401);
    expect((await login('quen_mk', 'CuMatKhau@1')).status).toBe(401);
    expect((await login('quen_mk', 'MoiMatKhau@2')).status).toBe(200);
  });

  it('an expired link is refused; a newer link replaces an older one', async () => {
    await t.addUser({ UserID: 'het_han', UserGroupCode: 'CUSTOMER', password: 'CuMatKhau@1' });
    await t.sql("update users set email = 'hethan@khach.vn' where user_id = 'het_han'");
    await t.call(calls.auth.forgotPassword, { Identifier: 'het_han' }, null, { remoteAddress: '10.2.0.2' });
    const first = tokenIn(await mailTo('hethan@khach.vn'), '/reset-password');
    await t.call(calls.auth.forgotPassword, { Identifier: 'het_han' }, null, { remoteAddress: '10.2.0.2' });
    const second = tokenIn(await mailTo('hethan@khach.vn', 2), '/reset-password');
    expect((await t.call(calls.auth.resetPassword, { token: first, Password: 'MoiMatKhau@2' })).body.message).toBe(msg.linkInvalid);
    await t.sql("update account_tokens set expires_at = now() - interval '1 minute' where user_id = 'het_han'");
    expect((await t.call(calls.auth.resetPassword, { token: second, Password: 'MoiMatKhau@2' })).body.message).toBe(msg.linkInvalid);
  });

  it('past the per-account limit nothing more is sent, with the same answer', async () => {
    await t.addUser({ UserID: 'nhieu_lan', UserGroupCode: 'CUSTOMER', password: 'CuMatKhau@1' });
    await t.sql("update users set email = 'nhieulan@khach.vn' where user_id = 'nhieu_lan'");
    for (let i = 0; i < 5; i++) {
      const r = await t.call(calls.auth.forgotPassword, { Identifier: 'nhieu_lan' }, null, { remoteAddress: `10.3.0.${i}` });
      expect(r.body.message).toBe(msg.resetSent);
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(await inbox('nhieulan@khach.vn')).toHaveLength(3);
  });
});

describe('Quản lý tài khoản: ranks and terminals', () => {
  it('staff see only lower ranks of their terminals, lock and unlock, give no more than they have', async () => {
    const staff = await t.login('nhanvien');
    const listed = present((await t.call(calls.auth.listAccounts, {}, staff)).body.payload);
    expect(listed.every((r) => r.Rank > 2)).toBe(true);
    expect(listed.map((r) => r.UserID)).not.toContain('admin');
    expect(listed.map((r) => r.UserID)).not.toContain('nhanvien');
    const options = present((await t.call(calls.auth.accountOptions, {}, staff)).body.payload);
    expect(options.groups.every((g) => g.Rank > 2)).toBe(true);
    expect(options.terminals.map((x) => x.TerminalCode).sort()).toEqual(['NDP', 'NDV', 'NHP']);

    await t.addUser({ UserID: 'kh_quanly', UserGroupCode: 'CUSTOMER', password: 'KhQuanLy@1', terminals: ['NDP', 'GML'] });
    const kh = await t.login('kh_quanly', 'KhQuanLy@1');
    // Rank rules: no group as high as one's own, no terminal one does not have.
    const up = await t.call(calls.auth.updateAccount, { UserID: 'kh_quanly', UserGroupCode: 'STAFF', TerminalCodes: ['NDP'] }, staff);
    expect(up.status).toBe(403);
    expect(up.body.message).toBe(msg.groupTooHigh);
    const far = await t.call(calls.auth.updateAccount, { UserID: 'kh_quanly', UserGroupCode: 'CUSTOMER', TerminalCodes: ['NHI'] }, staff);
    expect(far.status).toBe(403);
    expect(far.body.message).toBe(msg.terminalNotYours('NHI'));
    const moved = await t.call(calls.auth.updateAccount, { UserID: 'kh_quanly', UserGroupCode: 'CUSTOMER', TerminalCodes: ['NDV'] }, staff);
    expect(moved.status, moved.raw).toBe(200);
    // GML is not the staff's: it stays.
    const [row] = await t.sql<{ terminal_codes: string[] }>("select terminal_codes from users where user_id = 'kh_quanly'");
    expect(present(row).terminal_codes.sort()).toEqual(['GML', 'NDV']);
    // Staff cannot touch an administrator or another staff member.
    expect((await t.call(calls.auth.lockAccount, { UserID: 'admin' }, staff)).status).toBe(403);

    const locked = await t.call(calls.auth.lockAccount, { UserID: 'kh_quanly' }, staff);
    expect(locked.body).toEqual({ success: true, message: msg.locked });
    expect((await t.call(calls.auth.me, {}, kh)).status).toBe(401);
    const refused = await login('kh_quanly', 'KhQuanLy@1');
    expect(refused.body.message).toBe(loginMessages.inactive);
    const state = present((await t.call(calls.auth.listAccounts, { Text: 'kh_quanly' }, staff)).body.payload);
    expect(state.map((r) => r.State)).toEqual(['locked']);
    expect((await t.call(calls.auth.unlockAccount, { UserID: 'kh_quanly' }, staff)).body.message).toBe(msg.unlocked);
    expect((await login('kh_quanly', 'KhQuanLy@1')).status).toBe(200);

    // 'Đặt lại mật khẩu': a reset link to the account's own address.
    expect((await t.call(calls.auth.sendPasswordReset, { UserID: 'kh_quanly' }, staff)).body.message).toBe(msg.noEmail);
    await t.sql("update users set email = 'khquanly@khach.vn' where user_id = 'kh_quanly'");
    expect((await t.call(calls.auth.sendPasswordReset, { UserID: 'kh_quanly' }, staff)).body.message).toBe(msg.resetMailed);
    expect((await mailTo('khquanly@khach.vn')).subject).toBe('SmartPort – Đặt lại mật khẩu');

    // A customer has no such screen.
    expect((await t.call(calls.auth.listAccounts, {}, await t.login('kh_quanly', 'KhQuanLy@1', '10.9.0.2'))).status).toBe(403);
  });
});
