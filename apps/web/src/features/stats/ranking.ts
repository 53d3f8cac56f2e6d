import {
  emptyMeasures,
  type RankCell,
  type StatsGroup,
  type StatsMeasures,
  type StatsPeriod,
  type StatsRow,
  statsMeasures,
} from '@smartport/contract';
import { allZero, type MeasureChoice, measureValue } from './measure-choice';
import { sharePercent } from './shared/stats-format';

export const groups: readonly StatsGroup[] = ['nh', 'dr', 'dv'];

/** A terminal row of a period (level 2). */
export interface TerminalNode {
  key: string;
  period: StatsPeriod;
  TerminalCode: string;
  measures: StatsMeasures;
  value: number;
  share: number;
}

/** A period row (level 1): its total is 100% of itself. */
export interface PeriodNode {
  key: string;
  period: StatsPeriod;
  measures: StatsMeasures;
  value: number;
  terminals: TerminalNode[];
}

export const periodKey = (label: string) => `p:${label}`;
export const terminalKey = (label: string, code: string) => `t:${label}:${code}`;

function byKey<R>(rows: readonly R[], keyOf: (r: R) => string): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/**
 * Levels 1–2 of the dashboards (spec 02 §4): a row per period, then per terminal with figures. Periods whose figures
 * are all zero are dropped; terminals with a zero value of the chosen measure are hidden; terminals are sorted by that
 * value, largest first; a terminal's share is its value over the period's total.
 */
export function periodTree(
  data: Readonly<Record<string, readonly StatsRow[]>>,
  periods: readonly StatsPeriod[],
  choice: MeasureChoice,
): PeriodNode[] {
  const out: PeriodNode[] = [];
  for (const period of periods) {
    const rows = data[period.label] ?? [];
    const measures = statsMeasures(rows);
    if (allZero(measures)) continue;
    const value = measureValue(measures, choice);
    const terminals: TerminalNode[] = [];
    for (const [code, list] of byKey(rows, (r) => r.TerminalCode)) {
      const m = statsMeasures(list);
      const v = measureValue(m, choice);
      if (!v) continue;
      terminals.push({
        key: terminalKey(period.label, code),
        period,
        TerminalCode: code,
        measures: m,
        value: v,
        share: sharePercent(v, value),
      });
    }
    terminals.sort((a, b) => b.value - a.value || a.TerminalCode.localeCompare(b.TerminalCode));
    out.push({ key: periodKey(period.label), period, measures, value, terminals });
  }
  return out;
}

/**
 * Levels 1–2 from a ranking answer's cells (crm/customer_ranking, crm/user_ranking), by the rules of periodTree: the
 * cells' measures are those of the customers or users asked for, so with one chosen the rows are that one's.
 */
export function cellTree(
  data: Readonly<Record<string, readonly RankCell[]>>,
  periods: readonly StatsPeriod[],
  choice: MeasureChoice,
): PeriodNode[] {
  const out: PeriodNode[] = [];
  for (const period of periods) {
    const cells = data[period.label] ?? [];
    const measures = sumMeasures(cells.map((c) => c.Measures));
    if (allZero(measures)) continue;
    const value = measureValue(measures, choice);
    const terminals: TerminalNode[] = cells
      .map((c) => ({ c, v: measureValue(c.Measures, choice) }))
      .filter((x) => x.v)
      .map(({ c, v }) => ({
        key: terminalKey(period.label, c.TerminalCode),
        period,
        TerminalCode: c.TerminalCode,
        measures: c.Measures,
        value: v,
        share: sharePercent(v, value),
      }));
    terminals.sort((a, b) => b.value - a.value || a.TerminalCode.localeCompare(b.TerminalCode));
    out.push({ key: periodKey(period.label), period, measures, value, terminals });
  }
  return out;
}

/** The sum of several measures (a period of cells, the cards over a range). */
export function sumMeasures(list: readonly StatsMeasures[]): StatsMeasures {
  const m = emptyMeasures();
  for (const x of list) for (const k of Object.keys(m) as (keyof StatsMeasures)[]) m[k] += x[k];
  return m;
}

