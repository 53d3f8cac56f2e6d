import { type SftpAccount, type SftpAccountInput, type SftpAccountUpdate, sftpMessages } from '@smartport/contract';
import type { FileTransferAccount, FileTransferAnswer, FileTransferControl } from '../../adapters/file-transfer/file-transfer.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';

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
}

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

  return {
    async list(): Promise<SftpAccount[]> {
      return unwrap(await control.listAccounts()).accounts.map(toRow);
    },
    async create(user: AuthUser, input: SftpAccountInput) {
      await checkTerminals(user, input.terminal_list);
      return unwrap(
        await control.createAccount({
          username: input.username,
          password: input.password,
          description: input.description,
          allowed_list: input.allowed_list,
          terminal_list: input.terminal_list,
          additional_info: input.additional_info ?? '',
        }),
      ).output;
    },
    async update(user: AuthUser, input: SftpAccountUpdate) {
      await checkTerminals(user, input.terminal_list);
      return unwrap(
        await control.updateAccount({
          username: input.username,
          ...(input.password ? { password: input.password } : {}),
          description: input.description,
          allowed_list: input.allowed_list,
          terminal_list: input.terminal_list,
          ...(input.additional_info == null ? {} : { additional_info: input.additional_info }),
        }),
      ).output;
    },
    async remove(username: string) {
      return unwrap(await control.deleteAccount(username)).output;
    },
    async createUser(username: string, password: string) {
      return unwrap(await control.createUser(username, password)).output;
    },
    async read() {
      return unwrap(await control.readConfig()).text;
    },
    async write(text: string) {
      return unwrap(await control.writeConfig(text)).output;
    },
    async restart() {
      return unwrap(await control.restart()).output;
    },
  };
}
export type SftpService = ReturnType<typeof createSftpService>;
