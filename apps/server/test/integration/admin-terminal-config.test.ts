import { calls, loyaltyMessages, loyaltyTier, terminalConfigMessages as msg, SECRET_MASK } from '@smartport/contract';
import {
  demoMailAccount,
  demoTosAccount,
  mailSimulator,
  type ReceivedMail,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginMessages } from '../../src/modules/auth/auth.service';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// 'Cấu hình cảng' and 'Cấu hình Loyalty' (spec 03 §2.5, §3, §5, §7, §8): stored per terminal with sealed passwords,
// and doing their work: the terminal's mail server sends for real, its TOS connection in use is the portal's, its
// auto-activate switch decides how a new account starts.
let t: TestApp;
let mailSim: RunningSimulator;
let tosSim: RunningSimulator;
let admin: string;
let smtp: URL;
let tosUrl: URL;

const TOS_WRONG = 'SaiMatKhau!1';

const inbox = async (to?: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${mailSim.url}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)).json()) as {
    messages: { id: string }[];
  };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${mailSim.url}/messages/${m.id}`)).json()) as ReceivedMail));
};

const tosHost = () => `http://${tosUrl.hostname}`;
const tosPort = () => Number(tosUrl.port);
const mailServer = () => ({
  host: smtp.hostname,
  port: Number(smtp.port),
  user: demoMailAccount.user,
  pass: demoMailAccount.pass,
  tls: 0 as const,
});
const rightTos = () => ({ host: tosHost(), port: tosPort(), user: demoTosAccount.user, pass: demoTosAccount.pass });
const wrongTos = () => ({ host: tosHost(), port: tosPort(), user: 'khachtos', pass: TOS_WRONG });

/** A whole config for a terminal: switches, mail server, two TOS connections (the wrong one first). */
const fullConfig = (TerminalCode: string, over: Record<string, unknown> = {}) => ({
  TerminalCode,
  AutoActiveUser: 1,
  ImportPickupAllCont: 1,
  DepotSelect: 0,
  HolydaySelect: 1,
  ...mailServer(),
  apilist: [wrongTos(), rightTos()],
  CurrentApi: 1,
  ...over,
});

beforeAll(async () => {
  mailSim = await startSimulator(mailSimulator, 0);
  tosSim = await startSimulator(tosSimulator, 0);
  smtp = new URL(String(mailSim.endpoints.smtp));
  tosUrl = new URL(tosSim.url);
  // No TOS account in the environment: every TOS connection comes from the terminal config.
  t = await createTestApp({ config: { simulators: { mail: mailSim.url, tos: tosSim.url } }, jobs: { start: false } });
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mailSim?.close();
  await tosSim?.close();
});
beforeEach(async () => {
  await fetch(`${mailSim.url}/messages`, { method: 'DELETE' });
});

