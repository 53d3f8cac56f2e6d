import { accountMessages } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import type { AccountSecurityService } from './account-security.service';
import type { AccountsService } from './accounts.service';
import type { AuthService } from './auth.service';

export function authHandlers(auth: AuthService, security: AccountSecurityService, accounts: AccountsService): ModuleHandlers<'auth'> {
  return {
    login: async (input, ctx) => {
      const out = await auth.login(input.UserID, input.Password, ctx.ip, ctx.userAgent);
      if ('secondFactor' in out)
        return { success: true, second_factor: out.secondFactor, challenge: out.challenge, ...(out.enrol ? { enrol: out.enrol } : {}) };
      return { success: true, access_token: out.token, payload: out.user };
    },
    loginTotp: async (input, ctx) => {
      const out = await auth.loginTotp(input.challenge, input.Code, ctx.ip, ctx.userAgent);
      return {
        success: true,
        access_token: out.token,
        payload: out.user,
        ...(out.recoveryCodes ? { recovery_codes: out.recoveryCodes } : {}),
      };
    },
    me: async (_input, ctx) => ({ success: true, payload: auth.toSessionUser(ctx.user, ctx.token ?? '') }),
    logout: async (_input, ctx) => {
      await auth.logout(ctx.user);
      return { success: true, message: 'Đã đăng xuất.' };
    },
    totpStatus: async (_input, ctx) => ({ success: true, payload: await security.totpStatus(ctx.user) }),
    totpBegin: async (_input, ctx) => ({ success: true, payload: await security.totpBegin(ctx.user) }),
    totpConfirm: async (input, ctx) => ({
      success: true,
      message: 'Đã bật xác thực hai lớp.',
      recovery_codes: await security.totpConfirm(ctx.user, input.Code),
    }),
    totpDisable: async (input, ctx) => {
      await security.totpDisable(ctx.user, input.Code);
      return { success: true, message: 'Đã tắt xác thực hai lớp.' };
    },
    mySessions: async (_input, ctx) => ({ success: true, payload: await security.mySessions(ctx.user) }),
    endMySession: (input, ctx) => security.endMySession(ctx.user, input.Jti),
    myLoginHistory: async (_input, ctx) => ({ success: true, payload: await security.myHistory(ctx.user) }),
    allSessions: async (input, ctx) => ({ success: true, payload: await security.allSessions(ctx.user, input.UserID) }),
    endAnySession: (input) => security.endAnySession(input.Jti),
    allLoginHistory: async (input) => ({ success: true, payload: await security.allHistory(input.UserID) }),
    registerTerminals: async () => ({ success: true, payload: await accounts.registerTerminals() }),
    register: async (input, ctx) => {
      await accounts.register(input, ctx.ip);
      return { success: true, message: accountMessages.registered };
    },
    verifyEmail: async (input) => {
      const { active } = await accounts.verifyEmail(input.token);
      return { success: true, active, message: active ? accountMessages.verifiedActive : accountMessages.verifiedPending };
    },
    forgotPassword: async (input, ctx) => {
      await accounts.forgotPassword(input.Identifier, ctx.ip);
      return { success: true, message: accountMessages.resetSent };
    },
    resetPassword: async (input) => {
      await accounts.resetPassword(input.token, input.Password);
      return { success: true, message: accountMessages.resetDone };
    },
    listAccounts: async (input, ctx) => ({ success: true, payload: await accounts.list(ctx.user, input) }),
    accountOptions: async (_input, ctx) => ({ success: true, payload: await accounts.options(ctx.user) }),
    activateAccount: async (input, ctx) => {
      await accounts.activate(ctx.user, input.UserID);
      return { success: true, message: accountMessages.activated };
    },
    lockAccount: async (input, ctx) => {
      await accounts.lock(ctx.user, input.UserID);
      return { success: true, message: accountMessages.locked };
    },
    unlockAccount: async (input, ctx) => {
      await accounts.unlock(ctx.user, input.UserID);
      return { success: true, message: accountMessages.unlocked };
    },
    sendPasswordReset: async (input, ctx) => {
      await accounts.sendPasswordReset(ctx.user, input.UserID);
      return { success: true, message: accountMessages.resetMailed };
    },
    updateAccount: async (input, ctx) => {
      await accounts.update(ctx.user, input);
      return { success: true, message: accountMessages.saved };
    },
  };
}
