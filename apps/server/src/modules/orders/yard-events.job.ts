import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const YARD_EVENTS = 'orders.yard-events';

/** Reads the TOS yard-event feeds (allocation, gate, late trucks) every 30 s, once across instances (scheduler's lock). */
export function yardEventsJob(
  yard: { importNew(): Promise<{ read: number; applied: number; failures: { connection: string; failure: string }[] }> },
  log: SchedulerLog,
  everyMs = 30_000,
): Job {
  return {
    name: YARD_EVENTS,
    everyMs,
    async run() {
      const r = await yard.importNew();
      const down = r.failures.filter((f) => f.failure !== 'not_configured');
      if (down.length) log.warn({ job: YARD_EVENTS, failures: down }, 'TOS yard events unavailable');
      if (r.applied) log.info({ job: YARD_EVENTS, read: r.read, applied: r.applied }, 'TOS yard events applied');
    },
  };
}
