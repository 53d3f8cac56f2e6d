import { createHash } from 'node:crypto';
import {
  SFTP_AUDIT_LIMIT,
  type SftpAccount,
  type SftpAccountInput,
  type SftpAccountUpdate,
  type SftpAuditFilter,
  type SftpAuditRecord,
  type SftpServiceStatus,
  sftpMessages,
} from '@smartport/contract';
import type { FileTransferAccount, FileTransferAnswer, FileTransferControl } from '../../adapters/file-transfer/file-transfer.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import type { AuditRecorder } from '../audit/audit-recorder.service';

/**
 * The SFTP administration screens (spec 03 §2.5): accounts and the service's config, through the
 * file-transfer port. The portal checks what it can know (fields, addresses, terminals the caller
 * sees); the service's own refusals (an existing account, a config that does not parse) come back as
 * 400 with its words; the service being unreachable, slow or refusing the portal's key is 424.
 */
export interface SftpDeps {
  control: FileTransferControl;
  /** The terminal codes this user sees (the portal's terminals). */
  terminalCodes: (user: AuthUser) => Promise<string[]>;
  /** The audit trail: accounts created, changed, deleted and the config written, once the service accepted them. */
  audit?: Pick<AuditRecorder, 'record'>;
}

/** What the trail keeps of an account (the password only as changed, never its value). */
const accountState = (a: {
  username: string;
  password?: string | undefined;
  description?: string;
  allowed_list?: unknown;
  terminal_list?: unknown;
  additional_info?: string | null;
}) => ({
  username: a.username,
  ...(a.password ? { password: a.password } : {}),
  description: a.description ?? '',
  allowed_list: String(a.allowed_list ?? ''),
  terminal_list: String(a.terminal_list ?? ''),
  additional_info: a.additional_info ?? '',
});

const SERVICE = 'dịch vụ SFTP';

function unwrap<T>(answer: FileTransferAnswer<T>): T {
  if (answer.ok) return answer.value;
  switch (answer.failure) {
    case 'rejected':
      throw badRequest(answer.detail || sftpMessages.failed, answer.detail);
    case 'key_refused':
      throw new AppError(424, `Dịch vụ SFTP từ chối khóa điều khiển của portal (FILE_TRANSFER_KEY).`);
    case 'not_configured':
      throw new AppError(424, `Chưa cấu hình địa chỉ ${SERVICE} (Địa chỉ API SFTP trong Cấu hình chung).`);
    case 'not_allowed':
      throw new AppError(424, `Địa chỉ ${SERVICE} không thuộc các địa chỉ được phép khi triển khai (FILE_TRANSFER_URLS).`);
    case 'timeout':
      throw new AppError(424, `Dịch vụ SFTP không phản hồi kịp, vui lòng thử lại.`);
    case 'unreachable':
      throw new AppError(424, `Không kết nối được tới ${SERVICE}.`);
    default:
      throw new AppError(424, answer.detail ? `Dịch vụ SFTP báo lỗi: ${answer.detail}` : `Dịch vụ SFTP trả lời không hợp lệ.`);
  }
}

const toRow = (a: FileTransferAccount): SftpAccount => ({
  username: a.username,
  home_dir: a.home_dir,
  description: a.description,
  additional_info: a.additional_info,
  filters: a.filters,
  virtual_folders: a.virtual_folders.map((v) => ({ virtual_path: v.virtual_path })),
  allowed_list: a.filters.allowed_ip.join(','),
  terminal_list: a.terminal_list.join(','),
});

export function createSftpService(deps: SftpDeps) {
  const { control } = deps;

  async function checkTerminals(user: AuthUser, codes: string[]) {
    if (!codes.length) return;
    const known = new Set((await deps.terminalCodes(user)).map((c) => c.toUpperCase()));
    const missing = codes.find((c) => !known.has(c.toUpperCase()));
    if (missing !== undefined) throw badRequest(sftpMessages.badTerminal(missing));
  }

  /** The account as the service holds it, for the trail's before (null when the service cannot say). */
  async function stored(username: string) {
    if (!deps.audit) return null;
    const answer = await control.listAccounts();
    const a = answer.ok ? answer.value.accounts.map(toRow).find((r) => r.username === username) : undefined;
    return a ? accountState(a) : null;
  }
  const record = (
    action: 'create' | 'update' | 'delete' | 'write' | 'restart',
    key: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => deps.audit?.record({ entity: key === 'config' ? 'sftp_config' : 'sftp_account', key, action, before, after, secrets: ['password'] });

  return {
    async list(): Promise<SftpAccount[]> {
      return unwrap(await control.listAccounts()).accounts.map(toRow);
    },
    async create(user: AuthUser, input: SftpAccountInput) {
      await checkTerminals(user, input.terminal_list);
      const output = unwrap(
        await control.createAccount({
          username: input.username,
          password: input.password,
          description: input.description,
          allowed_list: input.allowed_list,
          terminal_list: input.terminal_list,
          additional_info: input.additional_info ?? '',
        }),
      ).output;
      await record('create', input.username, null, accountState({ ...input, terminal_list: input.terminal_list.join(',') }));
      return output;
    },
    async update(user: AuthUser, input: SftpAccountUpdate) {
      await checkTerminals(user, input.terminal_list);
      const before = await stored(input.username);
      const output = unwrap(
        await control.updateAccount({
          username: input.username,
          ...(input.password ? { password: input.password } : {}),
          description: input.description,
          allowed_list: input.allowed_list,
          terminal_list: input.terminal_list,
          ...(input.additional_info == null ? {} : { additional_info: input.additional_info }),
        }),
      ).output;
      const after = accountState({
        ...input,
        terminal_list: input.terminal_list.join(','),
        additional_info: input.additional_info ?? before?.additional_info ?? '',
      });
      await record('update', input.username, before, after);
      return output;
    },
    async remove(username: string) {
      const before = await stored(username);
      const output = unwrap(await control.deleteAccount(username)).output;
      await record('delete', username, before ?? { username }, null);
      return output;
    },
    async createUser(username: string, password: string) {
      const output = unwrap(await control.createUser(username, password)).output;
      await record('create', username, null, { username, password });
      return output;
    },
    async read() {
      return unwrap(await control.readConfig()).text;
    },
    async write(text: string) {
      const output = unwrap(await control.writeConfig(text)).output;
      // The config text may hold password hashes: the trail keeps its digest and size, not the text.
      await record('write', 'config', null, { sha256: createHash('sha256').update(text).digest('hex'), length: text.length });
      return output;
    },
    async restart() {
      const output = unwrap(await control.restart()).output;
      await record('restart', 'config', null, null);
      return output;
    },
    async status(): Promise<SftpServiceStatus> {
      return unwrap(await control.status());
    },
    async unlock(username: string) {
      return unwrap(await control.unlock(username)).output;
    },
    /** The service's audit log, newest first; the times go to the service as ISO instants. */
    async audit(f: SftpAuditFilter): Promise<{ records: SftpAuditRecord[]; truncated: boolean }> {
      const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : undefined);
      const from = iso(f.from);
      const to = iso(f.to);
      return unwrap(
        await control.audit({
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(f.username ? { username: f.username } : {}),
          ...(f.address ? { address: f.address } : {}),
          ...(f.kind?.length ? { kind: f.kind } : {}),
          limit: SFTP_AUDIT_LIMIT,
        }),
      );
    },
  };
}
export type SftpService = ReturnType<typeof createSftpService>;
