import { clientCalls } from '@smartport/contract/client-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { session } from './session';

/**
 * The signed-in user, their menu and their terminals: read by the shell, the view resolution and several features,
 * so they live here rather than in one feature's api.ts (features never import each other).
 * Their keys start with 'auth' / 'shell': a terminal change reloads every other query but these.
 */
export const sessionKeys = {
  me: ['auth', 'me'] as const,
  menu: (userGroupCode: string | undefined) => ['shell', 'menu', userGroupCode] as const,
  terminals: ['shell', 'terminals'] as const,
};

export function useMe() {
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: async () => {
      const reply = await callApi(clientCalls.auth.me, {});
      if (reply.payload) session.save({ ...reply.payload, access_token: session.token() ?? reply.payload.access_token });
      return reply.payload ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useMenu(userGroupCode: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.menu(userGroupCode),
    enabled: !!userGroupCode,
    queryFn: async () => (await callApi(clientCalls.shell.getMenu, { UserGroupCode: userGroupCode })).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

export function useTerminals() {
  return useQuery({
    queryKey: sessionKeys.terminals,
    queryFn: async () => (await callApi(clientCalls.shell.getTerminalList, {})).payload ?? [],
    staleTime: 10 * 60_000,
  });
}
