import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { BlockList, isIPv4 } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Attributes, Connection, FileEntry, SFTPWrapper } from 'ssh2';
import ssh2 from 'ssh2';
import type { AuditLog } from './audit';
import type { ConfigUser, ServiceConfig } from './config-file';
import { fileAllowed, Jail, OutsideRoot } from './jail';
import { verifyPassword } from './passwords';
import type { Throttle } from './throttle';

const { Server, utils } = ssh2;
const STATUS = utils.sftp.STATUS_CODE;
const OPEN = utils.sftp.OPEN_MODE;

export interface SftpServerOptions {
  host: string;
  port: number;
  hostKey: string;
  dataDir: string;
  /** The configuration in force (changes with /restart and the account operations). */
  config: () => ServiceConfig;
  log: (line: string) => void;
  throttle: Throttle;
  audit: AuditLog;
  /**
   * A hash of a random password with the service's parameters: checked when there is no account or the address is
   * refused, so these cost what a wrong password costs.
   */
  decoyHash: string;
}

/** Password attempts one connection may make before it is closed (OpenSSH's MaxAuthTries). */
export const MAX_AUTH_TRIES = 6;

/** The address a client connects from, IPv4-mapped IPv6 read as IPv4. */
const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** Empty list = any address; otherwise the address must be one of the list's addresses or networks. */
export function addressAllowed(allowed: string[], ip: string): boolean {
  if (!allowed.length) return true;
  const list = new BlockList();
  for (const entry of allowed) {
    const [addr, bits] = entry.split('/');
    if (!addr) continue;
    const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  const client = plainIp(ip);
  return list.check(client, isIPv4(client) ? 'ipv4' : 'ipv6');
}

export interface RunningSftp {
  port: number;
  /** Ends the sessions of accounts that are gone or changed (after a reload). */
  dropSessions(keep: (username: string) => boolean): void;
  close(): Promise<void>;
}

export async function startSftpServer(opts: SftpServerOptions): Promise<RunningSftp> {
  const sessions = new Map<Connection, string>();
  const server = new Server({ hostKeys: [opts.hostKey], ident: 'SmartPort-SFTP' }, (client, info) => {
    const ip = plainIp(info.ip);
    let account: ConfigUser | null = null;
    let tries = 0;
    const { throttle, audit } = opts;
    client.on('authentication', (ctx) => {
      // Only passwords; the client's probe with 'none' (or a key) is told so and counts for nothing.
      if (ctx.method !== 'password') return ctx.reject(['password']);
      const name = ctx.username;
      const password = ctx.password;
      const refuse = () => {
        try {
          ctx.reject(['password']);
          if (++tries >= MAX_AUTH_TRIES) client.end();
        } catch {
          // The client went away while its refusal waited.
        }
      };
      void (async () => {
        // Earlier failures on this account or from this address: the attempt waits its turn (a timer, per key).
        const wait = throttle.reserve(name, ip);
        if (wait > 0) await sleep(wait);
        if (throttle.locked(name, ip)) {
          void audit.record({ kind: 'login_locked', username: name, address: ip });
          opts.log(`sftp: tài khoản "${name}" hoặc địa chỉ ${ip} đang bị khóa do đăng nhập sai nhiều lần`);
          return refuse();
        }
        const user = opts.config().users.find((u) => u.username.toLowerCase() === name.toLowerCase());
        // The address list comes before the password: from a refused address the password is never looked at, and
        // the answer (a refusal after a decoy check of the same cost) is the same whatever was sent.
        if (user && !addressAllowed(user.filters.allowed_ip, ip)) {
          await verifyPassword('', opts.decoyHash);
          const { delayMs } = throttle.fail(name, ip, true);
          void audit.record({ kind: 'address_refused', username: user.username, address: ip });
          opts.log(`sftp: tài khoản ${user.username} không được phép kết nối từ ${ip}`);
          if (delayMs) await sleep(delayMs);
          return refuse();
        }
        const ok = await verifyPassword(password, user?.password_hash ?? opts.decoyHash);
        if (!user || !ok) {
          const { delayMs, lockedNow } = throttle.fail(name, ip);
          const detail = [user ? '' : 'không có tài khoản', lockedNow ? 'bị khóa sau lần sai này' : ''].filter(Boolean).join('; ');
          void audit.record({ kind: 'login_failed', username: user?.username ?? name, address: ip, ...(detail ? { detail } : {}) });
          opts.log(`sftp: đăng nhập sai mật khẩu hoặc tài khoản "${name}" từ ${ip}${lockedNow ? ' (đã khóa)' : ''}`);
          if (delayMs) await sleep(delayMs);
          return refuse();
        }
        throttle.succeed(user.username);
        void audit.record({ kind: 'login_ok', username: user.username, address: ip });
        account = user;
        ctx.accept();
      })().catch(() => refuse());
    });
    client.on('ready', () => {
      const user = account;
      if (!user) return client.end();
      sessions.set(client, user.username);
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          // The handlers are there before the first request; each waits for the account's folders.
          const jail = mountsFor(opts.dataDir, user);
          jail.catch((err: Error) => {
            opts.log(`sftp: không mở được thư mục của ${user.username}: ${err.message}`);
            client.end();
          });
          serveSftp(sftp, jail, user, opts.log, (r) => void opts.audit.record({ ...r, username: user.username, address: ip }));
        });
      });
    });
    client.on('close', () => sessions.delete(client));
    client.on('error', () => sessions.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    dropSessions(keep) {
      for (const [client, username] of sessions) if (!keep(username)) client.end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sessions.keys()) client.end();
        server.close(() => resolve());
      }),
  };
}

