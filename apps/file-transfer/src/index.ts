import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServiceConfig } from './config-file';
import { createControlApi, listen } from './control-api';
import { createFileTransferState, hostKey } from './service';
import { type RunningSftp, startSftpServer } from './sftp-server';

export { hashPassword, verifyPassword } from './passwords';
export { CONFIG_FILE, HOST_KEY_FILE } from './service';

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
  /** Loopback only unless told otherwise. */
  host?: string;
  log?: (line: string) => void;
}

export interface RunningFileTransfer {
  /** The control API's base URL (the portal's urlSFTP / SIM_FILE_TRANSFER_URL). */
  controlUrl: string;
  sftpPort: number;
  /** The SFTP server's address, `sftp://127.0.0.1:<port>`. */
  sftpUrl: string;
  dataDir: string;
  /** What the first reading of the config file said. */
  startMessage: string;
  close(): Promise<void>;
}

/** Starts the SFTP server and its control API (apps/file-transfer, README). */
export async function startFileTransfer(opts: FileTransferOptions): Promise<RunningFileTransfer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => console.log(line));
  const temporary = opts.dataDir === 'memory';
  const dataDir = temporary ? await mkdtemp(join(tmpdir(), 'smartport-sftp-')) : resolve(opts.dataDir);
  let sftp: RunningSftp | null = null;
  let applied: ServiceConfig | null = null;
  const fingerprint = (c: ServiceConfig, name: string) => JSON.stringify(c.users.find((u) => u.username === name) ?? null);
  const state = createFileTransferState(dataDir, (c) => {
    const before = applied;
    applied = c;
    // Sessions of an account that was removed or changed (password, addresses, folders) end now.
    if (before && sftp) sftp.dropSessions((name) => fingerprint(before, name) === fingerprint(c, name));
  });
  const startMessage = await state.start();
  sftp = await startSftpServer({ host, port: opts.sftpPort, hostKey: await hostKey(dataDir), dataDir, config: state.config, log });
  const control = createControlApi({ key: opts.key, state, log });
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
    sftpUrl: `sftp://${host}:${running.port}`,
    dataDir,
    startMessage,
    async close() {
      control.closeAllConnections();
      await new Promise<void>((r) => control.close(() => r()));
      await running.close();
      if (temporary) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