/** Level 3 from a ranked cell: the server's ranks, the share of the period's total (spec 02 §4). */
export function rankedNodes<S>(
  cell: RankCell | undefined,
  describe: (id: string) => S,
  choice: MeasureChoice,
  periodTotal: number,
  keyPrefix: string,
): SubjectNode<S>[] {
  return (cell?.Rows ?? []).map((r) => {
    const value = measureValue(r.Measures, choice);
    return {
      key: `${keyPrefix}:${r.Id}`,
      subject: describe(r.Id),
      measures: r.Measures,
      value,
      share: sharePercent(value, periodTotal),
      rank: r.Rank,
    };
  });
}

/** The measures over every row of every period (the summary cards). */
export function rangeMeasures(data: Readonly<Record<string, readonly StatsRow[]>>): StatsMeasures {
  return statsMeasures(Object.values(data).flat());
}

/** The chosen measure per terminal and group over the range (the doughnuts). */
export function terminalGroupValues(
  data: Readonly<Record<string, readonly StatsRow[]>>,
  choice: MeasureChoice,
  group: StatsGroup,
): { TerminalCode: string; value: number }[] {
  const out: { TerminalCode: string; value: number }[] = [];
  for (const [code, list] of byKey(Object.values(data).flat(), (r) => r.TerminalCode)) {
    const value = measureValue(statsMeasures(list), choice, group);
    if (value) out.push({ TerminalCode: code, value });
  }
  return out.sort((a, b) => b.value - a.value || a.TerminalCode.localeCompare(b.TerminalCode));
}

/** A ranked customer or user (level 3). */
export interface SubjectNode<S> {
  key: string;
  subject: S;
  measures: StatsMeasures;
  value: number;
  share: number;
  rank: number;
}

/**
 * Level 3 (spec 02 §4): the rows of one period and terminal grouped by customer or user, ranked by the chosen
 * measure, largest first (rank 1); rows whose value is zero are hidden; share = value over the period's total.
 */
export function rankSubjects<R extends StatsRow, S>(
  rows: readonly R[],
  idOf: (r: R) => string,
  describe: (rows: readonly R[]) => S,
  choice: MeasureChoice,
  periodTotal: number,
  keyPrefix: string,
): SubjectNode<S>[] {
  const nodes: Omit<SubjectNode<S>, 'rank'>[] = [];
  for (const [id, list] of byKey(rows, idOf)) {
    const measures = statsMeasures(list);
    const value = measureValue(measures, choice);
    if (!value) continue;
    nodes.push({ key: `${keyPrefix}:${id}`, subject: describe(list), measures, value, share: sharePercent(value, periodTotal) });
  }
  nodes.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  return nodes.map((n, i) => ({ ...n, rank: i + 1 }));
}

/** The rank filter (Top 3/5/10; 0 = all) and the subject filter, applied after ranking (spec 02 §5). */
export function filterSubjects<S>(nodes: readonly SubjectNode<S>[], rankLimit: number, match?: (s: S) => boolean): SubjectNode<S>[] {
  return nodes.filter((n) => (!rankLimit || n.rank <= rankLimit) && (!match || match(n.subject)));
}

/** The chosen measure per period and terminal of one customer or user (the trend modal's lines). */
export function trendSeries(
  data: Readonly<Record<string, readonly StatsRow[]>>,
  periods: readonly StatsPeriod[],
  terminals: readonly string[],
  choice: MeasureChoice,
): { labels: string[]; lines: { TerminalCode: string; values: number[] }[]; totals: number[] } {
  const labels = periods.map((p) => p.label);
  const lines = terminals.map((code) => ({
    TerminalCode: code,
    values: labels.map((l) => measureValue(statsMeasures((data[l] ?? []).filter((r) => r.TerminalCode === code)), choice)),
  }));
  const totals = labels.map((_, i) => lines.reduce((s, line) => s + (line.values[i] ?? 0), 0));
  return { labels, lines, totals };
}
