import { and, asc, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vesselVoyages } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { inTerminals } from '../../security/terminal-scope';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Voyages of the caller's terminals within `range` (conditions on the voyage's dates), optionally by a part of the
 * vessel name, in berthing order, at most 2,000: the vessel schedule and the customs vessel picker both read this.
 */
export async function selectVoyages(db: Db, terminals: string[], range: SQL[], vesselName?: string) {
  const where: SQL[] = [inTerminals(vesselVoyages.TerminalCode, terminals), ...range];
  if (vesselName) where.push(containsText(vesselVoyages.VesselName, vesselName));
  const rows = await db
    .select()
    .from(vesselVoyages)
    .where(and(...where))
    .orderBy(asc(vesselVoyages.ETB))
    .limit(2000);
  return rows.map((r) => ({
    VesselKey: r.VesselKey,
    TerminalCode: r.TerminalCode,
    VesselName: r.VesselName,
    VesselImVoy: r.VesselImVoy,
    VesselExVoy: r.VesselExVoy,
    OperationCode: r.OperationCode,
    ETA: iso(r.ETA),
    ETB: iso(r.ETB),
    ETD: iso(r.ETD),
  }));
}

export function createVesselScheduleRepository(db: Db) {
  return {
    list(terminals: string[], f: { VesselName?: string | undefined; from: Date; to: Date }) {
      return selectVoyages(db, terminals, [gte(vesselVoyages.ETB, f.from), lte(vesselVoyages.ETB, f.to)], f.VesselName);
    },
  };
}
export type VesselScheduleRepository = ReturnType<typeof createVesselScheduleRepository>;
