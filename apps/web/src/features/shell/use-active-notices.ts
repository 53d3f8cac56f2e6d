import { calls } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../lib/api-client';
import { noticeUi, useNoticeUi } from './notice-store';
import { markSeen, type NoticeLike, readSeen, unseenNotices } from './seen-notices';

/** Reloaded when the server says notifications changed (the socket's `notice` event). */
export const activeNoticesKey = ['notices', 'active'] as const;

const none: never[] = [];

/** The active notifications (spec: shown to signed-in users), and which of them this user has not read here. */
export function useActiveNotices(userId: string) {
  const query = useQuery({
    queryKey: activeNoticesKey,
    queryFn: async () => (await callApi(calls.settings.getActiveNotifyList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
  const { readTick } = useNoticeUi();
  const notices = query.data ?? none;
  // biome-ignore lint/correctness/useExhaustiveDependencies: readTick says the stored read list changed.
  const unread = useMemo(() => unseenNotices(notices, readSeen(localStorage, userId)), [notices, userId, readTick]);
  const markRead = (read: readonly NoticeLike[]) => {
    markSeen(localStorage, userId, read, notices);
    noticeUi.read();
  };
  return { query, notices, unread, markRead };
}
