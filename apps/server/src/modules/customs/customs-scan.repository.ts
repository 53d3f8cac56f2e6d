import type { CallRequest, Customs367Item, CustomsLogRow, calls, VesselVoyageRecord } from '@smartport/contract';
import { and, asc, desc, eq, gte, inArray, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { customsMessages, customsRequestLog, vesselVoyages } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { inTerminals } from '../../security/terminal-scope';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Voyages of the caller's terminals within `range` (conditions on the voyage's dates), optionally by a part of the vessel name, in berthing order, at most 2,000. */
async function selectVoyages(db: Db, terminals: string[], range: SQL[], vesselName?: string) {
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

export interface LogEntry {
  SenderBy: string;
  RequestType: string;
  RawRequest: string;
  RawResponse: string;
  VoyageKey?: string | null;
  TerminalCode?: string | null;
  DeclareNos?: string[];
  ContainerNos?: string[];
}

/** The log's filter as custom/get_log_custom_req receives it (dates parsed, texts trimmed and upper-cased). */
export type LogFilter = CallRequest<typeof calls.customs.getLogCustomReq>;

/** Customs' answer for one container: its status and the declaration that gave it (none for a 363 row without one). */
export interface ContainerCustomsStatus {
  ContainerNo: string;
  CustomsStatus: string;
  DeclareNo: string | null;
}

export function createCustomsScanRepository(db: Db) {
  return {
    /**
     * The yard takes customs' answer: each container's open visits (not yet out) record the status, the declaration
     * and when. Answers for containers the port does not hold change nothing. The containers updated come back.
     */
    async recordContainerStatuses(list: readonly ContainerCustomsStatus[], tx: Db = db): Promise<string[]> {
      const latest = new Map(list.filter((c) => c.ContainerNo && c.CustomsStatus).map((c) => [c.ContainerNo.trim().toUpperCase(), c]));
      if (!latest.size) return [];
      const items = [...latest.entries()];
      const result = await tx.execute(sql`update port_containers p set customs_status = upper(trim(a.st)), customs_declare_no = a.dn,
            customs_checked_at = now()
          from unnest(${sql.param(items.map(([no]) => no))}::text[], ${sql.param(items.map(([, c]) => c.CustomsStatus))}::text[],
                      ${sql.param(items.map(([, c]) => c.DeclareNo))}::text[]) as a(no, st, dn)
         where p.container_no = a.no and p.date_out is null
         returning p.container_no "ContainerNo"`);
      return [...new Set(rowsOf<{ ContainerNo: string }>(result).map((r) => r.ContainerNo))];
    },

    async writeLog(entry: LogEntry) {
      await db.insert(customsRequestLog).values({
        SenderBy: entry.SenderBy,
        RequestType: entry.RequestType,
        RawRequest: entry.RawRequest,
        RawResponse: entry.RawResponse,
        VoyageKey: entry.VoyageKey ?? null,
        TerminalCode: entry.TerminalCode ?? null,
        DeclareNos: entry.DeclareNos ?? [],
        ContainerNos: entry.ContainerNos ?? [],
      });
    },

    /** Rows of the caller's terminals (rows without a voyage belong to no terminal), newest first. */
    async readLog(terminals: string[], f: LogFilter): Promise<CustomsLogRow[]> {
      const where: SQL[] = [
        gte(customsRequestLog.RequestTime, f.fromDate),
        lte(customsRequestLog.RequestTime, f.toDate),
        or(isNull(customsRequestLog.TerminalCode), inTerminals(customsRequestLog.TerminalCode, terminals)) as SQL,
      ];
      if (f.voyageKey) where.push(eq(customsRequestLog.VoyageKey, f.voyageKey));
      if (f.declareNo) where.push(sql`${f.declareNo} = any(${customsRequestLog.DeclareNos})`);
      if (f.containerNo) where.push(sql`${f.containerNo} = any(${customsRequestLog.ContainerNos})`);
      // '367' also finds the queued results (367.1).
      if (f.requestType && f.requestType !== '*') where.push(like(customsRequestLog.RequestType, `${f.requestType}%`));
      if (f.senderBy) where.push(containsText(customsRequestLog.SenderBy, f.senderBy));
      const rows = await db
        .select()
        .from(customsRequestLog)
        .where(and(...where))
        .orderBy(desc(customsRequestLog.RequestTime))
        .limit(5000);
      return rows.map((r) => ({
        RequestId: r.RequestId,
        RequestTime: r.RequestTime.toISOString(),
        SenderBy: r.SenderBy,
        RequestType: r.RequestType,
        RawRequest: r.RawRequest,
        RawResponse: r.RawResponse,
      }));
    },

    async lastMessage(declareNo: string, office: string) {
      const [row] = await db
        .select()
        .from(customsMessages)
        .where(and(eq(customsMessages.DeclareNo, declareNo), eq(customsMessages.Office, office)))
        .orderBy(desc(customsMessages.SentTime))
        .limit(1);
      return row ?? null;
    },

    async addMessage(m: { DeclareNo: string; Office: string; SenderBy: string; GatewayMsgId: string }) {
      const [row] = await db.insert(customsMessages).values(m).returning();
      return row as typeof customsMessages.$inferSelect;
    },

    async finishMessage(
      id: string,
      m: { State: 'done' | 'failed'; FailureCode?: string | null; ResponseFunc?: number | null; Result?: Customs367Item | null },
    ) {
      await db
        .update(customsMessages)
        .set({
          State: m.State,
          FailureCode: m.FailureCode ?? null,
          ResponseFunc: m.ResponseFunc ?? null,
          Result: m.Result ?? null,
          FinishedTime: new Date(),
        })
        .where(eq(customsMessages.MsgGroupId, id));
    },

    /** Ends as failed (`code`) the messages still queued that were sent before `before`; answers how many. */
    async failQueuedBefore(before: Date, code: string): Promise<number> {
      const rows = await db
        .update(customsMessages)
        .set({ State: 'failed', FailureCode: code, FinishedTime: new Date() })
        .where(and(eq(customsMessages.State, 'queued'), lt(customsMessages.SentTime, before)))
        .returning({ id: customsMessages.MsgGroupId });
      return rows.length;
    },

    async voyage(vesselKey: string) {
      const [row] = await db.select().from(vesselVoyages).where(eq(vesselVoyages.VesselKey, vesselKey)).limit(1);
      return row ?? null;
    },

    async voyages(keys: string[]) {
      return keys.length ? db.select().from(vesselVoyages).where(inArray(vesselVoyages.VesselKey, keys)) : [];
    },

    /** Voyages of the terminals whose departure is after `departedAfter` and arrival before `arrivingBefore`. */
    async ships(
      terminals: string[],
      f: { departedAfter: Date; arrivingBefore: Date; VesselName?: string | undefined },
    ): Promise<VesselVoyageRecord[]> {
      return selectVoyages(
        db,
        terminals,
        [gte(vesselVoyages.ETD, f.departedAfter), lte(vesselVoyages.ETA, f.arrivingBefore)],
        f.VesselName,
      );
    },
  };
}
export type CustomsScanRepository = ReturnType<typeof createCustomsScanRepository>;
export type CustomsMessageRow = typeof customsMessages.$inferSelect;
