import type { AccountState, CallInput, ClientCall, calls } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type LoginCall = typeof calls.auth.login;
export type LoginInput = CallInput<LoginCall>;
type LoginTotpCall = typeof calls.auth.loginTotp;
export type LoginTotpInput = CallInput<LoginTotpCall>;

/**
 * `auth/login` as the client sends it (path and access; the client never reads a call's schemas): the login page
 * loads neither zod nor the whole contract (/login's budget: ≤ 200 KB). apps/web/test checks it is the contract's call.
 */
export const loginCall = { path: 'auth/login', access: { kind: 'public' } } as const satisfies Pick<LoginCall, 'path' | 'access'>;
/** `auth/login/totp` likewise: the second step (a TOTP code or a recovery code for the password step's challenge). */
export const loginTotpCall = { path: 'auth/login/totp', access: { kind: 'public' } } as const satisfies Pick<
  LoginTotpCall,
  'path' | 'access'
>;

/** Signs in with user name and password; the login page keeps the session and reloads the user's data. */
export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => callApi<LoginCall>(loginCall as unknown as LoginCall, input) });
}

/** The second step of a login: the code for the challenge; answers the session (and, after an enrolment, recovery codes). */
export function useLoginTotp() {
  return useMutation({
    mutationFn: (input: LoginTotpInput) => callApi<LoginTotpCall>(loginTotpCall as unknown as LoginTotpCall, input),
  });
}

type AuthCalls = typeof calls.auth;
const clientCall = <K extends keyof AuthCalls>(
  path: AuthCalls[K]['path'],
  kind: AuthCalls[K]['access']['kind'],
): ClientCall<AuthCalls[K]> => ({
  path,
  access: { kind },
});

/**
 * The profile's and 'Phiên đăng nhập''s calls, schema-free like the login's (this file is on the login page's path):
 * apps/web/test checks each is the contract's call.
 */
export const accountCalls = {
  totpStatus: clientCall<'totpStatus'>('auth/totp/status', 'authenticated'),
  totpBegin: clientCall<'totpBegin'>('auth/totp/begin', 'authenticated'),
  totpConfirm: clientCall<'totpConfirm'>('auth/totp/confirm', 'authenticated'),
  totpDisable: clientCall<'totpDisable'>('auth/totp/disable', 'authenticated'),
  mySessions: clientCall<'mySessions'>('auth/sessions/mine', 'menu'),
  endMySession: clientCall<'endMySession'>('auth/sessions/end', 'menu'),
  myLoginHistory: clientCall<'myLoginHistory'>('auth/history/mine', 'menu'),
  allSessions: clientCall<'allSessions'>('auth/sessions/all', 'menu'),
  endAnySession: clientCall<'endAnySession'>('auth/sessions/endAny', 'menu'),
  allLoginHistory: clientCall<'allLoginHistory'>('auth/history/all', 'menu'),
  // Registration, verification and password reset (public pages) and 'Quản lý tài khoản'.
  registerTerminals: clientCall<'registerTerminals'>('auth/register/terminals', 'public'),
  register: clientCall<'register'>('auth/register', 'public'),
  verifyEmail: clientCall<'verifyEmail'>('auth/verifyEmail', 'public'),
  forgotPassword: clientCall<'forgotPassword'>('auth/forgotPassword', 'public'),
  resetPassword: clientCall<'resetPassword'>('auth/resetPassword', 'public'),
  listAccounts: clientCall<'listAccounts'>('auth/accounts/list', 'menu'),
  accountOptions: clientCall<'accountOptions'>('auth/accounts/options', 'menu'),
  activateAccount: clientCall<'activateAccount'>('auth/accounts/activate', 'menu'),
  lockAccount: clientCall<'lockAccount'>('auth/accounts/lock', 'menu'),
  unlockAccount: clientCall<'unlockAccount'>('auth/accounts/unlock', 'menu'),
  sendPasswordReset: clientCall<'sendPasswordReset'>('auth/accounts/resetPassword', 'menu'),
  updateAccount: clientCall<'updateAccount'>('auth/accounts/update', 'menu'),
};

export const accountKeys = {
  totp: () => ['auth', 'totp'] as const,
  sessions: (scope: 'mine' | 'all', user: string) => ['auth', 'sessions', scope, user] as const,
  history: (scope: 'mine' | 'all', user: string) => ['auth', 'history', scope, user] as const,
};

