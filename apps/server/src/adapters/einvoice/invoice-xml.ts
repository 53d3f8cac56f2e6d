import type { InvoiceParty, InvoiceRequest } from './einvoice.port';
import { el, opt, renderXml, type XmlElement } from './xml';

/** The invoice's VAT rate as the XML writes it (TSuat): '8%', '0%', 'KCT' (not subject to VAT). */
export const vatRateText = (rate: number) => (rate < 0 ? 'KCT' : `${rate}%`);

/** A quantity with at most two decimals ('11', '2.5'): the XML's decimal point, never a locale's. */
const decimal = (n: number) => String(Math.round(n * 100) / 100);

/** Free fields (TTKhac > TTin): the portal's own facts the standard has no element for. */
function otherInfo(fields: [string, 'string' | 'numeric', string | number | null][]): XmlElement | null {
  const rows = fields.filter(([, , v]) => v != null && v !== '');
  if (!rows.length) return null;
  return el(
    'TTKhac',
    rows.map(([name, kind, value]) => el('TTin', [el('TTruong', name), el('KDLieu', kind), el('DLieu', String(value))])),
  );
}

const party = (p: InvoiceParty, buyer: boolean): XmlElement[] =>
  [el('Ten', p.name), opt('MST', p.taxCode), opt('DChi', p.address), buyer ? opt('MKHang', p.code) : null].filter(
    (e): e is XmlElement => e !== null,
  );

/**
 * The invoice as the Vietnamese e-invoice XML (Decision 1450/QĐ-TCT under Circular 78/2021): HDon > DLHDon > TTChung,
 * NDHDon (NBan, NMua, DSHHDVu, TToan). The series is the seller's registered one; the number (SHDon) is left empty
 * for the provider, which numbers and signs the invoice. A line's VAT amount, the order number and the PIN travel in
 * TTKhac (the standard's place for facts it has no element for).
 */
export function invoiceXml(inv: InvoiceRequest, opts: { series: string; providerTaxCode: string }): string {
  const ttChung = el('TTChung', [
    el('PBan', '2.0.0'),
    el('THDon', 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG'),
    el('KHMSHDon', '1'),
    el('KHHDon', opts.series),
    el('SHDon'),
    el('NLap', inv.issueDate),
    el('DVTTe', 'VND'),
    el('TGia', '1'),
    el('HTTToan', inv.paymentMethod),
    el('MSTTCGP', opts.providerTaxCode),
    otherInfo([
      ['Số lệnh', 'string', inv.orderNo],
      ['Mã PIN', 'string', inv.pinCode],
      ['Số vận đơn', 'string', inv.billOfLading],
      ['Nội dung', 'string', inv.content],
    ]),
  ]);
  const lines = el(
    'DSHHDVu',
    inv.lines.map((l) =>
      el('HHDVu', [
        el('TChat', '1'),
        el('STT', l.no),
        el('THHDVu', l.name),
        el('DVTinh', l.unit),
        el('SLuong', decimal(l.quantity)),
        el('DGia', l.unitPrice),
        el('ThTien', l.amount),
        el('TSuat', vatRateText(l.vatRate)),
        otherInfo([['TThue', 'numeric', l.vatAmount]]),
      ]),
    ),
  );
  const totals = el('TToan', [
    el(
      'THTTLTSuat',
      inv.rates.map((r) => el('LTSuat', [el('TSuat', vatRateText(r.vatRate)), el('ThTien', r.amount), el('TThue', r.vatAmount)])),
    ),
    el('TgTCThue', inv.totalBeforeTax),
    el('TgTThue', inv.totalVat),
    el('TgTTTBSo', inv.totalPayable),
    el('TgTTTBChu', inv.payableInWords),
  ]);
  return renderXml(
    el('HDon', [
      el('DLHDon', [ttChung, el('NDHDon', [el('NBan', party(inv.seller, false)), el('NMua', party(inv.buyer, true)), lines, totals])], {
        Id: 'data',
      }),
    ]),
  );
}
