import type { StatsGroup, StatsMeasures } from '@smartport/contract';

/**
 * The measure the three summary cards choose (spec 02 §4: orders first, then revenue or volume). Volume ranks and
 * draws by containers and shows TEU beside them.
 */
export type MeasureChoice = 'ord' | 'sum' | 'vol';
export const measureChoices: readonly MeasureChoice[] = ['ord', 'sum', 'vol'];

const primary = { ord: 'ord', sum: 'sum', vol: 'cont' } as const;

/** The chosen measure of a group ('' = the period total with trailing underscore). */
export function measureValue(m: StatsMeasures, choice: MeasureChoice, group: StatsGroup | '' = ''): number {
  return m[`${primary[choice]}_${group}`];
}

/** TEU of a group, shown beside containers on the volume card. */
export function teuValue(m: StatsMeasures, group: StatsGroup | '' = ''): number {
  return m[`teu_${group}`];
}

/** A period or row whose four figures are all zero is dropped (spec 02 §4). */
export function allZero(m: StatsMeasures): boolean {
  return !m.ord_ && !m.sum_ && !m.cont_ && !m.teu_;
}
