import type { CallInput, calls } from '@smartport/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type LoginCall = typeof calls.auth.login;
export type LoginInput = CallInput<LoginCall>;

/**
 * `auth/login` as the client sends it (path and access; the client never reads a call's schemas): the login page
 * loads neither zod nor the whole contract (/login's budget: ≤ 200 KB). apps/web/test checks it is the contract's call.
 */
export const loginCall = { path: 'auth/login', access: { kind: 'public' } } as const satisfies Pick<LoginCall, 'path' | 'access'>;

/** Signs in with user name and password; the login page keeps the session and reloads the user's data. */
export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => callApi<LoginCall>(loginCall as unknown as LoginCall, input) });
}
