import type { ReleasedVersion } from '@smartport/contract';

/** Where this browser remembers the version a user last saw (per user, per browser). */
export const seenKey = (userId: string) => `versionSeen:${userId}`;

/** DD/MM/YYYY of an instant in the port's time (UTC+7, no daylight saving), without a date library in the first chunk. */
export function portDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** At most this many notes when the version last seen is no longer among the released ones. */
const NOTES_WITHOUT_SEEN = 5;

export interface Announcement {
  /** The newest released version (null when only the build changed). */
  latest: ReleasedVersion | null;
  /** The versions released after the one last seen, newest first: 'Có gì mới'. */
  notes: ReleasedVersion[];
}

/**
 * What the version check announces: `rows` are the released versions newest first (null: not asked), `seen` the version
 * this user last saw here, `buildChanged` whether the served build is newer than the page. `startAt` is the version a
 * user without a remembered one starts from (nothing is announced to them).
 */
export function announcementOf(
  rows: readonly ReleasedVersion[] | null,
  seen: string | null,
  buildChanged: boolean,
): { announce: Announcement | null; startAt: string | null } {
  const latest = rows?.[0] ?? null;
  const onlyBuild = buildChanged ? { latest, notes: [] } : null;
  if (!rows) return { announce: onlyBuild, startAt: null };
  // '' remembers "before any released version": the first row released later is news.
  if (seen == null) return { announce: onlyBuild, startAt: latest?.VersionCode ?? '' };
  if (latest && seen !== latest.VersionCode) {
    const at = rows.findIndex((r) => r.VersionCode === seen);
    const notes = at === -1 ? rows.slice(0, NOTES_WITHOUT_SEEN) : rows.slice(0, at);
    return { announce: { latest, notes }, startAt: null };
  }
  return { announce: onlyBuild, startAt: null };
}
