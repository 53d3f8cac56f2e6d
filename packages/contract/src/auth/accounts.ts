import { z } from 'zod';
import { menuAccess, publicAccess } from '../access';
import { SFTP_PASSWORD_MAX, SFTP_PASSWORD_MIN } from '../admin/sftp';
import { defineCall } from '../call';
import { noPayload, optionalBody, plainReply, replyWith } from '../reply';

/**
 * Accounts (docs/decisions.md 'Accounts: registration, e-mail verification, password reset, Quản lý tài khoản'): a
 * customer registers online, verifies the e-mail by a link, and the account is active at once when its terminal's
 * 'Tự động kích hoạt tài khoản sau khi tạo' is on, else it waits for the terminal's staff in 'Quản lý tài khoản'.
 * Every user may reset a forgotten password by a link sent to the account's e-mail. The spec names none of this.
 */
export const accountMessages = {
  userIdRequired: 'Vui lòng nhập tên đăng nhập !',
  userIdPattern: 'Tên đăng nhập gồm 3–50 ký tự: chữ không dấu, số, dấu . _ - (bắt đầu bằng chữ hoặc số) !',
  userIdTaken: 'Tên đăng nhập đã tồn tại !',
  taxCodeRequired: 'Vui lòng nhập mã số thuế !',
  taxCodeUnknown: 'Mã số thuế chưa có trong danh mục khách hàng của cảng. Vui lòng liên hệ cảng để được thêm vào danh mục.',
  companyRequired: 'Vui lòng nhập tên công ty !',
  emailRequired: 'Vui lòng nhập email !',
  emailInvalid: 'Email không hợp lệ !',
  terminalRequired: 'Vui lòng chọn cảng !',
  terminalUnknown: 'Cảng không tồn tại !',
  passwordRequired: 'Vui lòng nhập mật khẩu !',
  passwordLength: `Mật khẩu cần từ ${SFTP_PASSWORD_MIN} đến ${SFTP_PASSWORD_MAX} ký tự !`,
  passwordIsUserId: 'Mật khẩu không được trùng tên đăng nhập !',
  passwordMismatch: 'Mật khẩu nhập lại không khớp !',
  /** The same answer whether or not the address already has an account. */
  registered: 'Đăng ký thành công. Vui lòng mở thư chúng tôi vừa gửi đến email đã đăng ký để xác thực tài khoản.',
  verifiedActive: 'Xác thực email thành công. Tài khoản đã được kích hoạt, bạn có thể đăng nhập.',
  verifiedPending: 'Xác thực email thành công. Tài khoản đang chờ cảng kích hoạt; bạn sẽ đăng nhập được khi cảng kích hoạt.',
  linkInvalid: 'Liên kết không hợp lệ, đã được sử dụng hoặc đã hết hạn.',
  /** The same answer whether or not the name or address has an account. */
  resetSent: 'Nếu thông tin khớp với một tài khoản, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu đến email của tài khoản đó.',
  resetDone: 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.',
  identifierRequired: 'Vui lòng nhập tên đăng nhập hoặc email !',
  tooMany: (minutes: number) => `Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau ${minutes} phút.`,
  notVerified: 'Tài khoản chưa xác thực email. Vui lòng mở thư xác thực đã gửi đến email đăng ký.',
  waiting: 'Tài khoản đang chờ cảng kích hoạt. Vui lòng thử lại sau hoặc liên hệ cảng.',
  // 'Quản lý tài khoản'
  notFound: 'Không tìm thấy tài khoản.',
  notYours: 'Bạn không có quyền trên tài khoản này.',
  groupTooHigh: 'Bạn không thể cấp nhóm người dùng có quyền cao hơn hoặc bằng quyền của mình.',
  groupUnknown: 'Nhóm người dùng không tồn tại.',
  terminalNotYours: (code: string) => `Bạn không có quyền trên cảng ${code}.`,
  terminalsRequired: 'Vui lòng chọn ít nhất một cảng.',
  cannotActivateUnverified: 'Tài khoản chưa xác thực email, chưa thể kích hoạt.',
  alreadyActive: 'Tài khoản đang hoạt động.',
  notActive: 'Tài khoản không ở trạng thái hoạt động.',
  notLocked: 'Tài khoản không bị khóa.',
  noEmail: 'Tài khoản chưa có email, không thể gửi thư đặt lại mật khẩu.',
  activated: 'Đã kích hoạt tài khoản.',
  locked: 'Đã khóa tài khoản.',
  unlocked: 'Đã mở khóa tài khoản.',
  resetMailed: 'Đã gửi thư đặt lại mật khẩu đến email của tài khoản.',
  saved: 'Lưu dữ liệu hoàn tất !',
} as const;

