import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config-file';
import { HOST_KEY_FILE, startFileTransfer } from '../src/index';
import { fileAllowed, Jail, OutsideRoot } from '../src/jail';
import { hashPassword, verifyPassword } from '../src/passwords';
import { addressAllowed } from '../src/sftp-server';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ft-unit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the host key', () => {
  it('is made on the first start and kept in the data folder for the next', async () => {
    const data = join(dir, 'svc');
    const first = await startFileTransfer({ dataDir: data, key: 'k'.repeat(20), controlPort: 0, sftpPort: 0, log: () => undefined });
    const key = await readFile(join(data, HOST_KEY_FILE), 'utf8');
    expect(key).toContain('BEGIN EC PRIVATE KEY');
    await first.close();
    const second = await startFileTransfer({ dataDir: data, key: 'k'.repeat(20), controlPort: 0, sftpPort: 0, log: () => undefined });
    expect(await readFile(join(data, HOST_KEY_FILE), 'utf8')).toBe(key);
    await second.close();
  });
});

describe('passwords', () => {
  it('are scrypt hashes that verify only the right password', async () => {
    const h = await hashPassword('Mat-khau-1');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Mat-khau-1', h)).toBe(true);
    expect(await verifyPassword('Mat-khau-2', h)).toBe(false);
    expect(await verifyPassword('Mat-khau-1', 'scrypt$99999999$8$1$YQ==$YQ==')).toBe(false);
  });
});

describe('the config file', () => {
  it('hashes a clear password and refuses paths outside the data folder, duplicate names and bad addresses', async () => {
    const ok = await parseConfig(JSON.stringify({ users: [{ username: 'abc', password: 'x', description: 'IT', home_dir: 'home' }] }), dir);
    expect(ok.ok && ok.config.users[0]?.password_hash).toMatch(/^scrypt\$/);
    const user = (over: object) =>
      JSON.stringify({ users: [{ username: 'abc', password: 'x', description: 'IT', home_dir: 'home', ...over }] });
    expect(await parseConfig(user({ home_dir: '/etc' }), dir)).toMatchObject({ ok: false });
    expect(await parseConfig(user({ home_dir: '../x' }), dir)).toMatchObject({ ok: false });
    expect(await parseConfig(user({ filters: { allowed_ip: ['1.2.3'] } }), dir)).toMatchObject({ ok: false });
    expect(await parseConfig(user({ description: 'X' }), dir)).toMatchObject({ ok: false });
    const twice = JSON.stringify({
      users: [
        { username: 'abc', password: 'x', description: 'IT', home_dir: 'home' },
        { username: 'ABC', password: 'x', description: 'IT', home_dir: 'home' },
      ],
    });
    expect(await parseConfig(twice, dir)).toMatchObject({ ok: false, message: expect.stringContaining('hai lần') });
  });
});

describe('the jail', () => {
  it('keeps every path under the root and the virtual folders, links included', async () => {
    const root = join(dir, 'root');
    const ctl = join(dir, 'ctl');
    await mkdir(root, { recursive: true });
    await mkdir(ctl, { recursive: true });
    await symlink(dir, join(root, 'out'));
    const jail = new Jail([
      { virtual: '/', real: root },
      { virtual: '/CTL', real: ctl },
    ]);
    expect(Jail.normalize('../../etc/passwd')).toBe('/etc/passwd');
    expect((await jail.resolve('/../../x.txt')).real).toBe(join(root, 'x.txt'));
    expect((await jail.resolve('/CTL/a/../b.txt')).real).toBe(join(ctl, 'b.txt'));
    expect((await jail.resolve('/ctl/c.txt')).real).toBe(join(ctl, 'c.txt'));
    await expect(jail.resolve('/out/ctl')).rejects.toBeInstanceOf(OutsideRoot);
    await expect(jail.resolve('/out/new-file')).rejects.toBeInstanceOf(OutsideRoot);
  });

  it('applies the file patterns of the longest matching path', () => {
    const patterns = [
      { path: '/', allowed_patterns: [], denied_patterns: ['*.exe'] },
      { path: '/CTL', allowed_patterns: ['*.xml', 'EDI_??.txt'], denied_patterns: [] },
    ];
    expect(fileAllowed(patterns, '/a.txt')).toBe(true);
    expect(fileAllowed(patterns, '/a.EXE')).toBe(false);
    expect(fileAllowed(patterns, '/CTL/in/a.xml')).toBe(true);
    expect(fileAllowed(patterns, '/CTL/EDI_01.txt')).toBe(true);
    expect(fileAllowed(patterns, '/CTL/a.txt')).toBe(false);
  });
});

describe('allowed addresses', () => {
  it('admits any address for an empty list, else only listed addresses and networks', () => {
    expect(addressAllowed([], '10.0.0.1')).toBe(true);
    expect(addressAllowed(['127.0.0.1'], '127.0.0.1')).toBe(true);
    expect(addressAllowed(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
    expect(addressAllowed(['127.0.0.1'], '127.0.0.2')).toBe(false);
    expect(addressAllowed(['192.168.1.0/24', '::1'], '192.168.1.77')).toBe(true);
    expect(addressAllowed(['192.168.1.0/24', '::1'], '::1')).toBe(true);
    expect(addressAllowed(['192.168.1.0/24'], '192.168.2.1')).toBe(false);
  });
});
