import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { noPayload, replyWith } from '../reply';

/**
 * File-transfer (SFTP) accounts and the service's configuration (spec 03 §2.5, §3 'SFTP account', §7, §8).
 * The portal reaches the service only through these calls (server adapter `file-transfer`), never the browser.
 */

/** Spec 03 §5 and §8 texts, and the project's own rules where the spec is silent (docs/decisions.md). */
export const sftpMessages = {
  username: 'Vui lòng nhập tên đăng nhập !',
  password: 'Vui lòng nhập mật khẩu !',
  type: 'Chưa chọn loại tài khoản !',
  usernamePattern: 'Tên đăng nhập gồm 3–32 ký tự: chữ không dấu, số, dấu . _ - (bắt đầu bằng chữ hoặc số) !',
  passwordLength: 'Mật khẩu cần từ 8 đến 128 ký tự !',
  badIp: (ip: string) => `Địa chỉ IP không hợp lệ: ${ip} !`,
  badTerminal: (code: string) => `Mã cảng không tồn tại: ${code} !`,
  returned: 'Dữ liệu trả về !',
  success: 'Thành công',
  failed: 'Thất bại !',
  saved: 'Lưu thành công !',
  emptyConfig: 'Nội dung cấu hình trống !',
} as const;

export const SFTP_USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;
export const SFTP_PASSWORD_MIN = 8;
export const SFTP_PASSWORD_MAX = 128;