/** Portal user names: like the SFTP accounts' rule, up to the users table's 50 characters. */
export const ACCOUNT_USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,49}$/;
/** The product's password rule (the SFTP accounts' 8–128 characters), and not the user name. */
export const ACCOUNT_PASSWORD_MIN = SFTP_PASSWORD_MIN;
export const ACCOUNT_PASSWORD_MAX = SFTP_PASSWORD_MAX;

/** The password rule's message for `password` of `userId`, or null when it passes. */
export function passwordProblem(password: string, userId?: string): string | null {
  if (!password) return accountMessages.passwordRequired;
  if (password.length < ACCOUNT_PASSWORD_MIN || password.length > ACCOUNT_PASSWORD_MAX) return accountMessages.passwordLength;
  if (userId && password.trim().toLowerCase() === userId.trim().toLowerCase()) return accountMessages.passwordIsUserId;
  return null;
}

const userId = z
  .string({ error: accountMessages.userIdRequired })
  .trim()
  .min(1, accountMessages.userIdRequired)
  .regex(ACCOUNT_USER_ID, accountMessages.userIdPattern);
const password = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .min(ACCOUNT_PASSWORD_MIN, accountMessages.passwordLength)
  .max(ACCOUNT_PASSWORD_MAX, accountMessages.passwordLength);
const email = z
  .string({ error: accountMessages.emailRequired })
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(200, accountMessages.emailInvalid)
  .pipe(z.email({ error: accountMessages.emailInvalid }));
const token = z
  .string({ error: accountMessages.linkInvalid })
  .trim()
  .min(20, accountMessages.linkInvalid)
  .max(200, accountMessages.linkInvalid);

export const registerInput = z.object({
  TaxCode: z
    .string({ error: accountMessages.taxCodeRequired })
    .trim()
    .min(1, accountMessages.taxCodeRequired)
    .max(20, 'Mã số thuế tối đa 20 ký tự !'),
  CompanyName: z
    .string({ error: accountMessages.companyRequired })
    .trim()
    .min(1, accountMessages.companyRequired)
    .max(200, 'Tên công ty tối đa 200 ký tự !'),
  Email: email,
  Phone: z.string().trim().max(30, 'Số điện thoại tối đa 30 ký tự !').optional(),
  TerminalCode: z
    .string({ error: accountMessages.terminalRequired })
    .trim()
    .min(1, accountMessages.terminalRequired)
    .max(10, accountMessages.terminalUnknown),
  UserID: userId,
  Password: password,
});
export type RegisterInput = z.infer<typeof registerInput>;

/** What the staff screen shows of an account's state. */
export const accountStates = ['unverified', 'pending', 'active', 'locked'] as const;
export type AccountState = (typeof accountStates)[number];
export const accountStateNames: Record<AccountState, string> = {
  unverified: 'Chờ xác thực email',
  pending: 'Chờ kích hoạt',
  active: 'Đang hoạt động',
  locked: 'Đã khóa',
};

export const accountRow = z.object({
  UserID: z.string(),
  UserName: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  CustomerCode: z.string().nullable(),
  UserGroupCode: z.string(),
  UserGroupName: z.string(),
  Rank: z.number().int(),
  TerminalCodes: z.array(z.string()),
  State: z.enum(accountStates),
  /** Self-registered (online) rather than made by staff. */
  Registered: z.boolean(),
  CreatedTime: z.string(),
});
export type AccountRow = z.infer<typeof accountRow>;

export const accountOptions = z.object({
  groups: z.array(z.object({ UserGroupCode: z.string(), UserGroupName: z.string(), Rank: z.number().int() })),
  terminals: z.array(z.object({ TerminalCode: z.string(), TerminalName: z.string() })),
});
export type AccountOptions = z.infer<typeof accountOptions>;

const staff = menuAccess('SYS_ACCOUNTS');
const oneAccount = z.object({ UserID: z.string().trim().min(1, accountMessages.notFound).max(50, accountMessages.notFound) });

