import { calls } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { session } from '../lib/session';

export function useMe() {
  return useQuery({
    queryKey: ['auth', 'me'],
    queryFn: async () => {
      const reply = await callApi(calls.auth.me, {});
      if (reply.payload) session.save({ ...reply.payload, access_token: session.token() ?? reply.payload.access_token });
      return reply.payload ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useMenu(userGroupCode: string | undefined) {
  return useQuery({
    queryKey: ['shell', 'menu', userGroupCode],
    enabled: !!userGroupCode,
    queryFn: async () => (await callApi(calls.shell.getMenu, { UserGroupCode: userGroupCode })).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

export function useTerminals() {
  return useQuery({
    queryKey: ['shell', 'terminals'],
    queryFn: async () => (await callApi(calls.shell.getTerminalList, {})).payload ?? [],
    staleTime: 10 * 60_000,
  });
}
