import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const TOS_ORDER_IMPORT = 'stats.tos-orders';

/**
 * Imports the TOS-side orders from the TOS order feed (modules/stats/tos-orders.service.ts) every
 * 5 minutes, once across all instances; the feed's cursor is the high-water mark.
 */
export function tosOrderImportJob(
  tos: { importNew(): Promise<{ ok: boolean; imported: number; failure?: string }> },
  log: SchedulerLog,
  everyMs = 5 * 60_000,
): Job {
  return {
    name: TOS_ORDER_IMPORT,
    everyMs,
    async run() {
      const r = await tos.importNew();
      if (!r.ok && r.failure !== 'not_configured') log.warn({ job: TOS_ORDER_IMPORT, ...r }, 'TOS order feed unavailable');
      else if (r.imported) log.info({ job: TOS_ORDER_IMPORT, imported: r.imported }, 'TOS orders imported');
    },
  };
}
