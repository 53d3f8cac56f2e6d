import { appendFile, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The service's audit log: one JSON object a line in `sftp-audit.log` (data folder), only ever appended; when it
 * passes AUDIT_ROTATE_BYTES it becomes `sftp-audit.log.1` (the one before is dropped) and a new file starts.
 * Logins (success, wrong password or unknown account, locked, refused address), transfers (upload and download
 * with their bytes, delete) and administrators' unlocks. Never a password.
 */
export const AUDIT_FILE = 'sftp-audit.log';
export const AUDIT_ROTATE_BYTES = 20 * 1024 * 1024;

export const auditKinds = [
  'login_ok',
  'login_failed',
  'login_locked',
  'address_refused',
  'upload',
  'download',
  'delete',
  'unlock',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export interface AuditRecord {
  time: string;
  kind: AuditKind;
  username: string;
  address: string;
  path?: string;
  bytes?: number;
  detail?: string;
}

export interface AuditFilter {
  from?: string | undefined;
  to?: string | undefined;
  username?: string | undefined;
  address?: string | undefined;
  kind?: AuditKind[] | undefined;
  limit?: number | undefined;
}

/** What a client sent as a name, made safe to keep: no control characters, bounded length. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const clean = (s: string, max: number) => s.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, max);

export function createAuditLog(dataDir: string, log: (line: string) => void) {
  const file = join(dataDir, AUDIT_FILE);
  let queue: Promise<unknown> = Promise.resolve();

  async function write(line: string) {
    const size = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (size + line.length > AUDIT_ROTATE_BYTES && size > 0) await rename(file, `${file}.1`);
    await appendFile(file, line, { mode: 0o600 });
  }

  async function lines(): Promise<string[]> {
    const texts = await Promise.all([`${file}.1`, file].map((f) => readFile(f, 'utf8').catch(() => '')));
    return texts.join('').split('\n');
  }

  return {
    /** Appends one record (in order; a failing disk is logged, never thrown at the session). */
    record(r: Omit<AuditRecord, 'time'>): Promise<void> {
      const full: AuditRecord = {
        time: new Date().toISOString(),
        ...r,
        username: clean(r.username, 64),
        ...(r.path !== undefined ? { path: clean(r.path, 1000) } : {}),
      };
      const line = `${JSON.stringify(full)}\n`;
      const p = queue.then(() => write(line));
      queue = p.catch((err: Error) => log(`sftp: không ghi được nhật ký: ${err.message}`));
      return queue as Promise<void>;
    },

    /** Records matching the filter, newest first, at most `limit`; `truncated` when more matched. */
    async list(f: AuditFilter): Promise<{ records: AuditRecord[]; truncated: boolean }> {
      await queue;
      const limit = Math.max(1, Math.min(f.limit ?? 5000, 20_000));
      const user = f.username?.trim().toLowerCase();
      const address = f.address?.trim();
      const kinds = f.kind?.length ? new Set(f.kind) : null;
      const all = await lines();
      const records: AuditRecord[] = [];
      let truncated = false;
      for (let i = all.length - 1; i >= 0; i--) {
        const text = all[i];
        if (!text) continue;
        let r: AuditRecord;
        try {
          r = JSON.parse(text) as AuditRecord;
        } catch {
          continue;
        }
        if (f.from && r.time < f.from) continue;
        if (f.to && r.time > f.to) continue;
        if (user && !r.username.toLowerCase().includes(user)) continue;
        if (address && !r.address.includes(address)) continue;
        if (kinds && !kinds.has(r.kind)) continue;
        if (records.length >= limit) {
          truncated = true;
          break;
        }
        records.push(r);
      }
      return { records, truncated };
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
