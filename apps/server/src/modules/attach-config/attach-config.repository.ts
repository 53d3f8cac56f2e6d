import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { attachConfigs, customers, jobModes, shippingLines, vesselVoyages } from '../../db/schema';
import type { AttachScopedRow, AttachScopeKey } from './attach-precedence';

export type AttachKindFlag = 'IsLoLo' | 'IsCFSStuff' | 'IsCFSUnstuff';

/** A scope of one terminal: where the screen reads and writes. */
export interface TerminalScope extends AttachScopeKey {
  TerminalCode: string;
}

const inScope = (s: TerminalScope): SQL =>
  and(
    eq(attachConfigs.TerminalCode, s.TerminalCode),
    eq(attachConfigs.OperationCode, s.OperationCode),
    eq(attachConfigs.VesselKey, s.VesselKey),
    eq(attachConfigs.CustomerCode, s.CustomerCode),
    eq(attachConfigs.IsLocalForeign, s.IsLocalForeign),
  ) as SQL;

const isService = or(eq(jobModes.IsServiceYard, true), eq(jobModes.IsServiceNonCont, true)) as SQL;

export function createAttachConfigRepository(db: Db) {
  return {
    /** Job modes having any of the flags (none given: all three kinds), by code. */
    async jobModes(flags: readonly AttachKindFlag[]) {
      const wanted = flags.length ? flags : (['IsLoLo', 'IsCFSStuff', 'IsCFSUnstuff'] as const);
      return db
        .select({
          Rowguid: sql<string>`${jobModes.Rowguid}::text`,
          JobModeCode: jobModes.JobModeCode,
          JobModeName: jobModes.JobModeName,
          IsLoLo: jobModes.IsLoLo,
          IsCFSStuff: jobModes.IsCFSStuff,
          IsCFSUnstuff: jobModes.IsCFSUnstuff,
        })
        .from(jobModes)
        .where(or(...wanted.map((f) => eq(jobModes[f], true))))
        .orderBy(asc(jobModes.JobModeCode));
    },

    /** The attachable services: yard or non-container service job modes. */
    async services() {
      return db
        .select({ JobModeCode: jobModes.JobModeCode, JobModeName: jobModes.JobModeName })
        .from(jobModes)
        .where(isService)
        .orderBy(asc(jobModes.JobModeCode));
    },

    /** Stored items of exactly this scope, for the job modes given. */
    async itemsOf(scope: TerminalScope, modes: readonly string[]) {
      if (!modes.length) return [];
      return db
        .select({
          JobModeCode: attachConfigs.JobModeCode,
          AttachServiceCode: attachConfigs.AttachServiceCode,
          IsFixed: attachConfigs.IsFixed,
        })
        .from(attachConfigs)
        .where(and(inScope(scope), inArray(attachConfigs.JobModeCode, [...modes])))
        .orderBy(asc(attachConfigs.JobModeCode), asc(attachConfigs.AttachServiceCode));
    },

    async existingJobModes(codes: readonly string[]) {
      if (!codes.length) return [];
      return (
        await db
          .select({ c: jobModes.JobModeCode })
          .from(jobModes)
          .where(inArray(jobModes.JobModeCode, [...codes]))
      ).map((r) => r.c);
    },

    async existingServices(codes: readonly string[]) {
      if (!codes.length) return [];
      return (
        await db
          .select({ c: jobModes.JobModeCode })
          .from(jobModes)
          .where(and(inArray(jobModes.JobModeCode, [...codes]), isService))
      ).map((r) => r.c);
    },

    async operatorExists(code: string) {
      return (
        (await db.select({ c: shippingLines.OperationCode }).from(shippingLines).where(eq(shippingLines.OperationCode, code)).limit(1))
          .length > 0
      );
    },

    async customerExists(code: string) {
      return (await db.select({ c: customers.CustomerCode }).from(customers).where(eq(customers.CustomerCode, code)).limit(1)).length > 0;
    },

    /** A vessel call of the terminal (the schedule is per terminal). */
    async voyageExists(terminal: string, key: string) {
      return (
        (
          await db
            .select({ c: vesselVoyages.VesselKey })
            .from(vesselVoyages)
            .where(and(eq(vesselVoyages.VesselKey, key), eq(vesselVoyages.TerminalCode, terminal)))
            .limit(1)
        ).length > 0
      );
    },

    /** Replaces the items of each job mode named, for this scope only, in one transaction. */
    async replace(
      scope: TerminalScope,
      modes: readonly string[],
      items: readonly { JobModeCode: string; AttachServiceCode: string; IsFixed: boolean }[],
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(attachConfigs).where(and(inScope(scope), inArray(attachConfigs.JobModeCode, [...modes])));
        if (items.length) await tx.insert(attachConfigs).values(items.map((i) => ({ ...scope, ...i })));
      });
    },

    /** Every row of the terminal and job mode whose scope could match the order (each field its value or '*'). */
    async candidates(
      terminal: string,
      jobModeCode: string,
      order: { [K in keyof AttachScopeKey]: string | null },
    ): Promise<AttachScopedRow[]> {
      const either = (col: PgColumn, v: string | null) => (v ? inArray(col, [v, '*']) : eq(col, '*'));
      return db
        .select({
          OperationCode: attachConfigs.OperationCode,
          VesselKey: attachConfigs.VesselKey,
          CustomerCode: attachConfigs.CustomerCode,
          IsLocalForeign: attachConfigs.IsLocalForeign,
          AttachServiceCode: attachConfigs.AttachServiceCode,
          IsFixed: attachConfigs.IsFixed,
        })
        .from(attachConfigs)
        .where(
          and(
            eq(attachConfigs.TerminalCode, terminal),
            eq(attachConfigs.JobModeCode, jobModeCode),
            either(attachConfigs.OperationCode, order.OperationCode),
            either(attachConfigs.VesselKey, order.VesselKey),
            either(attachConfigs.CustomerCode, order.CustomerCode),
            either(attachConfigs.IsLocalForeign, order.IsLocalForeign),
          ),
        );
    },
  };
}
export type AttachConfigRepository = ReturnType<typeof createAttachConfigRepository>;
