import type { PersonalSummaryRow } from '@smartport/contract';

/** The status catalogues of spec 02 §3, in the order the columns show them. */
export const personalStatuses = {
  orders: ['A', 'P', 'C', 'D'],
  invoices: ['Y', 'C'],
  transactions: ['1', '0', '-1'],
} as const;
export type PersonalKind = keyof typeof personalStatuses;

export interface PersonalTableRow {
  TerminalCode: string;
  counts: Record<string, number>;
  total: number;
}

/**
 * Rows (TerminalCode, Status, Counting) as one line per terminal with a count per status, terminals in code order,
 * and the total line last (TerminalCode ''). Statuses outside the catalogue still count in the total.
 */
export function personalTable(rows: readonly PersonalSummaryRow[]): PersonalTableRow[] {
  const byTerminal = new Map<string, PersonalTableRow>();
  const sum: PersonalTableRow = { TerminalCode: '', counts: {}, total: 0 };
  for (const r of rows) {
    const line = byTerminal.get(r.TerminalCode) ?? { TerminalCode: r.TerminalCode, counts: {}, total: 0 };
    byTerminal.set(r.TerminalCode, line);
    const status = String(r.Status);
    line.counts[status] = (line.counts[status] ?? 0) + r.Counting;
    line.total += r.Counting;
    sum.counts[status] = (sum.counts[status] ?? 0) + r.Counting;
    sum.total += r.Counting;
  }
  const lines = [...byTerminal.values()].sort((a, b) => a.TerminalCode.localeCompare(b.TerminalCode));
  return lines.length ? [...lines, sum] : [];
}
