import { releasedVersionLimit } from '@smartport/contract';
import { and, desc, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { versions } from '../../db/schema';

/** What the site configuration reads itself (the version grid's rows are written by the grid registry). */
export function createSiteConfigRepository(db: Db) {
  return {
    /** The versions released by `at` (ReleaseDate set and come), newest first; ties by code, newest code first. */
    async releasedVersions(at: Date) {
      return db
        .select({ VersionCode: versions.VersionCode, VersionName: versions.VersionName, ReleaseDate: versions.ReleaseDate })
        .from(versions)
        .where(and(isNotNull(versions.ReleaseDate), lte(versions.ReleaseDate, at)))
        .orderBy(desc(versions.ReleaseDate), desc(versions.VersionCode))
        .limit(releasedVersionLimit);
    },
  };
}
export type SiteConfigRepository = ReturnType<typeof createSiteConfigRepository>;
