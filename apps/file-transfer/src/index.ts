import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAuditLog } from './audit';
import type { ServiceConfig } from './config-file';
import { createControlApi, listen } from './control-api';
import { hashPassword } from './passwords';
import { createFileTransferState, hostKey, hostKeyFingerprint } from './service';
import { type RunningSftp, startSftpServer } from './sftp-server';
import { createThrottle } from './throttle';

export { AUDIT_FILE, type AuditKind, type AuditRecord, auditKinds } from './audit';
export { hashPassword, verifyPassword } from './passwords';
export { CONFIG_FILE, HOST_KEY_FILE, hostKeyFingerprint } from './service';

/** Port offsets from the simulators' base port (`npm start`): the control API and the SFTP server. */
export const FILE_TRANSFER_CONTROL_OFFSET = 20;
export const FILE_TRANSFER_SFTP_OFFSET = 21;

export interface FileTransferOptions {
  /** The service's folder (config file, host key, account folders); 'memory' = a temporary folder removed on close. */
  dataDir: string;
  /** The control API's key (the portal's FILE_TRANSFER_KEY). */
  key: string;
  /** 0 = any free port. */
  controlPort: number;
  sftpPort: number;
  /** The control API's address: loopback only unless told otherwise (the portal is its only client). */
  host?: string;
  /**
   * The SFTP server's address (FILE_TRANSFER_SFTP_HOST): `0.0.0.0` or the address shipping lines reach; defaults to
   * `host`, so the demo stays on loopback.
   */
  sftpHost?: string;
  log?: (line: string) => void;
}

export interface RunningFileTransfer {
  /** The control API's base URL (the portal's urlSFTP / SIM_FILE_TRANSFER_URL). */
  controlUrl: string;
  sftpPort: number;
  /** The SFTP server's address, `sftp://<sftpHost>:<port>`. */
  sftpUrl: string;
  /** The host key's fingerprint, `SHA256:…` as OpenSSH prints it, for clients to pin. */
  fingerprint: string;
  dataDir: string;
  /** What the first reading of the config file said. */
  startMessage: string;
  close(): Promise<void>;
}

/** Starts the SFTP server and its control API (apps/file-transfer, README). */
export async function startFileTransfer(opts: FileTransferOptions): Promise<RunningFileTransfer> {
  const host = opts.host ?? '127.0.0.1';
  const sftpHost = opts.sftpHost || host;
  const log = opts.log ?? ((line: string) => console.log(line));
  const temporary = opts.dataDir === 'memory';
  const dataDir = temporary ? await mkdtemp(join(tmpdir(), 'smartport-sftp-')) : resolve(opts.dataDir);
  let sftp: RunningSftp | null = null;
  let applied: ServiceConfig | null = null;
  const accountState = (c: ServiceConfig, name: string) => JSON.stringify(c.users.find((u) => u.username === name) ?? null);
  const state = createFileTransferState(dataDir, (c) => {
    const before = applied;
    applied = c;
    // Sessions of an account that was removed or changed (password, addresses, folders) end now.
    if (before && sftp) sftp.dropSessions((name) => accountState(before, name) === accountState(c, name));
  });
  const startMessage = await state.start();
  const key = await hostKey(dataDir);
  const fingerprint = hostKeyFingerprint(key);
  const throttle = createThrottle(() => state.config().security);
  const audit = createAuditLog(dataDir, log);
  // Forgotten failures and ended locks go every minute (the timer does not keep the process alive).
  const pruning = setInterval(() => throttle.prune(), 60_000);
  pruning.unref();
  sftp = await startSftpServer({
    host: sftpHost,
    port: opts.sftpPort,
    hostKey: key,
    dataDir,
    config: state.config,
    log,
    throttle,
    audit,
    decoyHash: await hashPassword(randomBytes(24).toString('base64')),
  });
  const sftpPort = sftp.port;
  const control = createControlApi({
    key: opts.key,
    state,
    log,
    security: {
      status: () => ({
        fingerprint,
        sftp_host: sftpHost,
        sftp_port: sftpPort,
        settings: state.config().security,
        locks: throttle.locks(),
      }),
      async unlock(username) {
        if (typeof username !== 'string' || !username.trim()) return { success: false, status: 400, error: 'Cần username.' };
        const freed = throttle.unlock(username.trim());
        void audit.record({
          kind: 'unlock',
          username: username.trim(),
          address: '',
          ...(freed.addresses.length ? { detail: `mở khóa địa chỉ ${freed.addresses.join(', ')}` } : {}),
        });
        const what = freed.account || freed.addresses.length ? 'Đã mở khóa' : 'Không bị khóa, đã xóa các lần sai của';
        return { success: true, out: `${what} tài khoản ${username.trim()}.` };
      },
      audit,
    },
  });
  let controlPort: number;
  try {
    controlPort = await listen(control, opts.controlPort, host);
  } catch (err) {
    await sftp.close();
    throw err;
  }
  const running = sftp;
  return {
    controlUrl: `http://${host}:${controlPort}`,
    sftpPort: running.port,
    sftpUrl: `sftp://${sftpHost.includes(':') ? `[${sftpHost}]` : sftpHost}:${running.port}`,
    fingerprint,
    dataDir,
    startMessage,
    async close() {
      clearInterval(pruning);
      control.closeAllConnections();
      await new Promise<void>((r) => control.close(() => r()));
      await running.close();
      if (temporary) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
