import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const ISSUE_IMAGES_CLEANUP = 'admin.issueImages.cleanup';

/**
 * Removes request images no request holds: uploaded but never saved (older than 24 hours) or taken off a request
 * whose immediate removal failed (docs/decisions.md). Every hour, once across instances.
 */
export function issueImagesCleanupJob(
  issues: { removeAbandonedImages(signal?: AbortSignal): Promise<{ checked: number; removed: number }> },
  log: SchedulerLog,
  everyMs = 3_600_000,
): Job {
  return {
    name: ISSUE_IMAGES_CLEANUP,
    everyMs,
    async run(signal) {
      const r = await issues.removeAbandonedImages(signal);
      if (r.checked) log.info({ job: ISSUE_IMAGES_CLEANUP, ...r }, 'abandoned request images removed');
    },
  };
}