/** The account's folders on disk, created when missing; the virtual folders also appear as folders in its root. */
async function mountsFor(dataDir: string, user: ConfigUser): Promise<Jail> {
  const home = resolvePath(dataDir, user.home_dir);
  await mkdir(home, { recursive: true });
  const mounts = [{ virtual: '/', real: await realpath(home) }];
  for (const v of user.virtual_folders) {
    const real = resolvePath(dataDir, v.mapped_path);
    await mkdir(real, { recursive: true });
    await mkdir(resolvePath(home, v.virtual_path.slice(1)), { recursive: true });
    mounts.push({ virtual: v.virtual_path, real: await realpath(real) });
  }
  return new Jail(mounts);
}

const toAttrs = (s: Stats): Attributes => ({
  mode: s.mode,
  uid: s.uid,
  gid: s.gid,
  size: s.size,
  atime: Math.floor(s.atimeMs / 1000),
  mtime: Math.floor(s.mtimeMs / 1000),
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function longname(name: string, s: Stats, owner: string): string {
  const kind = s.isDirectory() ? 'd' : s.isSymbolicLink() ? 'l' : '-';
  const bits = ['r', 'w', 'x'];
  let perms = '';
  for (let i = 8; i >= 0; i--) perms += s.mode & (1 << i) ? bits[(8 - i) % 3] : '-';
  const d = s.mtime;
  const when = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${kind}${perms}    1 ${owner.padEnd(8)} ${owner.padEnd(8)} ${String(s.size).padStart(8)} ${when} ${name}`;
}

type Handle =
  | { kind: 'file'; fh: FileHandle; virtual: string; transfer: 'upload' | 'download'; bytes: number }
  | { kind: 'dir'; entries: FileEntry[] | null };
type Transfer = { kind: 'upload' | 'download' | 'delete'; path: string; bytes?: number };

/** One SFTP session: every request resolved through the account's jail and its file patterns. */
function serveSftp(
  sftp: SFTPWrapper,
  jailReady: Promise<Jail>,
  user: ConfigUser,
  log: (line: string) => void,
  audit: (r: Transfer) => void,
) {
  const handles = new Map<number, Handle>();
  let next = 1;
  const newHandle = (h: Handle) => {
    const id = next++;
    handles.set(id, h);
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(id);
    return buf;
  };
  const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
  const patterns = user.filters.file_patterns;

  /** Runs one request; a path outside the root is 'permission denied', a missing file 'no such file'. */
  let jail!: Jail;
  const run = (reqId: number, work: () => Promise<void>) => {
    jailReady
      .then((j) => {
        jail = j;
        return work();
      })
      .catch((err: NodeJS.ErrnoException) => {
        if (err instanceof OutsideRoot) {
          log(`sftp: ${user.username} bị chặn truy cập ra ngoài thư mục của mình`);
          return sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Không được phép truy cập ngoài thư mục của tài khoản');
        }
        if (err.code === 'ENOENT') return sftp.status(reqId, STATUS.NO_SUCH_FILE, 'Không có tệp hoặc thư mục này');
        if (err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'ELOOP')
          return sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Không có quyền');
        if (err.code === 'EEXIST') return sftp.status(reqId, STATUS.FAILURE, 'Đã tồn tại');
        if (err.code === 'ENOTEMPTY') return sftp.status(reqId, STATUS.FAILURE, 'Thư mục không rỗng');
        sftp.status(reqId, STATUS.FAILURE, 'Thao tác thất bại');
      });
  };
  const denied = (reqId: number) => sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Tên tệp không được phép');

  sftp.on('REALPATH', (reqId, path) =>
    run(reqId, async () => {
      const { virtual, real } = await jail.resolve(path);
      const s = await stat(real).catch(() => null);
      sftp.name(reqId, [
        { filename: virtual, longname: s ? longname(virtual, s, user.username) : virtual, attrs: s ? toAttrs(s) : ({} as Attributes) },
      ]);
    }),
  );
  const statLike = (follow: boolean) => (reqId: number, path: string) =>
    run(reqId, async () => {
      const { real } = await jail.resolve(path);
      sftp.attrs(reqId, toAttrs(follow ? await stat(real) : await lstat(real)));
    });
  sftp.on('STAT', statLike(true));
  sftp.on('LSTAT', statLike(false));
  sftp.on('OPEN', (reqId, filename, flags) =>
    run(reqId, async () => {
      const { virtual, real } = await jail.resolve(filename);
      if (!fileAllowed(patterns, virtual)) return denied(reqId);
      let mode = flags & OPEN.WRITE ? (flags & OPEN.READ ? constants.O_RDWR : constants.O_WRONLY) : constants.O_RDONLY;
      if (flags & OPEN.CREAT) mode |= constants.O_CREAT;
      if (flags & OPEN.TRUNC) mode |= constants.O_TRUNC;
      if (flags & OPEN.EXCL) mode |= constants.O_EXCL;
      if (flags & OPEN.APPEND) mode |= constants.O_APPEND;
      // Never through a link (resolve checked the path; this closes the gap between the check and the open).
      const fh = await open(real, mode | constants.O_NOFOLLOW, 0o644);
      if ((await fh.stat()).isDirectory()) {
        await fh.close();
        return sftp.status(reqId, STATUS.FAILURE, 'Là thư mục');
      }
      sftp.handle(reqId, newHandle({ kind: 'file', fh, virtual, transfer: flags & OPEN.WRITE ? 'upload' : 'download', bytes: 0 }));
    }),
  );
  sftp.on('READ', (reqId, handle, offset, length) =>
    run(reqId, async () => {
      const h = handleOf(handle);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS.FAILURE, 'Handle không hợp lệ');
      const buf = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await h.fh.read(buf, 0, buf.length, offset);
      if (bytesRead === 0) return sftp.status(reqId, STATUS.EOF);
      h.bytes += bytesRead;
      sftp.data(reqId, buf.subarray(0, bytesRead));
    }),
  );
  sftp.on('WRITE', (reqId, handle, offset, data) =>
    run(reqId, async () => {
      const h = handleOf(handle);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS.FAILURE, 'Handle không hợp lệ');
      await h.fh.write(data, 0, data.length, offset);
      h.bytes += data.length;
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('FSTAT', (reqId, handle) =>
    run(reqId, async () => {
      const h = handleOf(handle);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS.FAILURE, 'Handle không hợp lệ');
      sftp.attrs(reqId, toAttrs(await h.fh.stat()));
    }),
  );
  // Times and modes are the service's to keep: accepted and ignored (clients set them after an upload).
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS.OK));
  sftp.on('SETSTAT', (reqId, path) =>
    run(reqId, async () => {
      await stat((await jail.resolve(path)).real);
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('CLOSE', (reqId, handle) =>
    run(reqId, async () => {
      const h = handleOf(handle);
      if (!h) return sftp.status(reqId, STATUS.FAILURE, 'Handle không hợp lệ');
      handles.delete(handle.readUInt32BE(0));
      if (h.kind === 'file') {
        audit({ kind: h.transfer, path: h.virtual, bytes: h.bytes });
        await h.fh.close();
      }
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('OPENDIR', (reqId, path) =>
    run(reqId, async () => {
      const { virtual, real } = await jail.resolve(path);
      if (!(await stat(real)).isDirectory()) return sftp.status(reqId, STATUS.FAILURE, 'Không phải thư mục');
      const names = await readdir(real);
      const entries: FileEntry[] = [];
      for (const name of names) {
        const child = virtual === '/' ? `/${name}` : `${virtual}/${name}`;
        const s = await lstat(`${real}/${name}`).catch(() => null);
        if (!s) continue;
        // Links are not followed and not shown; files the patterns refuse are not shown either.
        if (s.isSymbolicLink()) continue;
        if (!s.isDirectory() && !fileAllowed(patterns, child)) continue;
        entries.push({ filename: name, longname: longname(name, s, user.username), attrs: toAttrs(s) });
      }
      sftp.handle(reqId, newHandle({ kind: 'dir', entries }));
    }),
  );
  sftp.on('READDIR', (reqId, handle) =>
    run(reqId, async () => {
      const h = handleOf(handle);
      if (h?.kind !== 'dir') return sftp.status(reqId, STATUS.FAILURE, 'Handle không hợp lệ');
      if (!h.entries) return sftp.status(reqId, STATUS.EOF);
      const list = h.entries;
      h.entries = null;
      if (!list.length) return sftp.status(reqId, STATUS.EOF);
      sftp.name(reqId, list);
    }),
  );
  sftp.on('REMOVE', (reqId, path) =>
    run(reqId, async () => {
      const { virtual, real } = await jail.resolve(path);
      if (!fileAllowed(patterns, virtual)) return denied(reqId);
      if ((await lstat(real)).isDirectory()) return sftp.status(reqId, STATUS.FAILURE, 'Là thư mục');
      await unlink(real);
      audit({ kind: 'delete', path: virtual });
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('MKDIR', (reqId, path) =>
    run(reqId, async () => {
      await mkdir((await jail.resolve(path)).real);
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, path) =>
    run(reqId, async () => {
      const { virtual, real } = await jail.resolve(path);
      if (jail.isMountPoint(virtual)) return sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Không xóa được thư mục gốc');
      await rmdir(real);
      sftp.status(reqId, STATUS.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    run(reqId, async () => {
      const a = await jail.resolve(from);
      const b = await jail.resolve(to);
      if (jail.isMountPoint(a.virtual)) return sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Không đổi tên được thư mục gốc');
      const s = await lstat(a.real);
      if (!s.isDirectory() && (!fileAllowed(patterns, a.virtual) || !fileAllowed(patterns, b.virtual))) return denied(reqId);
      if (await lstat(b.real).catch(() => null)) return sftp.status(reqId, STATUS.FAILURE, 'Đã tồn tại');
      await rename(a.real, b.real);
      sftp.status(reqId, STATUS.OK);
    }),
  );
  // No links: they are the way out of a folder.
  sftp.on('SYMLINK', (reqId) => sftp.status(reqId, STATUS.PERMISSION_DENIED, 'Không hỗ trợ liên kết'));
  sftp.on('READLINK', (reqId) => sftp.status(reqId, STATUS.OP_UNSUPPORTED, 'Không hỗ trợ liên kết'));
  sftp.on('EXTENDED', (reqId) => sftp.status(reqId, STATUS.OP_UNSUPPORTED));
  // The client is done (end of its batch, `bye`): close our side so its session ends.
  sftp.on('end', () => sftp.end());
  sftp.on('close', () => {
    // A transfer cut off (no CLOSE) is recorded with the bytes it moved.
    for (const h of handles.values()) {
      if (h.kind !== 'file') continue;
      audit({ kind: h.transfer, path: h.virtual, bytes: h.bytes });
      void h.fh.close().catch(() => undefined);
    }
    handles.clear();
  });
}
