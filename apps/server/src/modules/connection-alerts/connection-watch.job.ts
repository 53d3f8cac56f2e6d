import type { Job, SchedulerLog } from '../../jobs/scheduler';

export const CONNECTION_WATCH = 'connections.watch';

/**
 * Looks at the connection to the TOS every minute (a test login with the portal's TOS account): the TOS is the one
 * external system the portal would otherwise not call for long stretches, so an outage is noticed (and mailed,
 * through the watched adapter) before a user meets it. Payment partners and the e-invoice provider are watched on
 * their real calls.
 */
export function connectionWatchJob(check: () => Promise<{ ok: boolean; failure?: string }>, log: SchedulerLog, everyMs = 60_000): Job {
  return {
    name: CONNECTION_WATCH,
    everyMs,
    async run() {
      const r = await check();
      if (!r.ok) log.warn({ job: CONNECTION_WATCH, failure: r.failure }, 'TOS connection failed');
    },
  };
}
