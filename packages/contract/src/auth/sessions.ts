import { z } from 'zod';
import { menuAccess, signedIn } from '../access';
import { defineCall } from '../call';
import { noPayload, optionalBody, plainReply, replyWith } from '../reply';
import { totpCodeInput, totpEnrolment } from './calls';

/** Texts of the second factor, the sessions and the login history (project wording; the spec has none). */
export const accountSecurityMessages = {
  codeWrong: 'Mã xác thực không đúng hoặc đã được sử dụng.',
  challengeGone: 'Phiên xác thực đã hết hạn, vui lòng đăng nhập lại.',
  notEnrolling: 'Vui lòng bấm "Bật xác thực hai lớp" để tạo mã mới.',
  alreadyOn: 'Xác thực hai lớp đã được bật.',
  notOn: 'Xác thực hai lớp chưa được bật.',
  requiredCannotDisable: 'Tài khoản của bạn bắt buộc dùng xác thực hai lớp, không thể tắt.',
  enabled: 'Đã bật xác thực hai lớp.',
  disabled: 'Đã tắt xác thực hai lớp.',
  sessionEnded: 'Đã kết thúc phiên đăng nhập.',
  sessionNotFound: 'Không tìm thấy phiên đăng nhập.',
} as const;

/** What became of a login attempt (login_history.Result). */
export const loginResults = ['ok', 'wrong_password', 'locked', 'totp_failed', 'inactive'] as const;
export type LoginResult = (typeof loginResults)[number];
export const loginResultNames: Record<LoginResult, string> = {
  ok: 'Thành công',
  wrong_password: 'Sai mật khẩu',
  locked: 'Bị khóa tạm thời',
  totp_failed: 'Sai mã xác thực',
  inactive: 'Tài khoản bị khóa',
};

/** One live session (not ended, not expired). Times ISO. */
export const sessionRow = z.object({
  Jti: z.string(),
  UserID: z.string(),
  UserName: z.string(),
  ClientIp: z.string().nullable(),
  UserAgent: z.string().nullable(),
  CreatedTime: z.string(),
  LastUsedAt: z.string().nullable(),
  ExpiresAt: z.string(),
  /** The session making this call. */
  Current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

export const loginHistoryRow = z.object({
  Rowguid: z.string(),
  UserID: z.string(),
  AttemptTime: z.string(),
  ClientIp: z.string().nullable(),
  UserAgent: z.string().nullable(),
  Result: z.enum(loginResults),
});
export type LoginHistoryRow = z.infer<typeof loginHistoryRow>;

/** The newest login attempts a list shows. */
export const LOGIN_HISTORY_LIMIT = 500;

export const totpStatus = z.object({
  enabled: z.boolean(),
  /** A setting ('Cấu hình cảng' of one of the user's terminals) makes it required for the user's group. */
  required: z.boolean(),
  recoveryLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

const own = menuAccess('PERSONAL_SESSIONS');
const anyone = menuAccess('SYS_SESSIONS');
const jti = z.object({ Jti: z.uuid({ error: 'Mã phiên đăng nhập không hợp lệ' }) });
const userFilter = optionalBody(z.object({ UserID: z.string().trim().max(60, 'Tên đăng nhập tối đa 60 ký tự').optional() }));

export const accountSecurityCalls = {
  totpStatus: defineCall({
    path: 'auth/totp/status',
    module: 'auth',
    summary: 'Trạng thái xác thực hai lớp (TOTP) của người dùng: đã bật, bắt buộc, số mã khôi phục còn lại',
    access: signedIn,
    request: noPayload,
    response: replyWith({ payload: totpStatus.optional() }),
  }),
  totpBegin: defineCall({
    path: 'auth/totp/begin',
    module: 'auth',
    summary: 'Bắt đầu bật xác thực hai lớp: tạo khóa bí mật mới (mã QR otpauth://), chờ xác nhận bằng một mã',
    access: signedIn,
    request: noPayload,
    response: replyWith({ payload: totpEnrolment.optional() }),
  }),
  totpConfirm: defineCall({
    path: 'auth/totp/confirm',
    module: 'auth',
    summary: 'Xác nhận bật xác thực hai lớp bằng một mã TOTP; trả về 10 mã khôi phục (chỉ hiện một lần)',
    access: signedIn,
    request: z.object({ Code: totpCodeInput }),
    response: replyWith({ recovery_codes: z.array(z.string()).optional() }),
  }),
  totpDisable: defineCall({
    path: 'auth/totp/disable',
    module: 'auth',
    summary: 'Tắt xác thực hai lớp bằng một mã TOTP hoặc mã khôi phục',
    access: signedIn,
    request: z.object({ Code: totpCodeInput }),
    response: plainReply,
  }),
  mySessions: defineCall({
    path: 'auth/sessions/mine',
    module: 'auth',
    summary: 'Các phiên đăng nhập đang mở của người dùng',
    access: own,
    request: noPayload,
    response: replyWith({ payload: z.array(sessionRow).optional() }),
  }),
  endMySession: defineCall({
    path: 'auth/sessions/end',
    module: 'auth',
    summary: 'Kết thúc một phiên đăng nhập của chính người dùng (mã thông báo của phiên bị từ chối ngay)',
    access: own,
    request: jti,
    response: plainReply,
  }),
  myLoginHistory: defineCall({
    path: 'auth/history/mine',
    module: 'auth',
    summary: 'Lịch sử đăng nhập của người dùng (500 lần gần nhất)',
    access: own,
    request: noPayload,
    response: replyWith({ payload: z.array(loginHistoryRow).optional() }),
  }),
  allSessions: defineCall({
    path: 'auth/sessions/all',
    module: 'auth',
    summary: 'Quản trị: các phiên đăng nhập đang mở của mọi người dùng (lọc theo tên đăng nhập)',
    access: anyone,
    request: userFilter,
    response: replyWith({ payload: z.array(sessionRow).optional() }),
  }),
  endAnySession: defineCall({
    path: 'auth/sessions/endAny',
    module: 'auth',
    summary: 'Quản trị: kết thúc phiên đăng nhập của bất kỳ người dùng nào',
    access: anyone,
    request: jti,
    response: plainReply,
  }),
  allLoginHistory: defineCall({
    path: 'auth/history/all',
    module: 'auth',
    summary: 'Quản trị: lịch sử đăng nhập của mọi người dùng (lọc theo tên đăng nhập, 500 lần gần nhất)',
    access: anyone,
    request: userFilter,
    response: replyWith({ payload: z.array(loginHistoryRow).optional() }),
  }),
};
