import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const UPLOAD_CLEANUP = 'uploads.cleanup';

/**
 * Removes upload folders never registered: older than the grace period (UPLOAD_FOLDER_GRACE_HOURS) and used
 * by no declaration, with their files through the upload store (docs/decisions.md). Every hour, once across
 * instances; a run stops at a safe point when the portal closes.
 */
export function uploadCleanupJob(
  declarations: { removeAbandonedFolders(signal?: AbortSignal): Promise<{ checked: number; removed: number }> },
  log: SchedulerLog,
  everyMs = 3_600_000,
): Job {
  return {
    name: UPLOAD_CLEANUP,
    everyMs,
    async run(signal) {
      const r = await declarations.removeAbandonedFolders(signal);
      if (r.checked) log.info({ job: UPLOAD_CLEANUP, ...r }, 'abandoned upload folders removed');
    },
  };
}