describe('terminal config: stored per terminal, passwords sealed and masked', () => {
  it('answers the defaults before anything is saved, for the terminal asked', async () => {
    const got = await t.call(calls.admin.getTerminalConfig, { TerminalCode: 'GML' }, admin);
    expect(got.status).toBe(200);
    expect(got.body.payload).toEqual({
      TerminalCode: 'GML',
      MailConfig: { host: '', port: null, auth: { user: '', pass: '' }, tls: { rejectUnauthorized: false } },
      TerminalConfig: { AutoActiveUser: true, ImportPickupAllCont: false, DepotSelect: false, HolydaySelect: false, RequireTotp: false },
      ApiConfig: [],
      CurrentApi: 0,
    });
  });

  it('saves and reads back a whole config; no password in the database in clear nor in any reply', async () => {
    const saved = await t.call(calls.admin.saveTerminalConfig, fullConfig('NDP'), admin);
    expect(saved.status, saved.raw).toBe(200);
    const got = await t.call(calls.admin.getTerminalConfig, { TerminalCode: 'NDP' }, admin);
    expect(got.body.payload).toEqual({
      TerminalCode: 'NDP',
      MailConfig: {
        host: smtp.hostname,
        port: Number(smtp.port),
        auth: { user: demoMailAccount.user, pass: SECRET_MASK },
        tls: { rejectUnauthorized: false },
      },
      TerminalConfig: { AutoActiveUser: true, ImportPickupAllCont: true, DepotSelect: false, HolydaySelect: true, RequireTotp: false },
      ApiConfig: [
        { host: tosHost(), port: tosPort(), user: 'khachtos', pass: SECRET_MASK },
        { host: tosHost(), port: tosPort(), user: demoTosAccount.user, pass: SECRET_MASK },
      ],
      CurrentApi: 1,
    });
    for (const secret of [demoMailAccount.pass, demoTosAccount.pass, TOS_WRONG]) expect(got.raw).not.toContain(secret);
    const rows = await t.sql<{ key: string; text: string }>(
      "select key, value::text text from system_settings where key like 'form:terminal_config:%'",
    );
    const ndp = present(rows.find((r) => r.key === 'form:terminal_config:NDP'));
    for (const secret of [demoMailAccount.pass, demoTosAccount.pass, TOS_WRONG]) expect(ndp.text).not.toContain(secret);
    // Another terminal's record is untouched.
    expect(rows.some((r) => r.key === 'form:terminal_config:NDV')).toBe(false);
    // The server reads the passwords in clear.
    const clear = await t.portal.services.terminalConfig.currentTos('NDP');
    expect(clear).toEqual({ host: tosHost(), port: tosPort(), user: demoTosAccount.user, password: demoTosAccount.pass });
  });

  it('keeps the stored passwords when the masks come back, also after a connection is deleted before it', async () => {
    await t.call(calls.admin.saveTerminalConfig, fullConfig('NHP'), admin);
    const masked = { ...rightTos(), pass: SECRET_MASK };
    const again = await t.call(
      calls.admin.saveTerminalConfig,
      fullConfig('NHP', { pass: SECRET_MASK, apilist: [masked], CurrentApi: 0, DepotSelect: 1 }),
      admin,
    );
    expect(again.status, again.raw).toBe(200);
    expect(await t.portal.services.terminalConfig.currentTos('NHP')).toEqual({
      host: tosHost(),
      port: tosPort(),
      user: demoTosAccount.user,
      password: demoTosAccount.pass,
    });
    expect((await t.portal.services.terminalConfig.mailConnection('NHP'))?.password).toBe(demoMailAccount.pass);
    expect((await t.portal.services.terminalConfig.flags('NHP')).DepotSelect).toBe(true);
    // A mask sent for another server (here another user) stands for no stored password.
    const moved = await t.call(
      calls.admin.saveTerminalConfig,
      fullConfig('NHP', { pass: SECRET_MASK, apilist: [{ ...masked, user: 'khac' }], CurrentApi: 0 }),
      admin,
    );
    expect(moved.status).toBe(400);
    // The stored password goes to no other server or account: typed again, or the save is refused.
    expect(moved.body.message).toBe(msg.pass);
  });

  it('asks for host, port, user and password in that order (Save)', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, msg.host],
      [{ host: smtp.hostname }, msg.port],
      [{ host: smtp.hostname, port: 25 }, msg.user],
      [{ host: smtp.hostname, port: 25, user: 'u' }, msg.pass],
      [{ host: '  ', port: 25, user: 'u', pass: 'p' }, msg.host],
    ];
    for (const [body, message] of steps) {
      const res = await t.call(calls.admin.saveTerminalConfig, { TerminalCode: 'NHI', ...body }, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const noCurrent = await t.call(calls.admin.saveTerminalConfig, fullConfig('NHI', { CurrentApi: 5 }), admin);
    expect(noCurrent.body.message).toBe(msg.currentApi);
  });

  it("keeps staff to their own terminals and refuses roles without 'Cấu hình cảng'", async () => {
    await t.addUser({
      UserID: 'qtcang',
      UserGroupCode: 'QT_CANG',
      password: 'Qtcang@2026',
      terminals: ['NDP'],
      grants: ['SYS_TERMINAL_CONFIG'],
    });
    const own = await t.login('qtcang', 'Qtcang@2026');
    const mine = await t.call(calls.admin.getTerminalConfig, {}, own);
    expect(mine.status).toBe(200);
    expect((mine.body.payload as { TerminalCode?: string } | undefined)?.TerminalCode).toBe('NDP');
    expect((await t.call(calls.admin.getTerminalConfig, { TerminalCode: 'NDV' }, own)).status).toBe(403);
    expect((await t.call(calls.admin.saveTerminalConfig, fullConfig('NDV'), own)).status).toBe(403);
    expect((await t.call(calls.admin.tosTestLogin, { TerminalCode: 'NDV', ...rightTos() }, own)).status).toBe(403);
    // Without the menu entry (staff, customer): refused.
    for (const user of ['nhanvien', 'khachhang']) {
      const token = await t.login(user);
      expect((await t.call(calls.admin.getTerminalConfig, {}, token)).status, user).toBe(403);
      expect((await t.call(calls.admin.testSendMail, { ...mailServer(), to: 'a@b.vn' }, token)).status, user).toBe(403);
      expect((await t.call(calls.admin.getLoyaltyConfig, {}, token)).status, user).toBe(403);
    }
    // The grant is the loyalty one for loyalty: this user holds only the terminal config.
    expect((await t.call(calls.admin.getLoyaltyConfig, {}, own)).status).toBe(403);
  });
});

