import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_FILE, type AuditRecord, type RunningFileTransfer, startFileTransfer } from '../src/index';
import { createThrottle, defaultThrottleSettings } from '../src/throttle';

/**
 * Password guessing limits, the address list before the password, the bind address, the host key's fingerprint and
 * the audit log, against the real service with ssh2's client (and OpenSSH's own tools for the address and the key).
 */
const KEY = 'guard-control-key-0123456789';
let ft: RunningFileTransfer;

const control = async (path: string, body: unknown) => {
  const res = await fetch(`${ft.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

interface Login {
  ok: boolean;
  ms: number;
  error?: string;
}
/** One connection, one password, from `from` (a loopback address of this machine). */
function login(username: string, password: string, from = '127.0.0.1', opts: { host?: string; port?: number } = {}): Promise<Login> {
  return new Promise((resolve) => {
    const c = new ssh2.Client();
    const t0 = performance.now();
    const done = (r: Omit<Login, 'ms'>) => resolve({ ...r, ms: performance.now() - t0 });
    c.on('ready', () => {
      c.end();
      done({ ok: true });
    });
    c.on('error', (e) => done({ ok: false, error: e.message }));
    c.connect({
      host: opts.host ?? '127.0.0.1',
      port: opts.port ?? ft.sftpPort,
      localAddress: from,
      username,
      password,
      tryKeyboard: false,
      readyTimeout: 30_000,
      hostVerifier: () => true,
    });
  });
}

async function audit(): Promise<AuditRecord[]> {
  const r = await control('/audit/list', {});
  return r.body.data as AuditRecord[];
}

async function writeConfig(security: Record<string, number>) {
  const cfg = JSON.parse((await control('/read', {})).body.data as string);
  cfg.security = { ...cfg.security, ...security };
  expect((await control('/write', { data: JSON.stringify(cfg) })).status).toBe(200);
  expect((await control('/restart', {})).status).toBe(200);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

beforeAll(async () => {
  ft = await startFileTransfer({ dataDir: 'memory', key: KEY, controlPort: 0, sftpPort: 0, log: () => undefined });
  // Tests run with short waits; the lock rule is the default one (10 failures in 15 minutes).
  await writeConfig({ delay_base_ms: 1, delay_max_ms: 5 });
  for (const [username, allowed] of [
    ['guessed', []],
    ['bystander', []],
    ['fenced', ['127.0.0.1']],
  ] as const) {
    const r = await control('/users/create', {
      username,
      password: `Mat-khau-${username}`,
      description: '*',
      allowed_list: allowed,
      terminal_list: [],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await ft?.close();
});

describe('the config file', () => {
  it('carries the guessing limits with their defaults, and refuses bad ones', async () => {
    const fresh = await startFileTransfer({ dataDir: 'memory', key: KEY, controlPort: 0, sftpPort: 0, log: () => undefined });
    try {
      const read = await fetch(`${fresh.controlUrl}/read`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
      const text = ((await read.json()) as { data: string }).data;
      expect(JSON.parse(text).security).toEqual(defaultThrottleSettings);
      const bad = await fetch(`${fresh.controlUrl}/write`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ data: JSON.stringify({ users: [], security: { max_failures: 0 } }) }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain('security.max_failures');
    } finally {
      await fresh.close();
    }
  });
});

describe('the throttle', () => {
  it('grows the wait with the failures, locks at the limit, forgets after the window and unlocks', () => {
    let t = 1_000_000;
    const th = createThrottle(
      () => ({ ...defaultThrottleSettings, max_failures: 3, delay_base_ms: 100, delay_max_ms: 1000 }),
      () => t,
    );
    expect(th.fail('a', '10.0.0.1').delayMs).toBe(100);
    expect(th.fail('a', '10.0.0.1').delayMs).toBe(200);
    // An attempt right away waits for the last refusal's delay; another sent alongside it waits its turn after it.
    expect(th.reserve('a', '10.0.0.1')).toBe(200);
    expect(th.reserve('a', '10.0.0.1')).toBe(400);
    // Another account from another address is not slowed.
    expect(th.reserve('b', '10.0.0.2')).toBe(0);
    expect(th.fail('a', '10.0.0.1')).toMatchObject({ lockedNow: true });
    expect(th.locked('a', '10.0.0.9')).toBe(true);
    expect(th.locked('b', '10.0.0.1')).toBe(true);
    expect(th.locked('b', '10.0.0.2')).toBe(false);
    expect(
      th
        .locks()
        .map((l) => `${l.kind}:${l.key}`)
        .sort(),
    ).toEqual(['account:a', 'address:10.0.0.1']);
    t += defaultThrottleSettings.lock_seconds * 1000 + 1;
    expect(th.locked('a', '10.0.0.1')).toBe(false);
    th.fail('a', '10.0.0.1');
    th.fail('a', '10.0.0.1');
    th.fail('a', '10.0.0.1');
    expect(th.locked('a', '10.0.0.1')).toBe(true);
    expect(th.unlock('A')).toEqual({ account: true, addresses: ['10.0.0.1'] });
    expect(th.locked('a', '10.0.0.1')).toBe(false);
  });
});

describe('password guessing', () => {
  it('60 wrong passwords from one client end in a lock; the right one is refused until unlock', async () => {
    const results: Login[] = [];
    for (let i = 0; i < 60; i++) results.push(await login('guessed', `sai-${i}`, '127.0.0.4'));
    expect(results.every((r) => !r.ok)).toBe(true);
    // Locked: the right password is refused too, from this address and from any other.
    expect((await login('guessed', 'Mat-khau-guessed', '127.0.0.4')).ok).toBe(false);
    expect((await login('guessed', 'Mat-khau-guessed', '127.0.0.1')).ok).toBe(false);
    // The other accounts are not locked (from other addresses).
    expect((await login('bystander', 'Mat-khau-bystander', '127.0.0.1')).ok).toBe(true);
    const status = (await control('/security/status', {})).body.data as { locks: { kind: string; key: string }[] };
    expect(status.locks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'account', key: 'guessed' }),
        expect.objectContaining({ kind: 'address', key: '127.0.0.4' }),
      ]),
    );
    const log = await audit();
    const mine = log.filter((r) => r.username === 'guessed');
    // 10 password checks, then only locked answers (the lock stops the guessing, it does not just slow it).
    expect(mine.filter((r) => r.kind === 'login_failed')).toHaveLength(10);
    expect(mine.filter((r) => r.kind === 'login_locked').length).toBeGreaterThanOrEqual(51);
    expect(mine.find((r) => r.kind === 'login_failed' && r.detail?.includes('bị khóa'))).toBeDefined();

    const unlocked = await control('/security/unlock', { username: 'guessed' });
    expect(unlocked.body).toMatchObject({ success: true, out: 'Đã mở khóa tài khoản guessed.' });
    expect((await login('guessed', 'Mat-khau-guessed', '127.0.0.4')).ok).toBe(true);
    expect((await audit()).some((r) => r.kind === 'unlock' && r.username === 'guessed')).toBe(true);
  }, 120_000);

  it('makes each refusal wait longer, without slowing a login from another address', async () => {
    await writeConfig({ delay_base_ms: 150, delay_max_ms: 2000 });
    try {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) times.push((await login('bystander', `sai-${i}`, '127.0.0.6')).ms);
      // 150, 300, 600, 1200 ms: the fourth refusal takes about a second longer than the first.
      expect((times[3] ?? 0) - (times[0] ?? 0)).toBeGreaterThan(700);
      // While that address is slowed, another account from another address gets in at once.
      const slow = login('bystander', 'sai-5', '127.0.0.6');
      const other = await login('fenced', 'Mat-khau-fenced', '127.0.0.1');
      expect(other.ok).toBe(true);
      const slowed = await slow;
      expect(other.ms).toBeLessThan(slowed.ms);
      expect((await login('bystander', 'Mat-khau-bystander', '127.0.0.1')).ok).toBe(true);
    } finally {
      await writeConfig({ delay_base_ms: 1, delay_max_ms: 5 });
    }
  }, 60_000);
});

describe('the address list', () => {
  it('comes before the password: from a refused address right and wrong look the same', async () => {
    const right: Login[] = [];
    const wrong: Login[] = [];
    for (let i = 0; i < 5; i++) {
      right.push(await login('fenced', 'Mat-khau-fenced', '127.0.0.2'));
      wrong.push(await login('fenced', `sai-${i}`, '127.0.0.2'));
    }
    for (const r of [...right, ...wrong]) expect(r).toMatchObject({ ok: false, error: 'All configured authentication methods failed' });
    // The same work either way (a decoy password check): no time difference beyond the noise of a shared machine.
    const [a, b] = [median(right.map((r) => r.ms)), median(wrong.map((r) => r.ms))];
    expect(Math.max(a, b) / Math.min(a, b), `${a} ms / ${b} ms`).toBeLessThan(1.6);
    const log = (await audit()).filter((r) => r.username === 'fenced' && r.address === '127.0.0.2');
    expect(log.map((r) => r.kind)).toEqual(Array(10).fill('address_refused'));
    // Refusals from outside never count against the account: it still logs in from its address.
    expect((await login('fenced', 'Mat-khau-fenced', '127.0.0.1')).ok).toBe(true);
  }, 60_000);
});

describe('the host key and the bind address', () => {
  it('reports the fingerprint OpenSSH computes for the key the server presents', async () => {
    const status = (await control('/security/status', {})).body.data as { fingerprint: string; sftp_host: string; sftp_port: number };
    expect(status).toMatchObject({ sftp_host: '127.0.0.1', sftp_port: ft.sftpPort, fingerprint: ft.fingerprint });
    const { stdout: scanned } = await promisify(execFile)('/usr/bin/ssh-keyscan', ['-p', String(ft.sftpPort), '-t', 'ecdsa', '127.0.0.1']);
    const keygen = spawn('/usr/bin/ssh-keygen', ['-l', '-E', 'sha256', '-f', '-']);
    let printed = '';
    keygen.stdout.on('data', (d) => {
      printed += d;
    });
    keygen.stdin.end(scanned);
    await new Promise((r) => keygen.on('close', r));
    expect(ft.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(printed).toContain(ft.fingerprint);
  });

  it('listens on the configured address: OpenSSH reaches it there, not on the default one', async () => {
    const other = await startFileTransfer({
      dataDir: 'memory',
      key: KEY,
      controlPort: 0,
      sftpPort: 0,
      sftpHost: '127.0.0.5',
      log: () => undefined,
    });
    const ssh = (host: string) =>
      new Promise<string>((resolve) => {
        const child = spawn('/usr/bin/sftp', [
          '-o',
          'BatchMode=yes',
          '-o',
          'StrictHostKeyChecking=no',
          '-o',
          'UserKnownHostsFile=/dev/null',
          '-o',
          'ConnectTimeout=10',
          '-P',
          String(other.sftpPort),
          `nobody@${host}`,
        ]);
        let err = '';
        child.stderr.on('data', (d) => {
          err += d;
        });
        child.stdin.end();
        child.on('close', () => resolve(err));
      });
    try {
      expect(other.sftpUrl).toBe(`sftp://127.0.0.5:${other.sftpPort}`);
      expect(other.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
      // Reached: the server asks for a password (which batch mode does not give).
      expect(await ssh('127.0.0.5')).toMatch(/Permission denied \(password\)/);
      expect(await ssh('127.0.0.1')).toMatch(/Connection refused/);
      expect((await login('nobody', 'x', '127.0.0.1', { host: '127.0.0.5', port: other.sftpPort })).error).toBe(
        'All configured authentication methods failed',
      );
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('the audit log', () => {
  it('records a login and an upload with its bytes, download and delete, in an append-only file', async () => {
    const c = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      c.on('ready', () => resolve());
      c.on('error', reject);
      c.connect({ host: '127.0.0.1', port: ft.sftpPort, username: 'bystander', password: 'Mat-khau-bystander', hostVerifier: () => true });
    });
    const sftp = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => c.sftp((err, s) => (err ? reject(err) : resolve(s))));
    const body = Buffer.alloc(70_000, 7);
    await new Promise<void>((resolve, reject) => sftp.writeFile('/bao-cao.xml', body, (err) => (err ? reject(err) : resolve())));
    const back = await new Promise<Buffer>((resolve, reject) =>
      sftp.readFile('/bao-cao.xml', (err, b) => (err ? reject(err) : resolve(b))),
    );
    expect(back.length).toBe(70_000);
    await new Promise<void>((resolve, reject) => sftp.unlink('/bao-cao.xml', (err) => (err ? reject(err) : resolve())));
    c.end();

    const mine = (await audit()).filter((r) => r.username === 'bystander' && r.address === '127.0.0.1');
    expect(mine.slice(0, 4).map(({ kind, path, bytes }) => ({ kind, path, bytes }))).toEqual([
      { kind: 'delete', path: '/bao-cao.xml', bytes: undefined },
      { kind: 'download', path: '/bao-cao.xml', bytes: 70_000 },
      { kind: 'upload', path: '/bao-cao.xml', bytes: 70_000 },
      { kind: 'login_ok', path: undefined, bytes: undefined },
    ]);
    const filtered = await control('/audit/list', { kind: ['upload'], username: 'bystander' });
    expect((filtered.body.data as AuditRecord[]).every((r) => r.kind === 'upload')).toBe(true);
    const later = await control('/audit/list', { from: new Date(Date.now() + 60_000).toISOString() });
    expect(later.body.data).toEqual([]);
    expect((await control('/audit/list', { kind: ['nope'] })).status).toBe(400);
    // One JSON record a line, never a password.
    const text = await readFile(join(ft.dataDir, AUDIT_FILE), 'utf8');
    expect(
      text
        .trim()
        .split('\n')
        .every((l) => JSON.parse(l).time),
    ).toBe(true);
    expect(text).not.toContain('Mat-khau');
  }, 30_000);
});
