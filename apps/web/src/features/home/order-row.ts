import type { PendingOrderRow } from '@smartport/contract';

/**
 * Customs hold column (spec 02 §4): blank when unknown; shown only for full, foreign containers
 * of class 1, 3 or 4 — 'held' (red 'Chưa thanh lý') or 'released' ('Đã thanh lý').
 */
export function customsHold(row: Pick<PendingOrderRow, 'CusHold' | 'FE' | 'IsLocalForeign' | 'ClassCode'>): 'held' | 'released' | null {
  if (row.CusHold == null) return null;
  if (row.FE !== 'F' || row.IsLocalForeign !== 'F' || ![1, 3, 4].includes(row.ClassCode ?? -1)) return null;
  return row.CusHold ? 'held' : 'released';
}

/**
 * 'Thành tiền' of a container row: the container's own amount when the data has it; otherwise the order total,
 * once, on the order's first container (not repeated on every container of the order).
 */
export const rowAmount = (row: Pick<PendingOrderRow, 'Amount' | 'TotalAmount' | 'sort_code'>): number | null =>
  row.Amount ?? (row.sort_code === 1 ? row.TotalAmount : null);

/** Pay now when MoneyCredit is M, otherwise pay later (spec 02 §2.1). */
export const payKind = (row: Pick<PendingOrderRow, 'MoneyCredit'>): 'pay' | 'payLater' => (row.MoneyCredit === 'M' ? 'pay' : 'payLater');

/** An order can still be paid (or deleted) while it is in status A without a transaction. */
export const isUnpaid = (row: Pick<PendingOrderRow, 'OrderStatus' | 'TransactionId'>) => row.OrderStatus === 'A' && !row.TransactionId;

/** Delete is enabled only in status A (spec 02 §4). */
export const canDelete = (row: Pick<PendingOrderRow, 'OrderStatus' | 'TransactionId'>) => isUnpaid(row);

export type CargoExtra =
  | { kind: 'reefer'; temp: string; vent: string }
  | { kind: 'dangerous'; cls: string; unno: string }
  | { kind: 'oog'; top: string; left: string; right: string; back: string; front: string };

const show = (v: string | number | null | undefined) => (v == null || v === '' ? '–' : String(v));

/** Extras of a reefer, dangerous or out-of-gauge container (spec 02 §3), for the cargo-type tooltip. */
export function cargoExtras(row: PendingOrderRow): CargoExtra[] {
  const extras: CargoExtra[] = [];
  const name = (row.CargoTypeName ?? '').toLowerCase();
  if (row.CargoTypeCode === 'RF' || row.Temperature != null || name.includes('lạnh') || name.includes('reefer')) {
    extras.push({ kind: 'reefer', temp: show(row.Temperature), vent: [row.Vent, row.VentUnit].filter(Boolean).join(' ') || '–' });
  }
  if (row.CargoTypeCode === 'DG' || row.Class || row.Unno || name.includes('nguy hiểm') || name.includes('dangerous')) {
    extras.push({ kind: 'dangerous', cls: show(row.Class), unno: show(row.Unno) });
  }
  const oog = [row.OogTop, row.OogLeft, row.OogRight, row.OogBack, row.OogFront];
  if (row.CargoTypeCode === 'OG' || oog.some((v) => v != null) || /quá khổ|oog|over dimension|ankward/i.test(name)) {
    extras.push({
      kind: 'oog',
      top: show(row.OogTop),
      left: show(row.OogLeft),
      right: show(row.OogRight),
      back: show(row.OogBack),
      front: show(row.OogFront),
    });
  }
  return extras;
}