describe('Test mail sends for real through the given server', () => {
  it("lands in the SMTP server's inbox: 'Đã gửi mail !'", async () => {
    const res = await t.call(
      calls.admin.testSendMail,
      { TerminalCode: 'NDP', ...mailServer(), to: 'thumail@smartport.vn', subject: 'Thử mail cảng', html: '<b>Xin chào</b>' },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ success: true, message: msg.mailSent });
    const [mail] = await inbox('thumail@smartport.vn');
    expect(present(mail).subject).toBe('Thử mail cảng');
    expect(present(mail).authUser).toBe(demoMailAccount.user);
  });

  it('uses the stored password for the mask (same server and user only)', async () => {
    const res = await t.call(
      calls.admin.testSendMail,
      { TerminalCode: 'NDP', ...mailServer(), pass: SECRET_MASK, to: 'mask@smartport.vn' },
      admin,
    );
    expect(res.body).toEqual({ success: true, message: msg.mailSent });
    expect(await inbox('mask@smartport.vn')).toHaveLength(1);
    const other = await t.call(
      calls.admin.testSendMail,
      { TerminalCode: 'NDP', ...mailServer(), host: 'localhost', pass: SECRET_MASK, to: 'mask@smartport.vn' },
      admin,
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(msg.pass);
  });

  it("answers 'Không thể gửi mail : …' for a wrong password and for a server that is not there", async () => {
    const wrongPass = await t.call(calls.admin.testSendMail, { ...mailServer(), pass: 'sai', to: 'x@smartport.vn' }, admin);
    expect(wrongPass.status).toBe(200);
    expect(wrongPass.body.success).toBe(false);
    expect(wrongPass.body.message).toBe(msg.mailFailed('sai tài khoản hoặc mật khẩu'));
    const closed = await t.call(calls.admin.testSendMail, { ...mailServer(), port: 1, to: 'x@smartport.vn' }, admin);
    expect(closed.body.success).toBe(false);
    expect(closed.body.message).toBe(msg.mailFailed('không kết nối được'));
    expect(await inbox('x@smartport.vn')).toHaveLength(0);
  });

  it('asks for host, port, user and password in that order (Test mail)', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, msg.host],
      [{ host: smtp.hostname }, msg.port],
      [{ host: smtp.hostname, port: 25 }, msg.user],
      [{ host: smtp.hostname, port: 25, user: 'u' }, msg.pass],
    ];
    for (const [body, message] of steps) {
      const res = await t.call(calls.admin.testSendMail, { ...body, to: 'a@smartport.vn' }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("sends mail about a terminal's orders through that terminal's mail server; other mail needs the sender mail", async () => {
    // No sender mail in this portal: only the terminal's own server can send.
    const plain = await t.portal.services.mail.send({ to: ['chung@smartport.vn'], subject: 'Chung', text: '.' });
    expect(plain.ok).toBe(false);
    const ofNdp = await t.portal.services.mail.send({ to: ['ndp@smartport.vn'], subject: 'Lệnh NDP', text: '.' }, { terminal: 'NDP' });
    expect(ofNdp.ok).toBe(true);
    expect(present((await inbox('ndp@smartport.vn'))[0]).authUser).toBe(demoMailAccount.user);
    // A terminal without a mail server falls back to the sender mail (none here).
    expect((await t.portal.services.mail.send({ to: ['b@smartport.vn'], subject: 'x', text: '.' }, { terminal: 'BDP' })).ok).toBe(false);
  });
});

describe('TOS connections', () => {
  it("Test connection logs in for real: 'Có thể kết nối !' or 'Không thể kết nối : …'", async () => {
    const ok = await t.call(calls.admin.tosTestLogin, rightTos(), admin);
    expect(ok.body).toEqual({ success: true, message: msg.tosOk });
    const wrong = await t.call(calls.admin.tosTestLogin, { ...rightTos(), pass: TOS_WRONG }, admin);
    expect(wrong.status).toBe(200);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.message).toBe(msg.tosFailed('sai tài khoản hoặc mật khẩu'));
    const nobody = await t.call(calls.admin.tosTestLogin, { ...rightTos(), port: 1 }, admin);
    expect(nobody.body.message).toBe(msg.tosFailed('không kết nối được'));
    const missing = await t.call(calls.admin.tosTestLogin, { host: tosHost(), port: tosPort(), user: 'x' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(msg.pass);
  });

  it('tests a saved connection with its stored password when the mask comes back', async () => {
    await t.call(calls.admin.saveTerminalConfig, fullConfig('NDP'), admin);
    const res = await t.call(calls.admin.tosTestLogin, { TerminalCode: 'NDP', ...rightTos(), pass: SECRET_MASK }, admin);
    expect(res.body).toEqual({ success: true, message: msg.tosOk });
    const wrong = await t.call(calls.admin.tosTestLogin, { TerminalCode: 'NDP', ...wrongTos(), pass: SECRET_MASK }, admin);
    expect(wrong.body.success).toBe(false);
  });

  it("the portal's TOS calls (the TOS order feed) use the connection in use of the terminal config", async () => {
    const first = (await t.sql<{ c: string }>('select terminal_code c from terminals order by 1 limit 1'))[0]?.c as string;
    const tosOrders = t.portal.services.tosOrders;
    // The wrong connection in use: the TOS refuses the portal.
    await t.call(calls.admin.saveTerminalConfig, fullConfig(first, { CurrentApi: 0 }), admin);
    expect(await tosOrders.importNew(1)).toMatchObject({ ok: false, failure: 'login_refused' });
    // The right one chosen: the feed is read.
    await t.call(
      calls.admin.saveTerminalConfig,
      fullConfig(first, { pass: SECRET_MASK, apilist: [wrongTos(), { ...rightTos(), pass: SECRET_MASK }], CurrentApi: 1 }),
      admin,
    );
    const r = await tosOrders.importNew(1);
    expect(r.ok).toBe(true);
    expect(r.imported).toBeGreaterThan(0);
    expect(await t.portal.services.terminalConfig.portalTos()).toMatchObject({ user: demoTosAccount.user, password: demoTosAccount.pass });
  });

  it("the portal's connection check watches the connection in use: one not answering is mailed to the SMP → TOS address", async () => {
    const first = (await t.sql<{ c: string }>('select terminal_code c from terminals order by 1 limit 1'))[0]?.c as string;
    // Alerts go through the sender mail.
    await t.call(calls.mail.saveMailConfig, mailServer(), admin);
    await t.call(calls.connectionAlerts.saveAlertMailConfig, { alert_smp2catos_mail: 'tos-canh-bao@smartport.vn' }, admin);
    await t.sql("delete from connection_alerts where connection = 'smp2catos'");
    const tick = () => t.sql("update scheduled_jobs set last_tick = -1 where name = 'connections.watch'");
    // The right connection in use: no alert.
    await t.portal.jobs.runNow('connections.watch');
    await new Promise((r) => setTimeout(r, 200));
    expect(await inbox('tos-canh-bao@smartport.vn')).toHaveLength(0);
    // A connection to a port nobody listens on chosen: the check fails and the alert is mailed.
    await t.call(calls.admin.saveTerminalConfig, fullConfig(first, { apilist: [{ ...rightTos(), port: 1 }], CurrentApi: 0 }), admin);
    await tick();
    await t.portal.jobs.runNow('connections.watch');
    await expect
      .poll(
        async () => {
          await t.portal.services.mailQueue.sendDue();
          return (await inbox('tos-canh-bao@smartport.vn')).length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await t.call(calls.admin.saveTerminalConfig, fullConfig(first), admin);
    expect(await t.portal.services.terminalConfig.portalTos()).toMatchObject({ port: tosPort() });
  });

  it("seeds the environment's TOS account only into terminals without a config", async () => {
    const seeded = await t.portal.services.terminalConfig.seedTos({
      host: tosHost(),
      port: tosPort(),
      user: 'envuser',
      password: 'EnvPass#1',
    });
    expect(seeded).toBeGreaterThan(0);
    expect((await t.portal.services.terminalConfig.currentTos('NDP'))?.user).toBe(demoTosAccount.user);
    expect(await t.portal.services.terminalConfig.currentTos('PIP')).toEqual({
      host: tosHost(),
      port: tosPort(),
      user: 'envuser',
      password: 'EnvPass#1',
    });
    const [row] = await t.sql<{ text: string }>("select value::text text from system_settings where key = 'form:terminal_config:PIP'");
    expect(present(row).text).not.toContain('EnvPass#1');
    const got = await t.call(calls.admin.getTerminalConfig, { TerminalCode: 'PIP' }, admin);
    expect(got.body.payload?.ApiConfig).toEqual([{ host: tosHost(), port: tosPort(), user: 'envuser', pass: SECRET_MASK }]);
  });
});

describe('auto-activate account after creation', () => {
  const newUser = (UserID: string, terminal: string) => ({
    UserID,
    UserName: `Khách ${UserID}`,
    password: 'KhachMoi@2026',
    UserGroupCode: 'CUSTOMER',
    TerminalCodes: [terminal],
  });

  it('on: the new account signs in at once', async () => {
    await t.call(calls.admin.saveTerminalConfig, fullConfig('NDP', { pass: SECRET_MASK, AutoActiveUser: 1, apilist: [] }), admin);
    const made = await t.portal.services.auth.createAccount(newUser('moi_bat', 'NDP'));
    expect(made.IsActive).toBe(true);
    expect(await t.login('moi_bat', 'KhachMoi@2026')).toBeTruthy();
  });

  it('off: the new account starts inactive and signs in only once activated', async () => {
    const saved = await t.call(calls.admin.saveTerminalConfig, fullConfig('NDV', { AutoActiveUser: 0, apilist: [] }), admin);
    expect(saved.status, saved.raw).toBe(200);
    expect((await t.portal.services.terminalConfig.flags('NDV')).AutoActiveUser).toBe(false);
    const made = await t.portal.services.auth.createAccount(newUser('moi_tat', 'NDV'));
    expect(made.IsActive).toBe(false);
    const refused = await t.call(calls.auth.login, { UserID: 'moi_tat', Password: 'KhachMoi@2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(loginMessages.inactive);
    await t.portal.services.auth.activateAccount('moi_tat');
    expect(await t.login('moi_tat', 'KhachMoi@2026')).toBeTruthy();
    await expect(t.portal.services.auth.createAccount(newUser('MOI_TAT', 'NDV'))).rejects.toThrow('Tên đăng nhập đã tồn tại !');
  });
});

describe('Cấu hình Loyalty', () => {
  const config = { PoinForTeu: 10, PoinToVND: 1000, GoldLine: 5000, SilverLine: 2000, CopperLine: 500 };

  it('saves and reads back the five numbers, and the tier follows them', async () => {
    const saved = await t.call(calls.admin.saveLoyaltyConfig, config, admin);
    expect(saved.status, saved.raw).toBe(200);
    const got = await t.call(calls.admin.getLoyaltyConfig, {}, admin);
    expect(got.body.payload).toEqual(config);
    expect(await t.portal.services.loyalty.tierOf(2500)).toBe('SILVER');
    await t.call(calls.admin.saveLoyaltyConfig, { ...config, SilverLine: 3000 }, admin);
    expect(await t.portal.services.loyalty.tierOf(2500)).toBe('COPPER');
    expect(loyaltyTier(2500, { ...config, SilverLine: 3000 })).toBe('COPPER');
  });

  it('refuses negative, fractional and missing numbers and thresholds out of order, in Vietnamese', async () => {
    const bad: [Record<string, unknown>, RegExp | string][] = [
      [{ ...config, PoinForTeu: -1 }, /Số điểm cho 1 TEU phải là số nguyên không âm/],
      [{ ...config, PoinToVND: 1.5 }, /Giá trị 1 điểm phải là số nguyên không âm/],
      [{ ...config, GoldLine: 'abc' }, /Mức điểm hạng Vàng phải là số/],
      [{ ...config, PoinToVND: '' }, loyaltyMessages.PoinToVND],
      [{ ...config, GoldLine: 100 }, loyaltyMessages.order],
      [{ ...config, CopperLine: 2500 }, loyaltyMessages.order],
    ];
    for (const [body, message] of bad) {
      const res = await t.call(calls.admin.saveLoyaltyConfig, body as never, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const got = await t.call(calls.admin.getLoyaltyConfig, {}, admin);
    expect(got.body.payload).toMatchObject({ GoldLine: 5000, CopperLine: 500 });
  });
});