/** Spec 03 §9: OPR shipping line (virtual folders per terminal), IT terminal management (data home), '*' not chosen. */
export const sftpAccountTypes = ['OPR', 'IT', '*'] as const;
export type SftpAccountType = (typeof sftpAccountTypes)[number];
export const sftpAccountTypeLabels: Record<SftpAccountType, string> = {
  OPR: 'OPR - Hãng tàu',
  IT: 'IT - Quản lý cảng',
  '*': 'Chưa chọn',
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 address (dotted, no leading zeros) or an IPv6 address (checked by the URL parser, no zone). */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || /[^0-9a-fA-F:.]/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** A comma-joined list (spec 03 §3: allowed_list, terminal_list), or an array; blanks dropped. */
export const splitList = (v: string | readonly string[] | null | undefined): string[] =>
  (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean);

const list = (max: number, label: string) =>
  z
    .union([z.string().max(4000, `${label} quá dài`), z.array(z.string().max(100))], { error: `${label} không hợp lệ` })
    .nullish()
    .transform((v) => [...new Set(splitList(v))])
    .refine((l) => l.length <= max, `${label} tối đa ${max} mục`);

const ipList = list(50, 'Danh sách IP').superRefine((ips, ctx) => {
  const bad = ips.find((ip) => !isIpAddress(ip));
  if (bad !== undefined) ctx.addIssue({ code: 'custom', message: sftpMessages.badIp(bad) });
});
const terminalList = list(50, 'Danh sách cảng').superRefine((codes, ctx) => {
  const bad = codes.find((c) => !/^[A-Za-z0-9_-]{1,20}$/.test(c));
  if (bad !== undefined) ctx.addIssue({ code: 'custom', message: sftpMessages.badTerminal(bad) });
});

const username = z
  .string({ error: sftpMessages.username })
  .trim()
  .min(1, sftpMessages.username)
  .regex(SFTP_USERNAME, sftpMessages.usernamePattern);
const newPassword = z
  .string({ error: sftpMessages.password })
  .min(1, sftpMessages.password)
  .min(SFTP_PASSWORD_MIN, sftpMessages.passwordLength)
  .max(SFTP_PASSWORD_MAX, sftpMessages.passwordLength);
/** On edit a blank password keeps the current one. */
const keptPassword = z
  .string()
  .nullish()
  .transform((v) => v || undefined)
  .pipe(z.string().min(SFTP_PASSWORD_MIN, sftpMessages.passwordLength).max(SFTP_PASSWORD_MAX, sftpMessages.passwordLength).optional());
const chosenType = z.enum(['OPR', 'IT'], { error: sftpMessages.type });

export const sftpAccountInput = z.object({
  username,
  password: newPassword,
  description: chosenType,
  allowed_list: ipList,
  terminal_list: terminalList,
  additional_info: z.string().max(2000, 'Thông tin thêm tối đa 2000 ký tự').nullish(),
});
export const sftpAccountUpdate = sftpAccountInput.extend({
  password: keptPassword,
  additional_info: z.string().max(2000, 'Thông tin thêm tối đa 2000 ký tự').nullish(),
});
export type SftpAccountInput = z.output<typeof sftpAccountInput>;
export type SftpAccountUpdate = z.output<typeof sftpAccountUpdate>;

/** An account as the list shows it (spec 03 §3), never with its password. */
export const sftpAccount = z.object({
  username: z.string(),
  home_dir: z.string(),
  description: z.enum(sftpAccountTypes),
  additional_info: z.string(),
  filters: z.object({
    allowed_ip: z.array(z.string()),
    file_patterns: z.array(z.object({ path: z.string(), allowed_patterns: z.array(z.string()), denied_patterns: z.array(z.string()) })),
  }),
  virtual_folders: z.array(z.object({ virtual_path: z.string() })),
  /** Comma-joined (spec 03 §3). */
  allowed_list: z.string(),
  terminal_list: z.string(),
});
export type SftpAccount = z.infer<typeof sftpAccount>;

/** Every SFTP reply: success, the service's output, the portal's message, the service's error (spec 03 §7). */
const sftpReply = <S extends z.ZodRawShape>(shape: S) => replyWith({ error: z.string().optional(), ...shape });

const accounts = menuAccess('SYS_SFTP_ACCOUNTS');
const config = menuAccess('SYS_SFTP_CONFIG');

export const sftpGet = defineCall({
  path: 'sftp/get',
  module: 'admin',
  summary: 'Danh sách tài khoản SFTP (không kèm mật khẩu)',
  access: accounts,
  request: noPayload,
  response: sftpReply({ data: z.array(sftpAccount).optional() }),
});

export const sftpCreate = defineCall({
  path: 'sftp/create',
  module: 'admin',
  summary: 'Thêm tài khoản SFTP {username, password, description OPR|IT, allowed_list, terminal_list}',
  access: accounts,
  request: sftpAccountInput,
  response: sftpReply({}),
});

export const sftpUpdate = defineCall({
  path: 'sftp/update',
  module: 'admin',
  summary: 'Sửa tài khoản SFTP (mật khẩu trống = giữ nguyên; kèm additional_info)',
  access: accounts,
  request: sftpAccountUpdate,
  response: sftpReply({}),
});

export const sftpDelete = defineCall({
  path: 'sftp/delete',
  module: 'admin',
  summary: 'Xóa tài khoản SFTP (dòng tài khoản; tệp của tài khoản được giữ lại)',
  access: accounts,
  request: z.looseObject({ username }),
  response: sftpReply({}),
});

export const sftpCreateUser = defineCall({
  path: 'sftp/create_user',
  module: 'admin',
  summary: 'Màn hình Thêm tài khoản SFTP: /create_user {user, pass} của dịch vụ (tài khoản chưa chọn loại)',
  access: menuAccess('SYS_SFTP_CREATE'),
  request: z.object({
    user: z
      .string({ error: sftpMessages.username })
      .trim()
      .min(1, sftpMessages.username)
      .regex(SFTP_USERNAME, sftpMessages.usernamePattern),
    pass: newPassword,
  }),
  response: sftpReply({}),
});

export const sftpRead = defineCall({
  path: 'sftp/read',
  module: 'admin',
  summary: 'Cấu hình SFTP: /read của dịch vụ (nội dung tệp cấu hình)',
  access: config,
  request: noPayload,
  response: sftpReply({ data: z.string().optional() }),
});

export const sftpWrite = defineCall({
  path: 'sftp/write',
  module: 'admin',
  summary: 'Cấu hình SFTP: /write {data} của dịch vụ (tệp không đọc được bị từ chối, cấu hình đang chạy giữ nguyên)',
  access: config,
  request: z.object({
    data: z
      .string({ error: sftpMessages.emptyConfig })
      .max(2_000_000, 'Nội dung cấu hình tối đa 2 MB')
      .refine((s) => s.trim().length > 0, sftpMessages.emptyConfig),
  }),
  response: sftpReply({}),
});

export const sftpRestart = defineCall({
  path: 'sftp/restart',
  module: 'admin',
  summary: 'Cấu hình SFTP: /restart của dịch vụ (nạp lại tệp cấu hình; kết quả trong out)',
  access: config,
  request: noPayload,
  response: sftpReply({}),
});

/** A lock the guessing limits put on an account or a client address (apps/file-transfer throttle). */
export const sftpLock = z.object({
  kind: z.enum(['account', 'address']),
  key: z.string(),
  failures: z.number(),
  locked_until: z.string(),
});
export type SftpLock = z.infer<typeof sftpLock>;

/** The guessing limits of the service's config ('security' in the config file). */
export const sftpSecuritySettings = z.object({
  max_failures: z.number(),
  failure_window_seconds: z.number(),
  lock_seconds: z.number(),
  delay_base_ms: z.number(),
  delay_max_ms: z.number(),
});

/** What the service says about itself: where it listens, its host key's fingerprint, its limits and locks. */
export const sftpServiceStatus = z.object({
  fingerprint: z.string(),
  sftp_host: z.string(),
  sftp_port: z.number(),
  settings: sftpSecuritySettings,
  locks: z.array(sftpLock),
});
export type SftpServiceStatus = z.infer<typeof sftpServiceStatus>;

export const sftpStatus = defineCall({
  path: 'sftp/status',
  module: 'admin',
  summary: 'Trạng thái dịch vụ SFTP: địa chỉ nghe, dấu vân tay khóa máy chủ (SHA256:…), giới hạn đăng nhập sai, các khóa',
  access: menuAccess('SYS_SFTP_CONFIG', 'SYS_SFTP_ACCOUNTS'),
  request: noPayload,
  response: sftpReply({ data: sftpServiceStatus.optional() }),
});

export const sftpUnlock = defineCall({
  path: 'sftp/unlock',
  module: 'admin',
  summary: 'Mở khóa tài khoản SFTP bị khóa vì đăng nhập sai (và các địa chỉ đã khóa vì nó)',
  access: accounts,
  request: z.looseObject({ username }),
  response: sftpReply({}),
});

/** The audit log's kinds (apps/file-transfer audit.ts) and their names on the screen. */
export const sftpAuditKinds = [
  'login_ok',
  'login_failed',
  'login_locked',
  'address_refused',
  'upload',
  'download',
  'delete',
  'unlock',
] as const;
export type SftpAuditKind = (typeof sftpAuditKinds)[number];
export const sftpAuditKindNames: Record<SftpAuditKind, string> = {
  login_ok: 'Đăng nhập thành công',
  login_failed: 'Đăng nhập sai',
  login_locked: 'Đăng nhập khi bị khóa',
  address_refused: 'Địa chỉ không được phép',
  upload: 'Tải lên',
  download: 'Tải xuống',
  delete: 'Xóa tệp',
  unlock: 'Mở khóa',
};

export const sftpAuditRecord = z.object({
  time: z.string(),
  kind: z.enum(sftpAuditKinds),
  username: z.string(),
  address: z.string(),
  path: z.string().optional(),
  bytes: z.number().optional(),
  detail: z.string().optional(),
});
export type SftpAuditRecord = z.infer<typeof sftpAuditRecord>;

/** The most recent records one search answers (newest first). */
export const SFTP_AUDIT_LIMIT = 5000;

const auditTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Thời gian không hợp lệ')
  .nullish();
export const sftpAuditFilter = z
  .object({
    from: auditTime,
    to: auditTime,
    username: z.string().trim().max(100, 'Tài khoản tối đa 100 ký tự').nullish(),
    address: z.string().trim().max(100, 'Địa chỉ tối đa 100 ký tự').nullish(),
    kind: z
      .array(z.enum(sftpAuditKinds, { error: 'Loại sự kiện không hợp lệ' }))
      .max(sftpAuditKinds.length)
      .nullish(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: 'Thời gian bắt đầu phải trước thời gian kết thúc',
    path: ['to'],
  });
export type SftpAuditFilter = z.output<typeof sftpAuditFilter>;

export const sftpAudit = defineCall({
  path: 'sftp/audit',
  module: 'admin',
  summary: 'Nhật ký SFTP: đăng nhập và truyền tệp theo thời gian, tài khoản, địa chỉ, loại (mới nhất trước)',
  access: menuAccess('SYS_SFTP_AUDIT'),
  request: sftpAuditFilter,
  response: sftpReply({ data: z.array(sftpAuditRecord).optional(), truncated: z.boolean().optional() }),
});

export const sftpCalls = {
  sftpGet,
  sftpCreate,
  sftpUpdate,
  sftpDelete,
  sftpCreateUser,
  sftpRead,
  sftpWrite,
  sftpRestart,
  sftpStatus,
  sftpUnlock,
  sftpAudit,
} as const;
