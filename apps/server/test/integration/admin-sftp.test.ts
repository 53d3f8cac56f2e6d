import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, sftpMessages } from '@smartport/contract';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFileTransfer, startFileTransfer } from '../../../file-transfer/src/index';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

/**
 * Spec 03 §2.5 / §7 SFTP administration, end to end: the portal's calls → the `file-transfer` adapter → the real
 * service (apps/file-transfer, ssh2) → OpenSSH's own `sftp` client logging in with the password (SSH_ASKPASS, no
 * terminal), from 127.0.0.1 or, for the refused address, from 127.0.0.2 (`-o BindAddress`).
 */
const KEY = 'sftp-control-key-0123456789';
let ft: RunningFileTransfer;
let t: TestApp;
let admin: string;
let terminal: string;
let work: string;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/**
 * One OpenSSH `sftp -b` session with a password. The client runs in a session of its own (`detached` = setsid), so
 * it has no terminal and asks SSH_ASKPASS for the password (SSH_ASKPASS_REQUIRE=force); no sshpass needed.
 */
async function sftpRun(user: string, password: string, commands: string[], opts: { bind?: string; cwd?: string } = {}): Promise<Run> {
  const batch = join(work, `batch-${Math.random().toString(36).slice(2)}`);
  await writeFile(batch, `${commands.join('\n')}\n`);
  const args = [
    // Before -b: sftp's batch mode would otherwise turn password authentication off (the first value wins).
    '-o',
    'BatchMode=no',
    '-b',
    batch,
    '-P',
    String(ft.sftpPort),
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'PreferredAuthentications=password',
    '-o',
    'NumberOfPasswordPrompts=1',
    '-o',
    'ConnectTimeout=10',
    ...(opts.bind ? ['-o', `BindAddress=${opts.bind}`] : []),
    `${user}@127.0.0.1`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/sftp', args, {
      detached: true,
      cwd: opts.cwd ?? work,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        SSH_ASKPASS: join(work, 'askpass.sh'),
        SSH_ASKPASS_REQUIRE: 'force',
        DISPLAY: ':0',
        SFTP_TEST_PASSWORD: password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    // The whole group (sftp and its ssh) ends if a session hangs.
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

const control = (path: string, body: unknown, key?: string) =>
  fetch(`${ft.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sftp-client-'));
  await writeFile(join(work, 'askpass.sh'), '#!/bin/sh\nprintf \'%s\\n\' "$SFTP_TEST_PASSWORD"\n', { mode: 0o755 });
  ft = await startFileTransfer({ dataDir: 'memory', key: KEY, controlPort: 0, sftpPort: 0, log: () => undefined });
  t = await createTestApp({
    config: { simulators: { file_transfer: ft.controlUrl }, fileTransferUrls: ['http://127.0.0.1:1'], fileTransferKey: KEY },
    jobs: { start: false },
  });
  admin = await t.login('admin');
  const terminals = await t.call(calls.shell.getTerminalList, {}, admin);
  terminal = present(present(terminals.body.payload)[0]).TerminalCode;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ft?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('an account created through the portal (sftp/create) and a real sftp client', () => {
  const user = 'opr_test1';
  const password = 'Mat-khau-OPR-1';

  it('creates the OPR account and lists it without its password (sftp/get)', async () => {
    const created = await t.call(
      calls.admin.sftpCreate,
      { username: user, password, description: 'OPR', allowed_list: '127.0.0.1', terminal_list: terminal },
      admin,
    );
    expect(created.status, created.raw).toBe(200);
    expect(created.body).toMatchObject({ success: true, out: `Đã tạo tài khoản ${user}.` });
    const list = await t.call(calls.admin.sftpGet, {}, admin);
    const row = present(list.body.data).find((a) => a.username === user);
    expect(row).toMatchObject({
      description: 'OPR',
      allowed_list: '127.0.0.1',
      terminal_list: terminal,
      virtual_folders: [{ virtual_path: `/${terminal}` }],
    });
    expect(list.raw).not.toContain(password);
    expect(list.raw).not.toContain('scrypt$');
    // The service keeps a scrypt hash, never the password.
    const file = await readFile(join(ft.dataDir, 'sftp.json'), 'utf8');
    expect(file).toContain('scrypt$');
    expect(file).not.toContain(password);
  });

  it('logs in, lists, uploads and downloads in its own folder', async () => {
    await writeFile(join(work, 'upload.txt'), 'xin chào SFTP\n');
    const r = await sftpRun(user, password, ['ls -1 /', `cd /${terminal}`, 'put upload.txt', 'ls -1', 'get upload.txt download.txt']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(terminal);
    expect(r.out).toContain('upload.txt');
    expect(await readFile(join(work, 'download.txt'), 'utf8')).toBe('xin chào SFTP\n');
    // OPR files land in <data home>/<terminal>/<account> (spec 03 §9: OPR accounts under their virtual folders).
    expect(await readFile(join(ft.dataDir, 'home', terminal, user, 'upload.txt'), 'utf8')).toBe('xin chào SFTP\n');
  });

  it('cannot read outside its folder: no ../ escape, no escape through a symbolic link, no link made', async () => {
    // A link on the disk inside the account's folder, pointing at the service's own folder (config file, host key).
    await symlink(ft.dataDir, join(ft.dataDir, 'home', terminal, user, 'escape'));
    const r = await sftpRun(user, password, [
      '-get ../../sftp.json leak1.json',
      `-get /${terminal}/../../../../sftp.json leak2.json`,
      `-get /${terminal}/escape/sftp.json leak3.json`,
      `-get /${terminal}/escape/ssh_host_ecdsa_key leak4`,
      '-cd ../../..',
      'pwd',
      `-ln -s /etc/passwd /${terminal}/pw`,
      `-get /${terminal}/pw leak5`,
      `ls -1 /${terminal}`,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Remote working directory: /\n');
    expect(r.err).toMatch(/Permission denied|not found/);
    // The link is neither listed nor followed (the listing is what follows the echoed `ls` command).
    const listing = present(r.out.split(`sftp> ls -1 /${terminal}`)[1], 'the listing');
    expect(listing).toContain('upload.txt');
    expect(listing).not.toMatch(/escape|pw/);
    for (const leak of ['leak1.json', 'leak2.json', 'leak3.json', 'leak4', 'leak5']) {
      await expect(readFile(join(work, leak)), leak).rejects.toThrow();
    }
  });

  it('refuses a wrong password', async () => {
    const r = await sftpRun(user, 'sai-mat-khau-1', ['ls']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/Permission denied/);
  });

  it('refuses an address outside the allowed list (127.0.0.2), and accepts it once the list holds it (sftp/update)', async () => {
    const refused = await sftpRun(user, password, ['ls'], { bind: '127.0.0.2' });
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/Permission denied|closed|Connection/);
    const updated = await t.call(
      calls.admin.sftpUpdate,
      {
        username: user,
        password: '',
        description: 'OPR',
        allowed_list: '127.0.0.1,127.0.0.2',
        terminal_list: terminal,
        additional_info: 'Hãng thử',
      },
      admin,
    );
    expect(updated.status, updated.raw).toBe(200);
    const allowed = await sftpRun(user, password, ['ls -1 /'], { bind: '127.0.0.2' });
    expect(allowed.code, allowed.err).toBe(0);
    expect(allowed.out).toContain(terminal);
    const row = present((await t.call(calls.admin.sftpGet, {}, admin)).body.data).find((a) => a.username === user);
    expect(row).toMatchObject({ allowed_list: '127.0.0.1,127.0.0.2', additional_info: 'Hãng thử' });
  });

  it('logs in no more once deleted (sftp/delete)', async () => {
    const row = present((await t.call(calls.admin.sftpGet, {}, admin)).body.data).find((a) => a.username === user);
    const deleted = await t.call(calls.admin.sftpDelete, present(row), admin);
    expect(deleted.status, deleted.raw).toBe(200);
    expect(present((await t.call(calls.admin.sftpGet, {}, admin)).body.data).some((a) => a.username === user)).toBe(false);
    const r = await sftpRun(user, password, ['ls']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/Permission denied/);
  });
});

describe('IT accounts and the create-account screen (sftp/create_user)', () => {
  it('puts an IT account at the data home, where the OPR folders are', async () => {
    const ok = await t.call(
      calls.admin.sftpCreate,
      { username: 'it_test', password: 'Mat-khau-IT-1', description: 'IT', allowed_list: '', terminal_list: '' },
      admin,
    );
    expect(ok.status, ok.raw).toBe(200);
    const r = await sftpRun('it_test', 'Mat-khau-IT-1', [`ls -1 /${terminal}`]);
    expect(r.code, r.err).toBe(0);
    // The OPR account's folder (kept after its deletion) is under the IT account's root.
    expect(r.out).toContain('opr_test1');
  });

  it('creates an account without type from user and pass; it logs in to its own empty folder', async () => {
    const res = await t.call(calls.admin.sftpCreateUser, { user: 'newuser1', pass: 'Mat-khau-moi-1' }, admin);
    expect(res.status, res.raw).toBe(200);
    const row = present((await t.call(calls.admin.sftpGet, {}, admin)).body.data).find((a) => a.username === 'newuser1');
    expect(row).toMatchObject({ description: '*', terminal_list: '', allowed_list: '' });
    const r = await sftpRun('newuser1', 'Mat-khau-moi-1', ['pwd', '-get ../home/x y']);
    expect(r.code, r.err).toBe(0);
    const again = await t.call(calls.admin.sftpCreateUser, { user: 'newuser1', pass: 'Mat-khau-moi-1' }, admin);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Tài khoản newuser1 đã tồn tại.');
  });
});

describe('validation (Vietnamese 400s, nothing reaches the service)', () => {
  const base = { username: 'opr_valid', password: 'Mat-khau-1', description: 'OPR', allowed_list: '127.0.0.1', terminal_list: '' };
  it.each([
    [{ username: '' }, sftpMessages.username],
    [{ username: 'a b' }, sftpMessages.usernamePattern],
    [{ password: '' }, sftpMessages.password],
    [{ password: 'ngan' }, sftpMessages.passwordLength],
    [{ description: '*' }, sftpMessages.type],
    [{ allowed_list: '127.0.0.1,300.1.1.1' }, sftpMessages.badIp('300.1.1.1')],
    [{ allowed_list: 'fe80::1::2' }, sftpMessages.badIp('fe80::1::2')],
    [{ terminal_list: 'KHONGCO' }, sftpMessages.badTerminal('KHONGCO')],
  ])('refuses %o', async (change, message) => {
    const res = await t.send(calls.admin.sftpCreate, { ...base, ...change }, admin);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.message).toMatch(vietnamese);
  });

  it('accepts IPv6 addresses', async () => {
    const res = await t.call(calls.admin.sftpCreate, { ...base, description: 'OPR', allowed_list: '::1, 2001:db8::7' }, admin);
    expect(res.status, res.raw).toBe(200);
    const row = present((await t.call(calls.admin.sftpGet, {}, admin)).body.data).find((a) => a.username === 'opr_valid');
    expect(row?.allowed_list).toBe('::1,2001:db8::7');
  });
});

describe("the service's config (sftp/read, sftp/write, sftp/restart)", () => {
  it('refuses a broken config with a clear message and keeps the running one', async () => {
    const before = present((await t.call(calls.admin.sftpRead, {}, admin)).body.data);
    expect(JSON.parse(before).users.length).toBeGreaterThan(0);
    const bad = await t.call(calls.admin.sftpWrite, { data: '{"users": [ {"username": ' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Cấu hình không hợp lệ: không đọc được JSON/);
    const invalid = await t.call(calls.admin.sftpWrite, { data: JSON.stringify({ users: [{ username: 'x y' }] }) }, admin);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('Cấu hình không hợp lệ ở users.0');
    const outsideHome = JSON.parse(before);
    outsideHome.users[0].home_dir = '../../etc';
    const outside = await t.call(calls.admin.sftpWrite, { data: JSON.stringify(outsideHome) }, admin);
    expect(outside.status).toBe(400);
    expect(outside.body.message).toContain('nằm ngoài thư mục dữ liệu');
    expect((await t.call(calls.admin.sftpRead, {}, admin)).body.data).toBe(before);
    const restarted = await t.call(calls.admin.sftpRestart, {}, admin);
    expect(restarted.body).toMatchObject({ success: true });
    expect(restarted.body.out).toMatch(/^Đã nạp lại cấu hình: \d+ tài khoản/);
    // The running config still lets the IT account in.
    expect((await sftpRun('it_test', 'Mat-khau-IT-1', ['pwd'])).code).toBe(0);
  });

  it('applies a written config at restart (a clear password in the text is stored hashed)', async () => {
    const cfg = JSON.parse(present((await t.call(calls.admin.sftpRead, {}, admin)).body.data));
    cfg.users.push({ username: 'from_file', password: 'Mat-khau-tep-1', description: '*', home_dir: 'users/from_file' });
    const saved = await t.call(calls.admin.sftpWrite, { data: JSON.stringify(cfg, null, 2) }, admin);
    expect(saved.status, saved.raw).toBe(200);
    const text = present((await t.call(calls.admin.sftpRead, {}, admin)).body.data);
    expect(text).not.toContain('Mat-khau-tep-1');
    // Saved, not yet in force.
    expect((await sftpRun('from_file', 'Mat-khau-tep-1', ['pwd'])).code).not.toBe(0);
    expect((await t.call(calls.admin.sftpRestart, {}, admin)).body.success).toBe(true);
    expect((await sftpRun('from_file', 'Mat-khau-tep-1', ['pwd'])).code).toBe(0);
  });

  it('keeps the running config when the file on disk was broken by hand (restart refused)', async () => {
    await writeFile(join(ft.dataDir, 'sftp.json'), '{ broken');
    const r = await t.call(calls.admin.sftpRestart, {}, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Vẫn chạy cấu hình cũ');
    expect((await sftpRun('from_file', 'Mat-khau-tep-1', ['pwd'])).code).toBe(0);
    // Account changes wait for a valid file.
    const list = await t.call(calls.admin.sftpGet, {}, admin);
    expect(list.status).toBe(400);
    expect(list.body.message).toContain('Tệp cấu hình đang lưu không hợp lệ');
    const fixed = await t.call(calls.admin.sftpWrite, { data: '{"users": []}' }, admin);
    expect(fixed.status).toBe(200);
  });
});

describe('the control API and its address', () => {
  it('answers 401 without the key or with a wrong one', async () => {
    for (const key of [undefined, 'wrong-key-0123456789']) {
      for (const path of ['/read', '/write', '/restart', '/create_user', '/users/list']) {
        const res = await control(path, { data: '{}', user: 'x', pass: 'y' }, key);
        expect(res.status, `${path} ${key}`).toBe(401);
      }
    }
    expect((await control('/read', {}, KEY)).status).toBe(200);
  });

  it("follows main config's urlSFTP among the deployment's addresses and says so when the service cannot be reached", async () => {
    // The file-transfer key goes only to the addresses the deployment fixed: any other urlSFTP is refused on save.
    const foreign = await t.call(calls.siteConfig.saveMainConfig, { urlSFTP: 'http://127.0.0.1:2' }, admin);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^Địa chỉ API SFTP phải là một địa chỉ dịch vụ truyền tệp đã khai báo khi triển khai/);
    const dead = await t.call(calls.siteConfig.saveMainConfig, { urlSFTP: 'http://127.0.0.1:1' }, admin);
    expect(dead.status, dead.raw).toBe(200);
    const down = await t.call(calls.admin.sftpGet, {}, admin);
    expect(down.status).toBe(424);
    expect(down.body.message).toBe('Không kết nối được tới dịch vụ SFTP.');
    await t.call(calls.siteConfig.saveMainConfig, { urlSFTP: ft.controlUrl }, admin);
    expect((await t.call(calls.admin.sftpGet, {}, admin)).status).toBe(200);
  });

  it('reports a portal key the service refuses as 424, not as the user’s fault', async () => {
    const other = await createTestApp({
      database: t.database,
      config: { simulators: { file_transfer: ft.controlUrl }, fileTransferKey: 'another-key-0123456789' },
      jobs: { start: false },
    });
    try {
      const token = await other.login('admin');
      const res = await other.call(calls.admin.sftpRead, {}, token);
      expect(res.status).toBe(424);
      expect(res.body.message).toContain('FILE_TRANSFER_KEY');
    } finally {
      await other.close();
    }
  });

  it('refuses the calls to roles without the SFTP menus', async () => {
    const staff = await t.login('nhanvien');
    expect((await t.call(calls.admin.sftpGet, {}, staff)).status).toBe(403);
    expect((await t.call(calls.admin.sftpRead, {}, staff)).status).toBe(403);
  });
});

/** One ssh2 connection with one password from `from` (a loopback address): whether it got in. */
function sshLogin(username: string, password: string, from: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = new ssh2.Client();
    c.on('ready', () => {
      c.end();
      resolve(true);
    });
    c.on('error', () => resolve(false));
    c.connect({
      host: '127.0.0.1',
      port: ft.sftpPort,
      localAddress: from,
      username,
      password,
      tryKeyboard: false,
      readyTimeout: 30_000,
      hostVerifier: () => true,
    });
  });
}

describe('guessing limits, the address list, the host key and the audit log (sftp/status, sftp/unlock, sftp/audit)', () => {
  const guarded = 'opr_guard';
  const guardedPassword = 'Mat-khau-guard-1';
  beforeAll(async () => {
    // 'Cấu hình SFTP' edits the limits: the default rule (10 failures in 15 minutes), with short waits for the test.
    const cfg = JSON.parse(present((await t.call(calls.admin.sftpRead, {}, admin)).body.data));
    cfg.security = { ...cfg.security, delay_base_ms: 1, delay_max_ms: 5 };
    expect((await t.call(calls.admin.sftpWrite, { data: JSON.stringify(cfg) }, admin)).status).toBe(200);
    expect((await t.call(calls.admin.sftpRestart, {}, admin)).status).toBe(200);
    const created = await t.call(
      calls.admin.sftpCreate,
      { username: guarded, password: guardedPassword, description: 'OPR', allowed_list: '127.0.0.1,127.0.0.9', terminal_list: terminal },
      admin,
    );
    expect(created.status, created.raw).toBe(200);
  }, 60_000);

  it('[reliability: sftp-guessing] 60 wrong passwords from one client end in a lock; the right one is refused until Mở khóa', async () => {
    const tries: boolean[] = [];
    for (let i = 0; i < 60; i++) tries.push(await sshLogin(guarded, `sai-mat-khau-${i}`, '127.0.0.9'));
    expect(tries.some(Boolean)).toBe(false);
    // Locked: OpenSSH with the right password is refused, from the allowed addresses too.
    const refused = await sftpRun(guarded, guardedPassword, ['pwd']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/Permission denied/);
    const status = await t.call(calls.admin.sftpStatus, {}, admin);
    expect(status.status, status.raw).toBe(200);
    const locks = present(status.body.data).locks;
    expect(locks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'account', key: guarded, failures: 10 }),
        expect.objectContaining({ kind: 'address', key: '127.0.0.9' }),
      ]),
    );
    const logged = await t.call(calls.admin.sftpAudit, { username: guarded, kind: ['login_failed', 'login_locked'] }, admin);
    const kinds = present(logged.body.data).map((r) => r.kind);
    // Ten passwords were checked; every later attempt met the lock.
    expect(kinds.filter((k) => k === 'login_failed')).toHaveLength(10);
    expect(kinds.filter((k) => k === 'login_locked').length).toBeGreaterThanOrEqual(51);

    const unlocked = await t.call(calls.admin.sftpUnlock, { username: guarded }, admin);
    expect(unlocked.status, unlocked.raw).toBe(200);
    expect(unlocked.body.out).toBe(`Đã mở khóa tài khoản ${guarded}.`);
    expect(present((await t.call(calls.admin.sftpStatus, {}, admin)).body.data).locks).toEqual([]);
    const after = await sftpRun(guarded, guardedPassword, ['pwd'], { bind: '127.0.0.9' });
    expect(after.code, after.err).toBe(0);
  }, 120_000);

  it('[reliability: sftp-refused-address] from a refused address the right and the wrong password get the same answer', async () => {
    const right = await sftpRun(guarded, guardedPassword, ['pwd'], { bind: '127.0.0.3' });
    const wrong = await sftpRun(guarded, 'sai-mat-khau-x', ['pwd'], { bind: '127.0.0.3' });
    expect(right.code).not.toBe(0);
    expect(right.code).toBe(wrong.code);
    expect(right.err).toMatch(/Permission denied \(password\)/);
    expect(right.err).toBe(wrong.err);
    const logged = present((await t.call(calls.admin.sftpAudit, { username: guarded, address: '127.0.0.3' }, admin)).body.data);
    expect(logged.map((r) => r.kind)).toEqual(['address_refused', 'address_refused']);
    // Outsiders' attempts never count against the account.
    expect(present((await t.call(calls.admin.sftpStatus, {}, admin)).body.data).locks.some((l) => l.kind === 'account')).toBe(false);
  }, 60_000);

  it('shows the address and the host key fingerprint OpenSSH computes (sftp/status)', async () => {
    const data = present((await t.call(calls.admin.sftpStatus, {}, admin)).body.data);
    expect(data).toMatchObject({
      sftp_host: '127.0.0.1',
      sftp_port: ft.sftpPort,
      settings: { max_failures: 10, failure_window_seconds: 900 },
    });
    const scan = spawn('/bin/sh', ['-c', `ssh-keyscan -t ecdsa -p ${ft.sftpPort} 127.0.0.1 2>/dev/null | ssh-keygen -l -E sha256 -f -`]);
    let printed = '';
    scan.stdout.on('data', (d) => {
      printed += d;
    });
    await new Promise((r) => scan.on('close', r));
    expect(data.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(printed).toContain(data.fingerprint);
  });

  it('records a login and an upload with its bytes; filters by time, account, address and kind (sftp/audit)', async () => {
    const body = 'x'.repeat(12_345);
    await writeFile(join(work, 'guard-upload.xml'), body);
    const since = new Date().toISOString();
    const r = await sftpRun(guarded, guardedPassword, [`cd /${terminal}`, 'put guard-upload.xml', 'rm guard-upload.xml']);
    expect(r.code, r.err).toBe(0);
    const res = await t.call(calls.admin.sftpAudit, { from: since, username: guarded, address: '127.0.0.1' }, admin);
    expect(res.status, res.raw).toBe(200);
    const rows = present(res.body.data);
    expect(rows.map((x) => x.kind)).toEqual(['delete', 'upload', 'login_ok']);
    expect(rows[1]).toMatchObject({ username: guarded, address: '127.0.0.1', path: `/${terminal}/guard-upload.xml`, bytes: 12_345 });
    const uploads = present((await t.call(calls.admin.sftpAudit, { from: since, kind: ['upload'] }, admin)).body.data);
    expect(uploads.map((x) => x.kind)).toEqual(['upload']);
    const future = await t.call(calls.admin.sftpAudit, { from: new Date(Date.now() + 3_600_000).toISOString() }, admin);
    expect(future.body.data).toEqual([]);
    const backwards = await t.send(calls.admin.sftpAudit, { from: '2026-02-02T00:00:00Z', to: '2026-02-01T00:00:00Z' }, admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('Thời gian bắt đầu phải trước thời gian kết thúc');
    expect(res.raw).not.toContain(guardedPassword);
  }, 60_000);

  it('keeps the log, the status and Mở khóa for administrators', async () => {
    const staff = await t.login('nhanvien');
    expect((await t.call(calls.admin.sftpAudit, {}, staff)).status).toBe(403);
    expect((await t.call(calls.admin.sftpUnlock, { username: guarded }, staff)).status).toBe(403);
    expect((await t.call(calls.admin.sftpStatus, {}, staff)).status).toBe(403);
  });
});
