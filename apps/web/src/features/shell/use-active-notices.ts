import { useMemo } from 'react';
import { useActiveNotifyList } from './api';
import { noticeUi, useNoticeUi } from './notice-store';
import { markSeen, type NoticeLike, readSeen, unseenNotices } from './seen-notices';

const none: never[] = [];

/** The active notifications (spec: shown to signed-in users), and which of them this user has not read here. */
export function useActiveNotices(userId: string) {
  const query = useActiveNotifyList();
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
