import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const shellKeys = {
  /** Reloaded when the server says notifications changed (the socket's `notice` event). */
  activeNotices: ['notices', 'active'] as const,
};

/** The notifications shown to every signed-in user: active, and now within their display period. */
export function useActiveNotifyList() {
  return useQuery({
    queryKey: shellKeys.activeNotices,
    queryFn: async ({ signal }) => (await callApi(clientCalls.notices.getActiveNotifyList, {}, { signal })).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** Ends the session on the server; the shell clears the local session whatever the answer. */
export function useLogout() {
  return useMutation({ mutationFn: () => callApi(clientCalls.auth.logout, {}) });
}
