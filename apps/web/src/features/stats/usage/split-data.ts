import type { SmpTosRow } from '@smartport/contract';

/**
 * The two-sided reports of spec 02 §2.6.3–4 and §2.7: each figure of an SMP/TOS row (§3) is split into a
 * left side and a right side — SMARTPORT vs TOS on the usage report, TỰ ĐỘNG vs DUYỆT TAY on the approval
 * report and dashboard (drawn from the same SMP/TOS-shaped fields). Pure functions, unit-tested.
 */

/** §3 'SMP/TOS row' (the figures the two sides read). */
export type SplitRow = Omit<
  SmpTosRow,
  | 'CmsOrderCount'
  | 'AutoOrderCount'
  | 'PendingOrderCount'
  | 'PendingTotalAmount'
  | 'PendingContainerCount'
  | 'PendingTotalTeus'
  | 'ManualWaitSeconds'
>;
export type SplitData = Record<string, readonly SplitRow[]>;

/** §3 computed measures: ord (orders), sum (revenue), cont (containers), teu. */
export const splitMetrics = ['ord', 'sum', 'cont', 'teu'] as const;
export type SplitMetric = (typeof splitMetrics)[number];

const fields: Record<SplitMetric, readonly [keyof SplitRow, keyof SplitRow]> = {
  ord: ['SmpOrderCount', 'TosOrderCount'],
  sum: ['SmpTotalAmount', 'TosTotalAmount'],
  cont: ['SmpContainerCount', 'TosContainerCount'],
  teu: ['SmpTotalTeus', 'TosTotalTeus'],
};

/** A figure split in two: `smp` is the left side (SMARTPORT / TỰ ĐỘNG), `tos` the right (TOS / DUYỆT TAY). */
export interface Split {
  smp: number;
  tos: number;
}
export type SplitFigures = Record<SplitMetric, Split>;

const zero = (): SplitFigures => ({
  ord: { smp: 0, tos: 0 },
  sum: { smp: 0, tos: 0 },
  cont: { smp: 0, tos: 0 },
  teu: { smp: 0, tos: 0 },
});
const num = (v: unknown) => Number(v) || 0;
function addRow(to: SplitFigures, r: SplitRow) {
  for (const m of splitMetrics) {
    const [s, t] = fields[m];
    to[m].smp += num(r[s]);
    to[m].tos += num(r[t]);
  }
}
function addFigures(to: SplitFigures, f: SplitFigures) {
  for (const m of splitMetrics) {
    to[m].smp += f[m].smp;
    to[m].tos += f[m].tos;
  }
}
const isZero = (f: SplitFigures) => splitMetrics.every((m) => !f[m].smp && !f[m].tos);

export const total = (s: Split) => s.smp + s.tos;

export interface SplitJobMode {
  JobModeCode: string;
  JobModeName: string;
  figures: SplitFigures;
}
export interface SplitTerminal {
  TerminalCode: string;
  figures: SplitFigures;
  jobModes: SplitJobMode[];
}
export interface SplitPeriod {
  label: string;
  figures: SplitFigures;
  terminals: SplitTerminal[];
}

const byMetricDesc =
  (metric: SplitMetric) =>
  <T extends { figures: SplitFigures }>(a: T, b: T) =>
    total(b.figures[metric]) - total(a.figures[metric]);

/**
 * The table by period, then terminal, then job mode: periods in the server's order; terminals and job modes
 * sorted by the chosen metric descending (ties by code); periods, terminals and job modes with every figure zero left out.
 */
export function splitPeriods(data: SplitData, metric: SplitMetric): SplitPeriod[] {
  const out: SplitPeriod[] = [];
  for (const [label, rows] of Object.entries(data)) {
    const terminals = new Map<string, Map<string, SplitJobMode>>();
    for (const r of rows) {
      const modes = terminals.get(r.TerminalCode) ?? new Map<string, SplitJobMode>();
      terminals.set(r.TerminalCode, modes);
      const mode = modes.get(r.JobModeCode) ?? { JobModeCode: r.JobModeCode, JobModeName: r.JobModeName, figures: zero() };
      modes.set(r.JobModeCode, mode);
      addRow(mode.figures, r);
    }
    const period: SplitPeriod = { label, figures: zero(), terminals: [] };
    for (const [TerminalCode, modes] of terminals) {
      const jobModes = [...modes.values()]
        .filter((m) => !isZero(m.figures))
        .sort((a, b) => byMetricDesc(metric)(a, b) || a.JobModeCode.localeCompare(b.JobModeCode));
      const figures = zero();
      for (const m of jobModes) addFigures(figures, m.figures);
      if (isZero(figures)) continue;
      period.terminals.push({ TerminalCode, figures, jobModes });
      addFigures(period.figures, figures);
    }
    period.terminals.sort((a, b) => byMetricDesc(metric)(a, b) || a.TerminalCode.localeCompare(b.TerminalCode));
    if (!isZero(period.figures)) out.push(period);
  }
  return out;
}

/** The KPI cards: every figure over the whole range, split in its two sides. */
export function splitTotals(data: SplitData): SplitFigures {
  const t = zero();
  for (const rows of Object.values(data)) for (const r of rows) addRow(t, r);
  return t;
}

/** The per-terminal two-colour bars: each terminal's figures over the whole range (chosen metric descending). */
export function splitByTerminal(data: SplitData, metric: SplitMetric): { TerminalCode: string; split: Split }[] {
  const map = new Map<string, SplitFigures>();
  for (const rows of Object.values(data)) {
    for (const r of rows) {
      const f = map.get(r.TerminalCode) ?? zero();
      addRow(f, r);
      map.set(r.TerminalCode, f);
    }
  }
  return [...map.entries()]
    .filter(([, f]) => total(f[metric]) > 0)
    .map(([TerminalCode, f]) => ({ TerminalCode, split: f[metric] }))
    .sort((a, b) => total(b.split) - total(a.split) || a.TerminalCode.localeCompare(b.TerminalCode));
}

/** The approval figures given apart from the two sides (the server's rows carry them; older answers may not). */
type ApartRow = SplitRow & Partial<Pick<SmpTosRow, 'PendingOrderCount' | 'PendingTotalAmount' | 'ManualWaitSeconds'>>;

/**
 * The orders waiting in 'Duyệt lệnh' (in neither side) and the average wait of the orders approved by hand
 * (seconds; null when none was), over the whole range.
 */
export function approvalApart(data: Record<string, readonly ApartRow[]>): { orders: number; amount: number; avgWait: number | null } {
  let orders = 0;
  let amount = 0;
  let wait = 0;
  let manual = 0;
  for (const rows of Object.values(data)) {
    for (const r of rows) {
      orders += num(r.PendingOrderCount);
      amount += num(r.PendingTotalAmount);
      wait += num(r.ManualWaitSeconds);
      manual += num(r.TosOrderCount);
    }
  }
  return { orders, amount, avgWait: manual ? wait / manual : null };
}

/** A wait in words: '1 giờ 05 phút', '12 phút', 'dưới 1 phút'. */
export function waitText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'dưới 1 phút';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} giờ ${String(m).padStart(2, '0')} phút` : `${m} phút`;
}
