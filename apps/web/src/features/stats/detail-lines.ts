import type { StatsDetailLine } from '@smartport/contract';
import type { ExportRow } from './shared/excel-export';

/** A detail line with the order's place among the lines: the order-level cells span the order's containers. */
export interface Line extends StatsDetailLine {
  key: string;
  orderIndex: number;
  /** Lines of this order starting here (0 on the order's later lines). */
  span: number;
}

/** Lines sorted by order number ascending (spec 02 §9), each order's count and index for the merged cells. */
export function orderLines(lines: readonly StatsDetailLine[]): Line[] {
  const sorted = [...lines].sort((a, b) => a.OrderNo.localeCompare(b.OrderNo) || a.STT - b.STT);
  const out: Line[] = [];
  let order = 0;
  for (let i = 0; i < sorted.length; i++) {
    const line = sorted[i] as StatsDetailLine;
    const first = i === 0 || (sorted[i - 1] as StatsDetailLine).OrderNo !== line.OrderNo;
    if (first) order++;
    let span = 0;
    if (first) while (sorted[i + span]?.OrderNo === line.OrderNo) span++;
    out.push({ ...line, key: `${line.OrderNo}:${i}`, orderIndex: order, span });
  }
  return out;
}

/**
 * The detail export's rows as the screen shows them (spec 02 §9): an order-level cell (`order`) is written on the
 * order's first line and merged down over its containers, so summing 'Tổng tiền' counts each order once.
 */
export function detailExportRows(
  columns: readonly { order?: boolean; text: (r: Line) => string | number }[],
  lines: readonly Line[],
): ExportRow[] {
  return lines.map((r) => ({
    cells: columns.map((c) => (c.order && r.span === 0 ? null : c.text(r))),
    spans: columns.map((c) => (c.order ? r.span : undefined)),
  }));
}
