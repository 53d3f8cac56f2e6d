import { z } from 'zod';
import { signedIn } from '../access';
import { defineCall } from '../call';
import { gridCallTable } from '../grid/resource';
import { optionalBody, replyWith } from '../reply';
import { callsOf } from '../settings-form/settings-form';
import { mainConfig } from './main-config';
import { contactGrid, versionGrid } from './site-config';

/** The version and contact grids: the server derives their handlers from this list. */
export const siteConfigGrids = [versionGrid, contactGrid] as const;

/** One released version as its release note: a row of 'Phiên bản' whose ReleaseDate has come. */
export const releasedVersion = z.object({ VersionCode: z.string(), VersionName: z.string(), ReleaseDate: z.string() });
export type ReleasedVersion = z.infer<typeof releasedVersion>;

/** How many release notes the version check reads (the newest first). */
export const releasedVersionLimit = 50;

/**
 * The version check's call (spec 01 §2, every 24 h): the released versions, newest first. The newest is the version a
 * signed-in user should be on; those released after the one the user last saw are 'Có gì mới'.
 */
export const releasedVersions = defineCall({
  path: 'config/releasedVersions',
  module: 'siteConfig',
  summary: 'Các phiên bản đã phát hành, mới nhất trước (ghi chú phát hành của thông báo phiên bản mới)',
  access: signedIn,
  request: optionalBody(z.object({})),
  response: replyWith({ payload: z.array(releasedVersion).optional() }),
});

/** `calls.siteConfig`: the grids' calls, the main config form's and the version check's. */
export const siteConfigCalls = { ...gridCallTable(...siteConfigGrids), ...callsOf([mainConfig]), releasedVersions } as const;
