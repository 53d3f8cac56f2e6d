import { and, asc, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vesselVoyages } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { inTerminals } from '../../security/terminal-scope';

export function createVesselScheduleRepository(db: Db) {
  return {
    async list(terminals: string[], f: { VesselName?: string | undefined; from: Date; to: Date }) {
      const where: SQL[] = [
        inTerminals(vesselVoyages.TerminalCode, terminals),
        gte(vesselVoyages.ETB, f.from),
        lte(vesselVoyages.ETB, f.to),
      ];
      if (f.VesselName) where.push(containsText(vesselVoyages.VesselName, f.VesselName));
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
        ETA: r.ETA?.toISOString() ?? null,
        ETB: r.ETB?.toISOString() ?? null,
        ETD: r.ETD?.toISOString() ?? null,
      }));
    },
  };
}
export type VesselScheduleRepository = ReturnType<typeof createVesselScheduleRepository>;
