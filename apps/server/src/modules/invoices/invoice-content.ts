import { contSizeOf, paymentLimits, shownPin } from '@smartport/contract';
import type { InvoiceLine, RateTotal } from '../../adapters/einvoice/einvoice.port';
import { amountInWords } from './amount-in-words';

/** A priced line of the order as stored (order_charges; the tariff engine's line). */
export interface ChargeRow {
  LineNo: number;
  ContainerNo: string | null;
  JobModeCode: string;
  JobModeName: string;
  ChargeKind: string;
  IsoSizetype: string | null;
  FE: string | null;
  Quantity: number;
  Unit: string;
  UnitPrice: number;
  /** Before tax, whole VND. */
  Amount: number;
  VatRate: number;
  VatAmount: number;
}

/** A container of an order that has no stored charge lines (demo data, orders priced before the engine). */
export interface ContainerRow {
  ContainerNo: string;
  IsoSizetype: string;
  FE: string;
  /** What the container costs, VAT included. */
  Amount: number;
}

export interface InvoiceOrder {
  OrderNo: string;
  PinCode: string;
  JobModeCode: string;
  JobModeName: string | null;
  BLNo: string | null;
  /** What the customer pays (orders' money), VAT included. */
  TotalAmount: number;
}

/** What the draft and the issued invoice both show: the lines, the totals per VAT rate and the invoice's totals. */
export interface InvoiceContent {
  pinCode: string;
  billOfLading: string | null;
  content: string;
  lines: InvoiceLine[];
  rates: RateTotal[];
  totalBeforeTax: number;
  totalVat: number;
  totalPayable: number;
  payableInWords: string;
}

/**
 * The VAT rate an order without stored charge lines is invoiced at: its container amounts are read as VAT included at
 * the rate of every tariff of the port (docs/decisions.md "Invoice lines and VAT").
 */
export const UNPRICED_VAT_RATE = 8;

/** The lines of the order do not add up to what the customer pays: no invoice is issued on them. */
export class InvoiceMismatch extends Error {}

const feText = (fe: string | null) => (fe === 'F' ? 'hàng' : fe === 'E' ? 'rỗng' : '');
/** 45G1 → 40', L5G1 → 45' (the size a tariff speaks of). */
const sizeText = (iso: string | null) => (iso ? `${contSizeOf(iso)}'` : '');
/** The unit a charge line counts in, as the invoice writes it ('Cont' → 'Container'). */
export const invoiceUnit = (unit: string) => (unit.trim().toLowerCase() === 'cont' ? 'Container' : unit.trim());

/** What one charge is, in the invoice's words (THHDVu); `subject` names the container or the bill of lading. */
function chargeName(c: Pick<ChargeRow, 'ChargeKind' | 'JobModeName' | 'JobModeCode'>, subject: string): string {
  const mode = c.JobModeName || c.JobModeCode;
  switch (c.ChargeKind) {
    case 'surcharge':
      return `Phụ thu ${mode} ${subject}`;
    case 'attach':
      return `Dịch vụ ${mode} ${subject}`;
    case 'storage':
      return `Lưu bãi ${subject}`;
    case 'reefer':
      return `Điện lạnh ${subject}`;
    case 'discount':
      return 'Giảm trừ điểm tích lũy (Loyalty)';
    default:
      return `${mode} ${subject}`;
  }
}

const containerSubject = (c: { ContainerNo: string | null; IsoSizetype: string | null; FE: string | null }) =>
  c.ContainerNo
    ? `container ${c.ContainerNo}${c.IsoSizetype ? ` (${[c.IsoSizetype, feText(c.FE)].filter(Boolean).join(', ')})` : ''}`
    : 'theo lệnh';

/**
 * The invoice of an order, built once for the draft (invoice/draft_inv) and the provider: one line per charge line
 * (name, unit, quantity, unit price, amount before tax, VAT rate and amount as the tariff engine stored them), the
 * totals per VAT rate (sums of the lines' amounts and VAT), the totals and the payable in words. The payable is what
 * the customer pays; lines that do not add up to it are refused (InvoiceMismatch).
 *
 * Five or more TRAR containers with a declared bill of lading: the invoice speaks of the bill of lading, not of each
 * container (spec 02 §5): the same charges (kind, job mode, size, F/E, unit, unit price, VAT rate) are one line with
 * their quantities, amounts and VAT added.
 */
