/** What identifies a notice as read: its row and its words (an edited notice is new again). */
export interface NoticeLike {
  Rowguid: string;
  MailTitle: string;
  NotifyContent: string | null;
}

/** FNV-1a, enough to tell two versions of one notice apart. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export const noticeFingerprint = (n: NoticeLike) => `${n.Rowguid}:${hash(`${n.MailTitle}\u0000${n.NotifyContent ?? ''}`)}`;

const storageKey = (userId: string) => `sp.notices.seen.${userId}`;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function readSeen(store: KeyValueStore, userId: string): Set<string> {
  try {
    const raw = JSON.parse(store.getItem(storageKey(userId)) ?? '[]') as unknown;
    return new Set(Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export const unseenNotices = <T extends NoticeLike>(notices: readonly T[], seen: ReadonlySet<string>) =>
  notices.filter((n) => !seen.has(noticeFingerprint(n)));

/**
 * Marks notices as read by this user in this browser. Only notices still active are remembered,
 * so the list never grows past what the server shows.
 */
export function markSeen(store: KeyValueStore, userId: string, read: readonly NoticeLike[], active: readonly NoticeLike[]): Set<string> {
  const activeIds = new Set(active.map(noticeFingerprint));
  const next = new Set([...readSeen(store, userId)].filter((id) => activeIds.has(id)));
  for (const n of read) next.add(noticeFingerprint(n));
  try {
    store.setItem(storageKey(userId), JSON.stringify([...next]));
  } catch {
    // Storage full or blocked: the notices show again next time, nothing else breaks.
  }
  return next;
}