/** The user's second factor: on or off, required or not, recovery codes left. */
export function useTotpStatus() {
  return useQuery({
    queryKey: accountKeys.totp(),
    queryFn: async ({ signal }) => (await callApi(accountCalls.totpStatus, {}, { signal })).payload ?? null,
  });
}

export function useTotpBegin() {
  return useMutation({ mutationFn: async () => (await callApi(accountCalls.totpBegin, {})).payload ?? null });
}

export function useTotpConfirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CallInput<typeof calls.auth.totpConfirm>) =>
      (await callApi(accountCalls.totpConfirm, input)).recovery_codes ?? [],
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.totp() }),
  });
}

export function useTotpDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.auth.totpDisable>) => callApi(accountCalls.totpDisable, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.totp() }),
  });
}

/** Live sessions: the user's own, or (administrators) everyone's, filtered by user name. */
export function useSessions(scope: 'mine' | 'all', user: string) {
  return useQuery({
    queryKey: accountKeys.sessions(scope, user),
    queryFn: async ({ signal }) =>
      (scope === 'mine'
        ? await callApi(accountCalls.mySessions, {}, { signal })
        : await callApi(accountCalls.allSessions, user ? { UserID: user } : {}, { signal })
      ).payload ?? [],
  });
}

export function useEndSession(scope: 'mine' | 'all') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Jti: string) =>
      scope === 'mine' ? callApi(accountCalls.endMySession, { Jti }) : callApi(accountCalls.endAnySession, { Jti }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
}

export function useLoginHistory(scope: 'mine' | 'all', user: string) {
  return useQuery({
    queryKey: accountKeys.history(scope, user),
    queryFn: async ({ signal }) =>
      (scope === 'mine'
        ? await callApi(accountCalls.myLoginHistory, {}, { signal })
        : await callApi(accountCalls.allLoginHistory, user ? { UserID: user } : {}, { signal })
      ).payload ?? [],
  });
}

/** 'Đăng ký tài khoản', the verification link, 'Quên mật khẩu?' and the reset link: public calls. */
export function useRegisterTerminals() {
  return useQuery({
    queryKey: ['auth', 'registerTerminals'],
    queryFn: async ({ signal }) => (await callApi(accountCalls.registerTerminals, {}, { signal })).payload ?? [],
    staleTime: 300_000,
  });
}
export const useRegister = () =>
  useMutation({ mutationFn: (input: CallInput<AuthCalls['register']>) => callApi(accountCalls.register, input) });
export const useVerifyEmail = () => useMutation({ mutationFn: (token: string) => callApi(accountCalls.verifyEmail, { token }) });
export const useForgotPassword = () =>
  useMutation({ mutationFn: (Identifier: string) => callApi(accountCalls.forgotPassword, { Identifier }) });
export const useResetPassword = () =>
  useMutation({ mutationFn: (input: CallInput<AuthCalls['resetPassword']>) => callApi(accountCalls.resetPassword, input) });

const accountsKeys = {
  all: ['auth', 'accounts'] as const,
  list: (State: AccountState | undefined, Text: string) => ['auth', 'accounts', 'list', State ?? '', Text] as const,
  options: () => ['auth', 'accounts', 'options'] as const,
};

/** 'Quản lý tài khoản': the accounts the user manages. */
export function useAccounts(State: AccountState | undefined, Text: string) {
  return useQuery({
    queryKey: accountsKeys.list(State, Text),
    queryFn: async ({ signal }) =>
      (await callApi(accountCalls.listAccounts, { ...(State ? { State } : {}), ...(Text ? { Text } : {}) }, { signal })).payload ?? [],
  });
}

export function useAccountOptions() {
  return useQuery({
    queryKey: accountsKeys.options(),
    queryFn: async ({ signal }) => (await callApi(accountCalls.accountOptions, {}, { signal })).payload ?? { groups: [], terminals: [] },
    staleTime: 60_000,
  });
}

type Action = 'activateAccount' | 'lockAccount' | 'unlockAccount' | 'sendPasswordReset';
/** One of the row's actions; the list is read again after it. */
export function useAccountAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, UserID }: { action: Action; UserID: string }) =>
      // The four calls take the same request and answer the same reply.
      callApi(accountCalls[action] as (typeof accountCalls)['activateAccount'], { UserID }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountsKeys.all }),
  });
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<AuthCalls['updateAccount']>) => callApi(accountCalls.updateAccount, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountsKeys.all }),
  });
}
