import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { type AuditLog, auditKinds } from './audit';
import { accountTypes } from './config-file';
import type { Answer, FileTransferState } from './service';

/**
 * The control API (spec 03 §7), HTTP POST with JSON, the key in `Authorization: Bearer <key>`:
 *   /read → {success, data}            the config text
 *   /write {data} → {success, out}     saves a checked text (a broken one is refused, the file kept)
 *   /restart → {success, out}          applies the saved text (a broken one is refused, the running config kept)
 *   /create_user {user, pass}          an account without type
 *   /users/list → {success, data}      the accounts without their password hashes
 *   /users/create, /users/update {username, password?, description, allowed_list, terminal_list, additional_info?}
 *   /users/delete {username}
 *   /security/status → {success, data: {fingerprint, sftp_host, sftp_port, settings, locks}}
 *   /security/unlock {username}        ends the account's lock (and of the addresses that locked it)
 *   /audit/list {from?, to?, username?, address?, kind?: [], limit?} → {success, data, truncated}   newest first
 * A refusal is `{success: false, error}` with 400 (bad input), 404 (no such account) or 409 (exists,
 * saved file broken); a missing or wrong key is 401.
 */
const MAX_BODY = 2_500_000;

const accountBody = z.object({
  username: z.string().trim(),
  password: z.string().optional(),
  description: z.enum(accountTypes),
  allowed_list: z.array(z.string().trim()).default([]),
  terminal_list: z.array(z.string().trim()).default([]),
  additional_info: z.string().max(2000).optional(),
});

const isoTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'thời điểm không hợp lệ')
  .transform((v) => new Date(v).toISOString());
const auditBody = z.object({
  from: isoTime.optional(),
  to: isoTime.optional(),
  username: z.string().max(100).optional(),
  address: z.string().max(100).optional(),
  kind: z.array(z.enum(auditKinds)).max(auditKinds.length).optional(),
  limit: z.int().min(1).max(20_000).optional(),
});

/** What the SFTP side of the service adds to the control API: its address, its key, its locks and its log. */
export interface SecurityControl {
  status(): Record<string, unknown>;
  unlock(username: unknown): Promise<Answer>;
  audit: AuditLog;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function createControlApi(opts: {
  key: string;
  state: FileTransferState;
  security: SecurityControl;
  log: (line: string) => void;
}): Server {
  const keyDigest = digest(opts.key);
  const authorised = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return !!m?.[1] && timingSafeEqual(digest(m[1]), keyDigest);
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const answer = (res: ServerResponse, a: Answer) => {
    if (a.success) return send(res, 200, a);
    send(res, a.status, { success: false, error: a.error });
  };

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return null;
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) return {};
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  }

  const s = opts.state;
  const routes: Record<string, (body: Record<string, unknown>) => Promise<Answer>> = {
    '/read': () => s.read(),
    '/write': (b) => s.write(b.data),
    '/restart': () => s.restart(),
    '/create_user': (b) => s.createUser(b.user, b.pass),
    '/users/list': () => s.list(),
    '/users/create': (b) => withAccount(b, (a) => s.create(a)),
    '/users/update': (b) => withAccount(b, (a) => s.update(a)),
    '/users/delete': (b) => s.remove(b.username),
    '/security/status': async () => ({ success: true, data: opts.security.status() }),
    '/security/unlock': (b) => opts.security.unlock(b.username),
    '/audit/list': async (b) => {
      const parsed = auditBody.safeParse(b);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return {
          success: false,
          status: 400,
          error: `Bộ lọc không hợp lệ ở ${issue?.path.join('.') || 'yêu cầu'}: ${issue?.message ?? ''}`,
        };
      }
      const { records, truncated } = await opts.security.audit.list(parsed.data);
      return { success: true, data: records, truncated };
    },
  };
  async function withAccount(b: Record<string, unknown>, run: (a: z.output<typeof accountBody>) => Promise<Answer>): Promise<Answer> {
    const parsed = accountBody.safeParse(b);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        success: false,
        status: 400,
        error: `Dữ liệu không hợp lệ ở ${issue?.path.join('.') || 'yêu cầu'}: ${issue?.message ?? ''}`,
      };
    }
    return run(parsed.data);
  }

  return createServer((req, res) => {
    void (async () => {
      if (!authorised(req)) return send(res, 401, { success: false, message: 'Sai hoặc thiếu khóa điều khiển.' });
      const route = req.method === 'POST' ? routes[(req.url ?? '').split('?')[0] ?? ''] : undefined;
      if (!route) return send(res, 404, { success: false, message: 'Không có chức năng này.' });
      let body: Record<string, unknown> | null;
      try {
        body = await readBody(req);
      } catch {
        body = null;
      }
      if (!body) return send(res, 400, { success: false, error: 'Nội dung yêu cầu không phải JSON hợp lệ.' });
      answer(res, await route(body));
    })().catch((err: Error) => {
      opts.log(`control: lỗi ${err.message}`);
      if (!res.headersSent) send(res, 500, { success: false, error: 'Lỗi nội bộ của dịch vụ truyền tệp.' });
    });
  });
}

export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}
