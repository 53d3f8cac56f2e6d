import type { PortContainerRecord } from '@smartport/contract';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, containerStatuses, portContainers } from '../../db/schema';
import { inTerminals } from '../../security/terminal-scope';

const p = portContainers;

export function createCompareRepository(db: Db) {
  return {
    /**
     * The latest visit of each given container among the given terminals, with the class and
     * status names of the catalogues: one query for the whole batch.
     */
    async latestVisits(containerNos: readonly string[], terminals: readonly string[]): Promise<PortContainerRecord[]> {
      if (!containerNos.length || !terminals.length) return [];
      const rows = await db
        .selectDistinctOn([p.ContainerNo], {
          TerminalCode: p.TerminalCode,
          ContainerNo: p.ContainerNo,
          ClassName: classes.ClassName,
          IsoSizetype: p.IsoSizetype,
          OperationCode: p.OperationCode,
          FE: p.FE,
          DateIn: p.DateIn,
          DateOut: p.DateOut,
          VesselName: p.VesselName,
          VesselImVoy: p.VesselImVoy,
          VesselExVoy: p.VesselExVoy,
          BLNo: p.BLNo,
          BookingNo: p.BookingNo,
          ContainerStatusName: containerStatuses.ContainerStatusName,
          VesselCode: p.VesselCode,
          CallSeq: p.CallSeq,
          CallYear: p.CallYear,
        })
        .from(p)
        .leftJoin(classes, eq(classes.ClassCode, p.ClassCode))
        .leftJoin(containerStatuses, eq(containerStatuses.ContainerStatusCode, p.ContainerStatusCode))
        .where(and(inArray(p.ContainerNo, [...new Set(containerNos)]), inTerminals(p.TerminalCode, terminals)))
        .orderBy(p.ContainerNo, desc(p.DateIn));
      return rows.map((r) => ({
        ...r,
        DateIn: r.DateIn.toISOString(),
        DateOut: r.DateOut?.toISOString() ?? null,
        CallSeq: r.CallSeq === null ? null : String(r.CallSeq),
        CallYear: r.CallYear === null ? null : String(r.CallYear),
      }));
    },

    /** Which terminals other than `except` have (had) each of the containers: existence only, no visit data. */
    async otherTerminals(
      containerNos: readonly string[],
      except: readonly string[],
    ): Promise<{ ContainerNo: string; TerminalCode: string }[]> {
      if (!containerNos.length) return [];
      return db
        .selectDistinct({ ContainerNo: p.ContainerNo, TerminalCode: p.TerminalCode })
        .from(p)
        .where(
          and(inArray(p.ContainerNo, [...new Set(containerNos)]), except.length ? notInArray(p.TerminalCode, [...except]) : undefined),
        );
    },
  };
}
export type CompareRepository = ReturnType<typeof createCompareRepository>;
