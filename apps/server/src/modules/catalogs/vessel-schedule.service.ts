import type { AuthUser } from '../../http/context';
import { scopeTerminals } from '../../security/terminal-scope';
import type { VesselScheduleRepository } from './vessel-schedule.repository';

const DAY = 86_400_000;

export interface VesselScheduleFilter {
  TerminalCode?: string | undefined;
  VesselName?: string | undefined;
  FromDate?: Date | undefined;
  ToDate?: Date | undefined;
}

/** Vessel calls of the caller's terminals; without dates, a week back to a month ahead (by ETB). */
export function createVesselScheduleService(repo: VesselScheduleRepository) {
  return {
    list(user: AuthUser, f: VesselScheduleFilter, now = Date.now()) {
      return repo.list(scopeTerminals(user, f.TerminalCode ?? null), {
        VesselName: f.VesselName,
        from: f.FromDate ?? new Date(now - 7 * DAY),
        to: f.ToDate ?? new Date(now + 30 * DAY),
      });
    },
  };
}
export type VesselScheduleService = ReturnType<typeof createVesselScheduleService>;
