import { z } from 'zod';
import { isListedAddress } from '../../security/outbound-policy';
import { callJson, type JsonRefusal } from '../http-call';
import { down } from '../outcome';
import type { FileTransferAnswer, FileTransferControl } from './file-transfer.port';

const account = z.object({
  username: z.string(),
  description: z.enum(['OPR', 'IT', '*']),
  home_dir: z.string(),
  virtual_folders: z.array(z.object({ virtual_path: z.string() })),
  filters: z.object({
    allowed_ip: z.array(z.string()),
    file_patterns: z.array(z.object({ path: z.string(), allowed_patterns: z.array(z.string()), denied_patterns: z.array(z.string()) })),
  }),
  terminal_list: z.array(z.string()),
  additional_info: z.string(),
});

/**
 * Wire protocol of the control API (apps/file-transfer/src/control-api.ts): POST with a JSON body, the key in
 * `Authorization: Bearer <key>`; answers `{success: true, …}` or `{success: false, out?, error?, message?}` (spec 03 §7).
 * /read /write /restart /create_user are the spec's; /users/list|create|update|delete the accounts the portal manages.
 */
const failed = z.object({
  success: z.literal(false),
  out: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
const replyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion('success', [z.object({ success: z.literal(true), ...shape }), failed]);
const readReply = replyOf({ data: z.string() });
const restartReply = replyOf({ out: z.string() });
const doneReply = replyOf({ out: z.string().optional() });
const listReply = replyOf({ data: z.array(account) });
const statusReply = replyOf({
  data: z.object({
    fingerprint: z.string(),
    sftp_host: z.string(),
    sftp_port: z.number(),
    settings: z.object({
      max_failures: z.number(),
      failure_window_seconds: z.number(),
      lock_seconds: z.number(),
      delay_base_ms: z.number(),
      delay_max_ms: z.number(),
    }),
    locks: z.array(z.object({ kind: z.enum(['account', 'address']), key: z.string(), failures: z.number(), locked_until: z.string() })),
  }),
});
const auditReply = replyOf({
  data: z.array(
    z.object({
      time: z.string(),
      kind: z.enum(['login_ok', 'login_failed', 'login_locked', 'address_refused', 'upload', 'download', 'delete', 'unlock']),
      username: z.string(),
      address: z.string(),
      path: z.string().optional(),
      bytes: z.number().optional(),
      detail: z.string().optional(),
    }),
  ),
  truncated: z.boolean().optional(),
});
const errorBody = failed.partial({ success: true }).loose();

type Failed = z.infer<typeof failed>;
const reason = (f: Partial<Failed> | null) => f?.error || f?.out || f?.message || undefined;

export function createHttpFileTransfer(opts: {
  /** The service's address: from the settings (main config's urlSFTP) or the environment. */
  url: () => string | undefined | Promise<string | undefined>;
  /** The addresses the deployment fixed (outbound-policy.ts `fileTransferAddresses`): the key goes nowhere else. */
  allowed: readonly string[];
  apiKey: string | undefined;
  timeoutMs?: number;
}): FileTransferControl {
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function post<A extends { success: true }, T>(
    path: string,
    body: unknown,
    schema: z.ZodType<A | Failed>,
    pick: (ok: A) => T,
  ): Promise<FileTransferAnswer<T>> {
    if (!opts.apiKey) return down('not_configured');
    const baseUrl = await opts.url();
    if (!baseUrl) return down('not_configured');
    if (!isListedAddress(opts.allowed, baseUrl)) return down('not_allowed');
    const r = await callJson(
      { baseUrl, method: 'POST', path, body, headers: { authorization: `Bearer ${opts.apiKey}` }, timeoutMs },
      { ok: schema, error: errorBody },
    );
    if (!r.ok) return r.failure === 'refused' ? refusal(r) : r;
    const v = r.value;
    if (v.success === false) {
      const why = reason(v);
      return { ok: false, failure: 'rejected', ...(why ? { detail: why } : {}) };
    }
    return { ok: true, value: pick(v) };
  }

  function refusal(r: JsonRefusal<Partial<Failed>>): FileTransferAnswer<never> {
    if (r.status === 401 || r.status === 403) return { ok: false, failure: 'key_refused' };
    // A 4xx with the service's own failure body is its refusal of the request; anything else is it failing.
    const why = reason(r.error);
    if (r.status < 500 && r.error) return { ok: false, failure: 'rejected', ...(why ? { detail: why } : {}) };
    return down('refused', why);
  }

  return {
    readConfig: () => post('/read', {}, readReply, (v) => ({ text: v.data })),
    writeConfig: (text) => post('/write', { data: text }, doneReply, (v) => ({ output: v.out ?? null })),
    restart: () => post('/restart', {}, restartReply, (v) => ({ output: v.out })),
    createUser: (user, password) => post('/create_user', { user, pass: password }, doneReply, (v) => ({ output: v.out ?? null })),
    listAccounts: () => post('/users/list', {}, listReply, (v) => ({ accounts: v.data })),
    createAccount: (a) => post('/users/create', a, doneReply, (v) => ({ output: v.out ?? null })),
    updateAccount: (a) => post('/users/update', a, doneReply, (v) => ({ output: v.out ?? null })),
    deleteAccount: (username) => post('/users/delete', { username }, doneReply, (v) => ({ output: v.out ?? null })),
    status: () => post('/security/status', {}, statusReply, (v) => v.data),
    unlock: (username) => post('/security/unlock', { username }, doneReply, (v) => ({ output: v.out ?? null })),
    audit: (filter) => post('/audit/list', filter, auditReply, (v) => ({ records: v.data, truncated: v.truncated ?? false })),
  };
}
