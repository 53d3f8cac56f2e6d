import { randomUUID } from 'node:crypto';
import type { CustomsMessageRow, CustomsScanRepository, LogEntry } from '../../../src/modules/customs/customs-scan.repository';

type VoyageRow = Awaited<ReturnType<CustomsScanRepository['voyages']>>[number];

/** The customs scan repository in memory: the request log, the queued messages and a few voyages. */
export function createFakeCustomsScanRepository(voyages: VoyageRow[]) {
  const log: LogEntry[] = [];
  const messages: CustomsMessageRow[] = [];
  const repo: CustomsScanRepository = {
    async recordContainerStatuses(list) {
      return list.map((c) => c.ContainerNo);
    },
    async writeLog(entry) {
      log.push(entry);
    },
    async readLog() {
      return [];
    },
    async lastMessage(declareNo, office) {
      return messages.filter((m) => m.DeclareNo === declareNo && m.Office === office).at(-1) ?? null;
    },
    async addMessage(m) {
      const row: CustomsMessageRow = {
        MsgGroupId: randomUUID(),
        ...m,
        SentTime: new Date(),
        State: 'queued',
        FailureCode: null,
        ResponseFunc: null,
        Result: null,
        FinishedTime: null,
      };
      messages.push(row);
      return row;
    },
    async finishMessage(id, m) {
      const row = messages.find((x) => x.MsgGroupId === id);
      if (row)
        Object.assign(row, {
          State: m.State,
          FailureCode: m.FailureCode ?? null,
          ResponseFunc: m.ResponseFunc ?? null,
          Result: m.Result ?? null,
          FinishedTime: new Date(),
        });
    },
    async failQueuedBefore(before, code) {
      const stale = messages.filter((m) => m.State === 'queued' && m.SentTime < before);
      for (const m of stale) Object.assign(m, { State: 'failed', FailureCode: code, FinishedTime: new Date() });
      return stale.length;
    },
    async voyage(key) {
      return voyages.find((v) => v.VesselKey === key) ?? null;
    },
    async voyages(keys) {
      return voyages.filter((v) => keys.includes(v.VesselKey));
    },
    async ships() {
      return [];
    },
  };
  return { repo, log, messages };
}

export function voyage(v: Partial<VoyageRow> = {}): VoyageRow {
  return {
    VesselKey: 'NDP-MSC-001',
    TerminalCode: 'NDP',
    VesselName: 'MSC ANNA',
    VesselImVoy: '021N',
    VesselExVoy: '021S',
    OperationCode: 'MSC',
    ETA: new Date('2026-03-01T06:00:00Z'),
    ETB: null,
    ETD: null,
    Status: 1,
    ...v,
  };
}
