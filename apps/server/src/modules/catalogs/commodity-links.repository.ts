import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commodities, jobModeCommodities, jobModes } from '../../db/schema';

export function createCommodityLinkRepository(db: Db) {
  const stuffOrUnstuff = or(eq(jobModes.IsCFSStuff, true), eq(jobModes.IsCFSUnstuff, true));
  return {
    async jobModes(stuff: boolean, unstuff: boolean) {
      const conds: SQL[] = [];
      if (stuff) conds.push(eq(jobModes.IsCFSStuff, true));
      if (unstuff) conds.push(eq(jobModes.IsCFSUnstuff, true));
      return db
        .select({
          Rowguid: sql<string>`${jobModes.Rowguid}::text`,
          JobModeCode: jobModes.JobModeCode,
          JobModeName: jobModes.JobModeName,
          IsCFSStuff: jobModes.IsCFSStuff,
          IsCFSUnstuff: jobModes.IsCFSUnstuff,
          // Written out: in a select without joins Drizzle leaves column names unqualified, which would
          // make the subquery compare job_mode_commodities with itself.
          ConfigList: sql<string[]>`coalesce((select array_agg(l.commodity_code order by l.commodity_code)
            from job_mode_commodities l where l.job_mode_code = "job_modes"."job_mode_code"), '{}')`,
        })
        .from(jobModes)
        .where(conds.length ? or(...conds) : stuffOrUnstuff)
        .orderBy(asc(jobModes.JobModeCode));
    },

    async stuffUnstuffModes(codes: string[]) {
      return (
        await db
          .select({ c: jobModes.JobModeCode })
          .from(jobModes)
          .where(and(inArray(jobModes.JobModeCode, codes), stuffOrUnstuff))
      ).map((r) => r.c);
    },

    async existingCommodities(codes: string[]) {
      if (!codes.length) return [];
      return (await db.select({ c: commodities.CommodityCode }).from(commodities).where(inArray(commodities.CommodityCode, codes))).map(
        (r) => r.c,
      );
    },

    async replaceLinks(modes: string[], rows: { JobModeCode: string; CommodityCode: string }[]) {
      await db.transaction(async (tx) => {
        await tx.delete(jobModeCommodities).where(inArray(jobModeCommodities.JobModeCode, modes));
        if (rows.length) await tx.insert(jobModeCommodities).values(rows);
      });
    },
  };
}
export type CommodityLinkRepository = ReturnType<typeof createCommodityLinkRepository>;
