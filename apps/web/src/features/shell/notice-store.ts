import { useSyncExternalStore } from 'react';

/** Shared by the header's bell and the banner: whether the list is open, and a tick when notices are read. */
interface NoticeUiState {
  listOpen: boolean;
  readTick: number;
}

let state: NoticeUiState = { listOpen: false, readTick: 0 };
const listeners = new Set<() => void>();

function set(next: Partial<NoticeUiState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const noticeUi = {
  openList: () => set({ listOpen: true }),
  closeList: () => set({ listOpen: false }),
  read: () => set({ readTick: state.readTick + 1 }),
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useNoticeUi = () => useSyncExternalStore(subscribe, () => state);
