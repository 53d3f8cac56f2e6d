import type { ModuleHandlers } from '../../http/call-registry';
import type { AuthService } from './auth.service';

export function authHandlers(auth: AuthService): ModuleHandlers<'auth'> {
  return {
    login: async (input, ctx) => {
      const { token, user } = await auth.login(input.UserID, input.Password, ctx.ip);
      return { success: true, access_token: token, payload: user };
    },
    me: async (_input, ctx) => ({ success: true, payload: auth.toSessionUser(ctx.user, ctx.token ?? '') }),
    logout: async (_input, ctx) => {
      await auth.logout(ctx.user);
      return { success: true, message: 'Đã đăng xuất.' };
    },
  };
}
