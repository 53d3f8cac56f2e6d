import { type CallInput, calls } from '@smartport/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type LoginInput = CallInput<typeof calls.auth.login>;

/** Signs in with user name and password; the login page keeps the session and reloads the user's data. */
export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => callApi(calls.auth.login, input) });
}
