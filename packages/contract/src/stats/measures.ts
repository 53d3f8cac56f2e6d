/**
 * The computed measures of spec 02 §3 over dashboard statistics rows: sum (revenue), cont
 * (containers), ord (orders), teu; each per group — _nh lift on/off (IsLoLo), _dr stuffing/unstuffing
 * (IsCFSStuff, IsCFSUnstuff, IsCFSChange), _dv services (IsServiceYard, IsServiceNonCont) — and the
 * total with a trailing underscore, which counts only rows having at least one of these flags
 * (spec 02 §4). Shared by the web (cards, doughnuts, tables) and the server tests.
 */

export interface StatsFlags {
  IsLoLo: boolean;
  IsCFSStuff: boolean;
  IsCFSUnstuff: boolean;
  IsCFSChange: boolean;
  IsServiceYard: boolean;
  IsServiceNonCont: boolean;
}

export interface StatsFigures {
  TotalAmount: number;
  ContainerCount: number;
  OrderCount: number;
  TotalTeus: number;
}

export const statsMeasureKeys = ['sum', 'cont', 'ord', 'teu'] as const;
export type StatsMeasureKey = (typeof statsMeasureKeys)[number];
export const statsGroups = ['nh', 'dr', 'dv'] as const;
export type StatsGroup = (typeof statsGroups)[number];

/** sum_nh … teu_dv and the totals sum_, cont_, ord_, teu_. */
export type StatsMeasures = Record<`${StatsMeasureKey}_${StatsGroup | ''}`, number>;

export const isLifting = (f: StatsFlags) => f.IsLoLo;
export const isStuffing = (f: StatsFlags) => f.IsCFSStuff || f.IsCFSUnstuff || f.IsCFSChange;
export const isService = (f: StatsFlags) => f.IsServiceYard || f.IsServiceNonCont;

/** The groups a row belongs to (none: the row counts in no total). */
export function groupsOf(f: StatsFlags): StatsGroup[] {
  const g: StatsGroup[] = [];
  if (isLifting(f)) g.push('nh');
  if (isStuffing(f)) g.push('dr');
  if (isService(f)) g.push('dv');
  return g;
}

const figureOf: Record<StatsMeasureKey, keyof StatsFigures> = {
  sum: 'TotalAmount',
  cont: 'ContainerCount',
  ord: 'OrderCount',
  teu: 'TotalTeus',
};

export function emptyMeasures(): StatsMeasures {
  const m = {} as StatsMeasures;
  for (const k of statsMeasureKeys) for (const g of [...statsGroups, ''] as const) m[`${k}_${g}`] = 0;
  return m;
}

/** The measures of a list of rows (a period, a terminal of a period, a customer…). */
export function statsMeasures(rows: readonly (StatsFlags & StatsFigures)[]): StatsMeasures {
  const m = emptyMeasures();
  for (const r of rows) {
    const groups = groupsOf(r);
    if (!groups.length) continue;
    for (const k of statsMeasureKeys) {
      const v = r[figureOf[k]];
      m[`${k}_`] += v;
      for (const g of groups) m[`${k}_${g}`] += v;
    }
  }
  return m;
}
