import { describe, expect, it } from 'vitest';
import { announcementOf, portDate } from '../src/app/version-notes';

const v = (code: string, day: string) => ({ VersionCode: code, VersionName: `Bản ${code}`, ReleaseDate: `${day}T03:00:00.000Z` });
// Newest first, as config/releasedVersions answers.
const rows = [v('2.3.0', '2026-11-20'), v('2.2.0', '2026-10-01'), v('2.1.0', '2026-09-01')];

describe('the version check: what a user is told (per user and browser)', () => {
  it('a first visit starts at the newest version and is told nothing', () => {
    expect(announcementOf(rows, null, false)).toEqual({ announce: null, startAt: '2.3.0' });
    // No version released yet: remembered as '' so the first one released is news.
    expect(announcementOf([], null, false)).toEqual({ announce: null, startAt: '' });
    expect(announcementOf([v('1.0.0', '2026-11-21')], '', false).announce?.notes.map((n) => n.VersionCode)).toEqual(['1.0.0']);
  });

  it('announces the versions released after the one last seen, newest first', () => {
    const found = announcementOf(rows, '2.1.0', false);
    expect(found.announce?.latest?.VersionCode).toBe('2.3.0');
    expect(found.announce?.notes.map((n) => n.VersionCode)).toEqual(['2.3.0', '2.2.0']);
    expect(found.startAt).toBeNull();
  });

  it('is quiet on the newest version unless the build changed; unasked rows announce only a new build', () => {
    expect(announcementOf(rows, '2.3.0', false).announce).toBeNull();
    expect(announcementOf(rows, '2.3.0', true).announce).toEqual({ latest: rows[0], notes: [] });
    expect(announcementOf(null, null, true)).toEqual({ announce: { latest: null, notes: [] }, startAt: null });
    expect(announcementOf(null, null, false)).toEqual({ announce: null, startAt: null });
  });

  it('a version last seen that is gone: the newest few', () => {
    expect(announcementOf(rows, 'da-xoa', false).announce?.notes).toHaveLength(3);
  });

  it('shows release dates in the port’s day', () => {
    expect(portDate('2026-11-20T18:00:00.000Z')).toBe('21/11/2026');
  });
});