export function invoiceContent(order: InvoiceOrder, charges: readonly ChargeRow[], containers: readonly ContainerRow[]): InvoiceContent {
  const payable = Number(order.TotalAmount);
  const mode = order.JobModeName || order.JobModeCode;
  const byBill =
    order.JobModeCode === 'TRAR' && order.BLNo?.trim() && containers.length >= paymentLimits.trarWarningCount ? order.BLNo.trim() : null;

  // No stored charge lines: one line per container (or one for the order), its VAT-included amount split at the
  // port's rate so that before tax + VAT is exactly the amount.
  const unpriced = (c: Pick<ChargeRow, 'ContainerNo' | 'IsoSizetype' | 'FE'>, total: number, i: number): ChargeRow => {
    const vat = Math.round((total * UNPRICED_VAT_RATE) / (100 + UNPRICED_VAT_RATE));
    return {
      ...c,
      LineNo: i + 1,
      JobModeCode: order.JobModeCode,
      JobModeName: mode,
      ChargeKind: 'job',
      Quantity: 1,
      Unit: 'Cont',
      UnitPrice: total - vat,
      Amount: total - vat,
      VatRate: UNPRICED_VAT_RATE,
      VatAmount: vat,
    };
  };
  // A loyalty discount (negative, its own line) comes last; the other lines are what the order cost before it.
  const discounts = charges.filter((c) => c.ChargeKind === 'discount').sort((a, b) => a.LineNo - b.LineNo);
  const priced = charges.filter((c) => c.ChargeKind !== 'discount');
  const before = payable - discounts.reduce((s, c) => s + Number(c.Amount) + Number(c.VatAmount), 0);
  // Containers whose amounts are not the order's (an order priced as a whole) leave one line for the order.
  const byContainer = containers.length > 0 && containers.reduce((s, c) => s + Number(c.Amount), 0) === before;
  const rows = [
    ...(priced.length
      ? [...priced].sort((a, b) => a.LineNo - b.LineNo)
      : byContainer
        ? containers.map((c, i) => unpriced(c, Number(c.Amount), i))
        : [unpriced({ ContainerNo: null, IsoSizetype: null, FE: null }, before, 0)]),
    ...discounts,
  ];
  const lines = byBill ? groupedByBill(rows, byBill) : rows.map((c) => chargeLine(c, containerSubject(c)));

  const rateMap = new Map<number, RateTotal>();
  for (const l of lines) {
    const r = rateMap.get(l.vatRate) ?? { vatRate: l.vatRate, amount: 0, vatAmount: 0 };
    r.amount += l.amount;
    r.vatAmount += l.vatAmount;
    rateMap.set(l.vatRate, r);
  }
  // Rates from the highest down, KCT last (as the invoice form lists them).
  const rates = [...rateMap.values()].sort((a, b) => b.vatRate - a.vatRate);
  const totalBeforeTax = rates.reduce((s, r) => s + r.amount, 0);
  const totalVat = rates.reduce((s, r) => s + r.vatAmount, 0);
  if (totalBeforeTax + totalVat !== payable)
    throw new InvoiceMismatch(
      `Tổng các dòng cước của lệnh ${order.OrderNo} (${money(totalBeforeTax)} + VAT ${money(totalVat)}) khác số tiền của lệnh (${money(payable)}): chưa xuất được hóa đơn, vui lòng liên hệ bộ phận thu ngân của cảng.`,
    );
  const count = containers.length || new Set(charges.map((c) => c.ContainerNo).filter(Boolean)).size;
  const content = byBill
    ? `Thu cước ${mode} theo vận đơn ${byBill} (${count} container), lệnh ${order.OrderNo}`
    : `Thu cước ${mode} lệnh ${order.OrderNo}, mã PIN ${shownPin(order.PinCode)}`;
  return {
    pinCode: shownPin(order.PinCode),
    billOfLading: byBill,
    content,
    lines: lines.map((l, i) => ({ no: i + 1, ...l })),
    rates,
    totalBeforeTax,
    totalVat,
    totalPayable: payable,
    payableInWords: amountInWords(payable),
  };
}

const money = (n: number) => new Intl.NumberFormat('vi-VN').format(n);

function chargeLine(c: ChargeRow, subject: string): Omit<InvoiceLine, 'no'> {
  return {
    name: chargeName(c, subject),
    unit: invoiceUnit(c.Unit),
    quantity: Number(c.Quantity),
    unitPrice: Number(c.UnitPrice),
    amount: Number(c.Amount),
    vatRate: Number(c.VatRate),
    vatAmount: Number(c.VatAmount),
  };
}

function groupedByBill(charges: readonly ChargeRow[], bill: string): Omit<InvoiceLine, 'no'>[] {
  // Insertion order keeps the lines in the order of their first charge.
  const groups = new Map<string, Omit<InvoiceLine, 'no'>>();
  for (const c of charges) {
    // Only whole units at an exact unit price are added up (unit price × quantity stays the amount, and the VAT
    // rounded per charge stays within half a đồng per unit); a foreign-currency or fractional charge keeps its line.
    if (
      !(Number.isInteger(Number(c.Quantity)) && Number(c.Quantity) >= 1 && Number(c.UnitPrice) * Number(c.Quantity) === Number(c.Amount))
    ) {
      groups.set(`line|${c.LineNo}`, chargeLine(c, containerSubject(c)));
      continue;
    }
    const size = sizeText(c.IsoSizetype);
    const kindOf = [size, feText(c.FE)].filter(Boolean).join(' ');
    const key = [c.ChargeKind, c.JobModeCode, size, c.FE ?? '', invoiceUnit(c.Unit), c.UnitPrice, c.VatRate].join('|');
    const g = groups.get(key);
    if (g) {
      g.quantity = Math.round((g.quantity + Number(c.Quantity)) * 100) / 100;
      g.amount += Number(c.Amount);
      g.vatAmount += Number(c.VatAmount);
    } else {
      groups.set(key, chargeLine(c, `${kindOf ? `cont ${kindOf} ` : ''}theo vận đơn ${bill}`));
    }
  }
  return [...groups.values()];
}
