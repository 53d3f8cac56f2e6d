import { type CustomerStatsRow, type StatsGroup, statsMeasures } from '@smartport/contract';
import { type MeasureChoice, measureValue } from './measure-choice';
import { sharePercent } from './shared/stats-format';
import { customerSubject, type Subject } from './subject';

/** A customer behind a doughnut slice: its figure of the slice's measure and group, and its share of the slice. */
export interface DrillRow {
  key: string;
  rank: number;
  subject: Subject;
  value: number;
  share: number;
}

/**
 * The rows behind a doughnut slice (issue 27 drill-down): the customers of one terminal over the whole asked range,
 * by the chosen measure of the slice's job group, largest first; customers without it are left out.
 */
export function drillRows(rows: readonly CustomerStatsRow[], terminal: string, group: StatsGroup, choice: MeasureChoice): DrillRow[] {
  const byCustomer = new Map<string, CustomerStatsRow[]>();
  for (const r of rows) {
    if (r.TerminalCode !== terminal) continue;
    const list = byCustomer.get(r.CustomerCode) ?? [];
    list.push(r);
    byCustomer.set(r.CustomerCode, list);
  }
  const found = [...byCustomer.entries()]
    .map(([id, list]) => ({ id, subject: customerSubject(list), value: measureValue(statsMeasures(list), choice, group) }))
    .filter((x) => x.value > 0);
  const total = found.reduce((s, x) => s + x.value, 0);
  return found
    .sort((a, b) => b.value - a.value || a.id.localeCompare(b.id))
    .map((x, i) => ({ key: x.id, rank: i + 1, subject: x.subject, value: x.value, share: sharePercent(x.value, total) }));
}
