import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  dataShares,
  holidayPeriods,
  imoAlerts,
  mbCharges,
  mbFeeSchedules,
  releasePoints,
  tariffMappings,
  terminals,
} from '../../db/schema';
import type { HolidayPeriod } from './holiday-periods';
import type { ReleasePointRow } from './release-points';

/** What the administration rules read (the grids' own rows are written by the grid registry). */
export function createAdminRepository(db: Db) {
  return {
    /** The alert messages of a terminal's dangerous-goods entries for (class, UN number). */
    async imoAlerts(terminal: string, classCode: string, unno: string): Promise<{ AlertMsg: string | null }[]> {
      return db
        .select({ AlertMsg: imoAlerts.AlertMsg })
        .from(imoAlerts)
        .where(and(eq(imoAlerts.TerminalCode, terminal), eq(imoAlerts.Class, classCode), eq(imoAlerts.Unno, unno)));
    },

    async tosTariffCode(tariffCode: string): Promise<string | null> {
      const [row] = await db
        .select({ code: tariffMappings.TosTariffCode })
        .from(tariffMappings)
        .where(eq(tariffMappings.TariffCode, tariffCode));
      return row?.code ?? null;
    },

    /** The active share rows of the delivery-order table (few: at most one per terminal). */
    async activeShares(dataTable: string): Promise<{ TerminalCode: string; TerminalTarget: string }[]> {
      return db
        .select({ TerminalCode: dataShares.TerminalCode, TerminalTarget: dataShares.TerminalTarget })
        .from(dataShares)
        .where(and(eq(dataShares.IsActive, true), eq(dataShares.DataTable, dataTable)));
    },

    /** The release points of a terminal (few rows), enabled or not. */
    async releasePoints(terminal: string): Promise<ReleasePointRow[]> {
      return db
        .select({
          DIEMPH: releasePoints.DIEMPH,
          NAME: releasePoints.NAME,
          BLOCK_PREFIX: releasePoints.BLOCK_PREFIX,
          ENABLE: releasePoints.ENABLE,
        })
        .from(releasePoints)
        .where(eq(releasePoints.TerminalCode, terminal));
    },

    /** Which of `codes` are terminals. */
    async existingTerminals(codes: readonly string[]): Promise<Set<string>> {
      if (!codes.length) return new Set();
      const rows = await db
        .select({ code: terminals.TerminalCode })
        .from(terminals)
        .where(inArray(terminals.TerminalCode, [...codes]));
      return new Set(rows.map((r) => r.code));
    },

    /** The holiday periods of a terminal that can apply to (operator, customer): theirs or '*'. */
    async holidayCandidates(terminal: string, operationCode: string, customerCode: string): Promise<HolidayPeriod[]> {
      return db
        .select({
          ConfigName: holidayPeriods.ConfigName,
          OperationCode: holidayPeriods.OperationCode,
          CustomerCode: holidayPeriods.CustomerCode,
          Descriptions: holidayPeriods.Descriptions,
          StartTime: holidayPeriods.StartTime,
          EndTime: holidayPeriods.EndTime,
        })
        .from(holidayPeriods)
        .where(
          and(
            eq(holidayPeriods.TerminalCode, terminal),
            inArray(holidayPeriods.OperationCode, ['*', operationCode]),
            inArray(holidayPeriods.CustomerCode, ['*', customerCode]),
          ),
        );
    },

    /** Every stored period of the configurations named (terminal + ConfigName), for the save's checks. */
    async holidayConfigRows(keys: readonly { TerminalCode: string; ConfigName: string }[]) {
      if (!keys.length) return [];
      const wanted = keys.map((k) => sql`(${k.TerminalCode}, ${k.ConfigName})`);
      return db
        .select({
          Rowguid: holidayPeriods.Rowguid,
          TerminalCode: holidayPeriods.TerminalCode,
          ConfigName: holidayPeriods.ConfigName,
          OperationCode: holidayPeriods.OperationCode,
          CustomerCode: holidayPeriods.CustomerCode,
          Descriptions: holidayPeriods.Descriptions,
          StartTime: holidayPeriods.StartTime,
          EndTime: holidayPeriods.EndTime,
        })
        .from(holidayPeriods)
        .where(sql`(${holidayPeriods.TerminalCode}, ${holidayPeriods.ConfigName}) in (${sql.join(wanted, sql`, `)})`);
    },

    /** The configurations (templates) of some terminals with the customer's name. */
    async holidayTemplates(terminalCodes: readonly string[]) {
      if (!terminalCodes.length) return [];
      return db
        .selectDistinct({
          TerminalCode: holidayPeriods.TerminalCode,
          ConfigName: holidayPeriods.ConfigName,
          OperationCode: holidayPeriods.OperationCode,
          CustomerCode: holidayPeriods.CustomerCode,
          CustomerName: customers.CustomerName,
        })
        .from(holidayPeriods)
        .leftJoin(customers, eq(customers.CustomerCode, holidayPeriods.CustomerCode))
        .where(inArray(holidayPeriods.TerminalCode, [...terminalCodes]))
        .orderBy(asc(holidayPeriods.TerminalCode), asc(holidayPeriods.ConfigName));
    },

    async mbFeeTables() {
      const [charges, fees] = await Promise.all([
        db.select({ TotalSum: mbCharges.TotalSum, Charge: mbCharges.Charge }).from(mbCharges),
        db.select({ FeeSchedule: mbFeeSchedules.FeeSchedule }).from(mbFeeSchedules),
      ]);
      return { charges, fees };
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
