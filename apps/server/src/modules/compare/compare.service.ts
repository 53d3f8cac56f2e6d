import {
  type ComparedField,
  type CompareRowInput,
  type CompareRowResult,
  comparedFields,
  type PortContainerRecord,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import type { CompareRepository } from './compare.repository';

const MINUTE = 60_000;
const dateFields = new Set<ComparedField>(['DateIn', 'DateOut']);

/** Text compared as a person reads it: surrounding and repeated spaces and letter case do not count. */
const normalText = (v: string | null | undefined) => (v ?? '').normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleUpperCase('vi');

/** Times compared to the minute, the precision the screen shows (HH:mm DD/MM/YYYY). */
const minuteOf = (v: Date | string | null | undefined) => (v ? Math.floor(new Date(v).getTime() / MINUTE) : null);

/** The fields of spec 03 §4 in which the row differs from the port's record. */
export function differingFields(row: CompareRowInput, loaded: PortContainerRecord): ComparedField[] {
  return comparedFields.filter((f) =>
    dateFields.has(f)
      ? minuteOf(row[f] as Date | null) !== minuteOf(loaded[f])
      : normalText(row[f] as string | null) !== normalText(loaded[f]),
  );
}

/** Spec 03 §4: NONE without a port record, OK when every compared field matches, ERROR otherwise. */
export function compareRow(row: CompareRowInput, loaded: PortContainerRecord | null): CompareRowResult {
  const DiffFields = loaded ? differingFields(row, loaded) : [];
  return {
    ...row,
    DateIn: row.DateIn?.toISOString() ?? null,
    DateOut: row.DateOut?.toISOString() ?? null,
    loaded,
    CompareStatus: !loaded ? 'NONE' : DiffFields.length ? 'ERROR' : 'OK',
    DiffFields,
    elsewhere: null,
  };
}

export function createCompareService(repo: CompareRepository) {
  return {
    /** One batch against the caller's terminals (or the one asked for, which must be the caller's). */
    async check(user: AuthUser, rows: readonly CompareRowInput[], terminalCode?: string): Promise<CompareRowResult[]> {
      if (terminalCode) assertTerminal(user, terminalCode);
      const terminals = scopeTerminals(user, terminalCode ?? null);
      const found = await repo.latestVisits(
        rows.map((r) => r.ContainerNo),
        terminals,
      );
      const byNo = new Map(found.map((r) => [r.ContainerNo, r]));
      const results = rows.map((row) => compareRow(row, byNo.get(row.ContainerNo) ?? null));
      // A container not found where it was compared may be at another terminal: say so (decisions.md: a terminal of
      // the caller's by its code, one outside the caller's terminals only as 'another terminal').
      const missing = results.filter((r) => r.CompareStatus === 'NONE').map((r) => r.ContainerNo);
      if (!missing.length) return results;
      const own = new Set(scopeTerminals(user));
      const elsewhere = new Map<string, { terminals: string[]; outside: boolean }>();
      for (const h of await repo.otherTerminals(missing, terminals)) {
        const e = elsewhere.get(h.ContainerNo) ?? { terminals: [], outside: false };
        if (own.has(h.TerminalCode)) e.terminals.push(h.TerminalCode);
        else e.outside = true;
        elsewhere.set(h.ContainerNo, e);
      }
      return results.map((r) => {
        const e = r.CompareStatus === 'NONE' ? elsewhere.get(r.ContainerNo) : undefined;
        return e ? { ...r, elsewhere: { terminals: e.terminals.sort(), outside: e.outside } } : r;
      });
    },
  };
}
export type CompareService = ReturnType<typeof createCompareService>;
