import { z } from 'zod';
import { publicAccess, signedIn } from '../access';
import { defineCall } from '../call';
import { noPayload, plainReply, replyWith } from '../reply';

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
  response: replyWith({ access_token: z.string().optional(), payload: sessionUser.optional() }),
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