export const accountCalls = {
  registerTerminals: defineCall({
    path: 'auth/register/terminals',
    module: 'auth',
    summary: 'Đăng ký tài khoản: danh sách cảng để chọn',
    access: publicAccess,
    request: noPayload,
    response: replyWith({ payload: z.array(z.object({ TerminalCode: z.string(), TerminalName: z.string() })).optional() }),
  }),
  register: defineCall({
    path: 'auth/register',
    module: 'auth',
    summary: 'Khách hàng đăng ký tài khoản: mã số thuế có trong danh mục khách hàng, gửi thư xác thực email',
    access: publicAccess,
    request: registerInput,
    response: plainReply,
  }),
  verifyEmail: defineCall({
    path: 'auth/verifyEmail',
    module: 'auth',
    summary: 'Xác thực email bằng liên kết trong thư (một lần, có hạn); kích hoạt theo cấu hình cảng',
    access: publicAccess,
    request: z.object({ token }),
    response: replyWith({ active: z.boolean().optional() }),
  }),
  forgotPassword: defineCall({
    path: 'auth/forgotPassword',
    module: 'auth',
    summary: 'Quên mật khẩu: gửi liên kết đặt lại mật khẩu đến email của tài khoản (cùng một câu trả lời cho mọi trường hợp)',
    access: publicAccess,
    request: z.object({
      Identifier: z
        .string({ error: accountMessages.identifierRequired })
        .trim()
        .min(1, accountMessages.identifierRequired)
        .max(200, accountMessages.identifierRequired),
    }),
    response: plainReply,
  }),
  resetPassword: defineCall({
    path: 'auth/resetPassword',
    module: 'auth',
    summary: 'Đặt mật khẩu mới bằng liên kết trong thư (một lần, có hạn); mọi phiên đăng nhập của tài khoản kết thúc',
    access: publicAccess,
    request: z.object({ token, Password: password }),
    response: plainReply,
  }),
  listAccounts: defineCall({
    path: 'auth/accounts/list',
    module: 'auth',
    summary: 'Quản lý tài khoản: các tài khoản thuộc cảng của người dùng, có quyền thấp hơn',
    access: staff,
    request: optionalBody(
      z.object({
        State: z.enum(accountStates, { error: 'Trạng thái không hợp lệ' }).optional(),
        Text: z.string().trim().max(100, 'Nội dung tìm tối đa 100 ký tự').optional(),
      }),
    ),
    response: replyWith({ payload: z.array(accountRow).optional() }),
  }),
  accountOptions: defineCall({
    path: 'auth/accounts/options',
    module: 'auth',
    summary: 'Quản lý tài khoản: nhóm người dùng và cảng người dùng được phép cấp',
    access: staff,
    request: noPayload,
    response: replyWith({ payload: accountOptions.optional() }),
  }),
  activateAccount: defineCall({
    path: 'auth/accounts/activate',
    module: 'auth',
    summary: 'Quản lý tài khoản: kích hoạt tài khoản đã xác thực email',
    access: staff,
    request: oneAccount,
    response: plainReply,
  }),
  lockAccount: defineCall({
    path: 'auth/accounts/lock',
    module: 'auth',
    summary: 'Quản lý tài khoản: khóa tài khoản (các phiên đăng nhập kết thúc)',
    access: staff,
    request: oneAccount,
    response: plainReply,
  }),
  unlockAccount: defineCall({
    path: 'auth/accounts/unlock',
    module: 'auth',
    summary: 'Quản lý tài khoản: mở khóa tài khoản',
    access: staff,
    request: oneAccount,
    response: plainReply,
  }),
  sendPasswordReset: defineCall({
    path: 'auth/accounts/resetPassword',
    module: 'auth',
    summary: 'Quản lý tài khoản: gửi thư đặt lại mật khẩu đến email của tài khoản',
    access: staff,
    request: oneAccount,
    response: plainReply,
  }),
  updateAccount: defineCall({
    path: 'auth/accounts/update',
    module: 'auth',
    summary: 'Quản lý tài khoản: nhóm người dùng và cảng của tài khoản (không cấp quá quyền của mình)',
    access: staff,
    request: oneAccount.extend({
      UserGroupCode: z.string({ error: accountMessages.groupUnknown }).trim().min(1, accountMessages.groupUnknown).max(50),
      TerminalCodes: z
        .array(z.string().trim().max(10), { error: accountMessages.terminalsRequired })
        .min(1, accountMessages.terminalsRequired)
        .max(50),
    }),
    response: plainReply,
  }),
};
