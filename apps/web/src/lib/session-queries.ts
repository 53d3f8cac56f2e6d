import type { MenuNode } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { type QueryClient, useQuery } from '@tanstack/react-query';
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

const meQuery = {
  queryKey: sessionKeys.me,
  queryFn: async () => {
    const reply = await callApi(clientCalls.auth.me, {});
    if (reply.payload) session.save({ ...reply.payload, access_token: session.token() ?? reply.payload.access_token });
    return reply.payload ?? null;
  },
  staleTime: 5 * 60_000,
};

const menuQuery = (userGroupCode: string | undefined) => ({
  queryKey: sessionKeys.menu(userGroupCode),
  queryFn: async () => (await callApi(clientCalls.shell.getMenu, { UserGroupCode: userGroupCode })).payload ?? [],
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

export function useMenu(userGroupCode: string | undefined) {
  return useQuery({ ...menuQuery(userGroupCode), enabled: !!userGroupCode });
}

/**
 * Starts reading the signed-in user and their menu as soon as the first chunk runs, beside the frame's chunks rather
 * than after them (the home page's LCP); the frame's `useMe` / `useMenu` find them cached or in flight. The menu of the
 * group kept from sign-in is asked for beside the user, not after; when the user's group has changed since, the
 * menu of the new group is read after (the server answers the token's own group only, so a stale group reads
 * nothing it should not). Failures are left to those hooks (a refused token is handled by the api client either
 * way). Resolves to the menu, if read.
 */
export async function prefetchSession(queryClient: QueryClient): Promise<MenuNode[] | undefined> {
  const kept = session.user()?.UserGroupCode;
  const early = kept ? queryClient.prefetchQuery(menuQuery(kept)) : undefined;
  await queryClient.prefetchQuery(meQuery);
  const group = queryClient.getQueryData<Awaited<ReturnType<typeof meQuery.queryFn>>>(sessionKeys.me)?.UserGroupCode;
  if (!group) return undefined;
  await (group === kept ? early : queryClient.prefetchQuery(menuQuery(group)));
  return queryClient.getQueryData<MenuNode[]>(sessionKeys.menu(group));
}

export function useTerminals(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.terminals,
    enabled,
    queryFn: async () => (await callApi(clientCalls.shell.getTerminalList, {})).payload ?? [],
    staleTime: 10 * 60_000,
  });
}
