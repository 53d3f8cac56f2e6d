import { z } from 'zod';
import { publicAccess, signedIn } from '../access';
import { defineCall } from '../call';
import { noPayload, plainReply, replyWith } from '../reply';

export const secondFactor = z.enum(['totp', 'enrol']);
export type SecondFactor = z.infer<typeof secondFactor>;

/** A new TOTP secret to enrol: base32 text to type and the otpauth:// URI the QR code carries. */
export const totpEnrolment = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** A 6-digit TOTP code or a recovery code (spaces and dashes are ignored by the server). */
export const totpCodeInput = z
  .string({ error: 'Vui lòng nhập mã xác thực' })
  .trim()
  .min(1, 'Vui lòng nhập mã xác thực')
  .max(30, 'Mã xác thực tối đa 30 ký tự');

/** The signed-in user as the browser keeps it (spec 01 §3: TerminalCode as a comma list). */
export const sessionUser = z.object({
  UserID: z.string(),
  UserName: z.string(),
  UserGroupCode: z.string(),
  UserGroupName: z.string(),
  Rank: z.number().int(),
  TerminalCode: z.string().describe('Mã cảng, phân cách bằng dấu phẩy'),
  CustomerCode: z.string().nullable(),
  Email: z.string().nullable(),
  access_token: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const login = defineCall({
  path: 'auth/login',
  module: 'auth',
  summary: 'Đăng nhập bằng tên đăng nhập và mật khẩu',
  access: publicAccess,
  request: z.object({
    UserID: z.string().trim().min(1, 'Vui lòng nhập tên đăng nhập').max(50),
    Password: z.string().min(1, 'Vui lòng nhập mật khẩu').max(200),
  }),
  response: replyWith({
    access_token: z.string().optional(),
    payload: sessionUser.optional(),
    /** The password was right and a second step comes: a TOTP code ('totp'), or enrolment first ('enrol'). */
    second_factor: secondFactor.optional(),
    /** What `auth/login/totp` is sent with (valid a few minutes, once). */
    challenge: z.string().optional(),
    /** For 'enrol': the new secret to scan. */
    enrol: totpEnrolment.optional(),
  }),
});

/** The second step of a login: the TOTP code (or a recovery code) for the challenge the password step gave. */
export const loginTotp = defineCall({
  path: 'auth/login/totp',
  module: 'auth',
  summary: 'Đăng nhập bước 2: mã xác thực TOTP (hoặc mã khôi phục) cho thử thách của bước mật khẩu',
  access: publicAccess,
  request: z.object({
    challenge: z.string().min(1, 'Phiên xác thực không hợp lệ, vui lòng đăng nhập lại').max(200),
    Code: totpCodeInput,
  }),
  response: replyWith({
    access_token: z.string().optional(),
    payload: sessionUser.optional(),
    /** After an enrolment at login: the recovery codes, shown this once. */
    recovery_codes: z.array(z.string()).optional(),
  }),
});

export const me = defineCall({
  path: 'auth/me',
  module: 'auth',
  summary: 'Thông tin người dùng đang đăng nhập',
  access: signedIn,
  request: noPayload,
  response: replyWith({ payload: sessionUser.optional() }),
});

export const logout = defineCall({
  path: 'auth/logout',
  module: 'auth',
  summary: 'Đăng xuất (thu hồi phiên đăng nhập)',
  access: signedIn,
  request: noPayload,
  response: plainReply,
});
