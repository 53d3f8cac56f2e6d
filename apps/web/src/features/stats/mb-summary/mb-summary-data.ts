/**
 * Spec 02 §2.6.2 'Thống kê tổng hợp - MB': the figures of the mobile-channel payments, read from
 * `crm/dashboard_mb_chart_load` (rows keyed by period label, §3 'MB summary row'). Pure functions, so the
 * rules (cards, chart series, y maximum, sorted table without zero rows) are unit-tested.
 */

import type { MbSummaryRow } from '@smartport/contract';
import { axisMaxAbovePeak } from '../shared/stats-format';

/** §3: TerminalCode, TongTien (total payment), SoLuong (payment count), ThanhToan (service fee). */
export type MbRow = MbSummaryRow;
export type MbData = Record<string, readonly MbRow[]>;

/** The three KPI cards, in the spec's order; the service fee is the default. */
export const mbMeasures = ['ThanhToan', 'TongTien', 'SoLuong'] as const;
export type MbMeasure = (typeof mbMeasures)[number];

export interface MbTotals {
  ThanhToan: number;
  TongTien: number;
  SoLuong: number;
}

const zero = (): MbTotals => ({ ThanhToan: 0, TongTien: 0, SoLuong: 0 });
const add = (to: MbTotals, row: MbTotals) => {
  to.ThanhToan += Number(row.ThanhToan) || 0;
  to.TongTien += Number(row.TongTien) || 0;
  to.SoLuong += Number(row.SoLuong) || 0;
};
const allZero = (t: MbTotals) => !t.ThanhToan && !t.TongTien && !t.SoLuong;

export interface MbTerminalRow extends MbTotals {
  TerminalCode: string;
}
export interface MbPeriod {
  label: string;
  totals: MbTotals;
  /** The period's terminals, the chosen measure descending; rows all zero are left out. */
  rows: MbTerminalRow[];
}

/** One row per terminal in a period (the server sends one; several are summed, not shown twice). */
function byTerminal(rows: readonly MbRow[]): MbTerminalRow[] {
  const map = new Map<string, MbTerminalRow>();
  for (const r of rows) {
    const t = map.get(r.TerminalCode) ?? { TerminalCode: r.TerminalCode, ...zero() };
    add(t, r);
    map.set(r.TerminalCode, t);
  }
  return [...map.values()];
}

/** The expandable table: periods in the server's order, periods and rows all zero hidden, sorted by `measure`. */
export function mbPeriods(data: MbData, measure: MbMeasure): MbPeriod[] {
  const out: MbPeriod[] = [];
  for (const [label, rows] of Object.entries(data)) {
    const terminals = byTerminal(rows)
      .filter((r) => !allZero(r))
      .sort((a, b) => b[measure] - a[measure] || a.TerminalCode.localeCompare(b.TerminalCode));
    const totals = zero();
    for (const r of terminals) add(totals, r);
    if (allZero(totals)) continue;
    out.push({ label, totals, rows: terminals });
  }
  return out;
}

/** The three KPI cards: totals over every period and terminal. */
export function mbTotals(data: MbData): MbTotals {
  const t = zero();
  for (const rows of Object.values(data)) for (const r of rows) add(t, r);
  return t;
}

/** The doughnut: each terminal's share of the chosen measure over the whole range (zero slices left out). */
export function mbTerminalShares(data: MbData, measure: MbMeasure): { TerminalCode: string; value: number }[] {
  const map = new Map<string, number>();
  for (const rows of Object.values(data)) {
    for (const r of rows) map.set(r.TerminalCode, (map.get(r.TerminalCode) ?? 0) + (Number(r[measure]) || 0));
  }
  return [...map.entries()]
    .filter(([, value]) => value > 0)
    .map(([TerminalCode, value]) => ({ TerminalCode, value }))
    .sort((a, b) => b.value - a.value);
}

export interface MbColumnSeries {
  periods: string[];
  /** One stacked column series per terminal, a value per period. */
  stacks: { TerminalCode: string; values: number[] }[];
  /** The line: each period's total. */
  totals: number[];
  yMax: number | undefined;
}

/** The stacked column plus line chart per period, for the chosen measure (the shown periods only). */
export function mbColumnSeries(periods: readonly MbPeriod[], measure: MbMeasure, terminalOrder: readonly string[]): MbColumnSeries {
  const present = new Set(periods.flatMap((p) => p.rows.map((r) => r.TerminalCode)));
  const codes = [...terminalOrder.filter((c) => present.has(c)), ...[...present].filter((c) => !terminalOrder.includes(c)).sort()];
  const totals = periods.map((p) => p.totals[measure]);
  return {
    periods: periods.map((p) => p.label),
    stacks: codes.map((TerminalCode) => ({
      TerminalCode,
      values: periods.map((p) => p.rows.find((r) => r.TerminalCode === TerminalCode)?.[measure] ?? 0),
    })),
    totals,
    // Spec 02 §9: the y axis ends 10% above the largest stacked total.
    yMax: axisMaxAbovePeak(Math.max(0, ...totals)),
  };
}
