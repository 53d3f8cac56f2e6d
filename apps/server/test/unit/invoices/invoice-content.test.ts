import { checkInvoiceXml } from '@smartport/simulators';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceRequest } from '../../../src/adapters/einvoice/einvoice.port';
import { invoiceXml } from '../../../src/adapters/einvoice/invoice-xml';
import {
  type ChargeRow,
  type ContainerRow,
  InvoiceMismatch,
  type InvoiceOrder,
  invoiceContent,
  UNPRICED_VAT_RATE,
} from '../../../src/modules/invoices/invoice-content';
import { vatOf } from '../../../src/modules/orders/tariff-engine';

const order = (over: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
  OrderNo: 'NDP2611210000001',
  PinCode: '26112100001-07',
  JobModeCode: 'LAYN',
  JobModeName: 'Lấy nguyên container',
  BLNo: 'MEDU123456789',
  TotalAmount: 0,
  ...over,
});

let lineNo = 0;
const charge = (over: Partial<ChargeRow> & Pick<ChargeRow, 'ChargeKind' | 'Amount'>): ChargeRow => {
  const VatRate = over.VatRate ?? 8;
  return {
    LineNo: ++lineNo,
    ContainerNo: 'MSCU1234565',
    JobModeCode: 'LAYN',
    JobModeName: 'Lấy nguyên container',
    IsoSizetype: '45G1',
    FE: 'F',
    Quantity: 1,
    Unit: 'Cont',
    UnitPrice: over.Amount,
    VatRate,
    VatAmount: vatOf(over.Amount, VatRate),
    ...over,
  };
};
const paid = (lines: readonly ChargeRow[]) => lines.reduce((s, l) => s + l.Amount + l.VatAmount, 0);

/** The request the adapter sends for a content (parties fixed). */
const request = (c: ReturnType<typeof invoiceContent>): InvoiceRequest => ({
  key: 'K',
  issueDate: '2026-11-21',
  paymentMethod: 'CK',
  seller: { name: 'Cảng Nam Đình Vũ', taxCode: '0201776543', address: 'Khu kinh tế Đình Vũ, TP. Hải Phòng' },
  buyer: { name: 'Công ty TNHH Xuất nhập khẩu "Sao Mai" & Cộng sự', taxCode: '0101234567', address: 'Số 1 Trần Phú <HP>', code: 'C1' },
  orderNo: 'NDP2611210000001',
  pinCode: c.pinCode,
  billOfLading: c.billOfLading,
  content: c.content,
  lines: c.lines,
  rates: c.rates,
  totalBeforeTax: c.totalBeforeTax,
  totalVat: c.totalVat,
  totalPayable: c.totalPayable,
  payableInWords: c.payableInWords,
});

describe('the invoice of an import pickup with six charge lines', () => {
  // Two containers: lifting, attached inspection, 11 storage days each, VAT 8 % (docs/decisions.md "Invoice lines").
  const lines = ['MSCU1234565', 'MSCU7654325'].flatMap((cntr) => [
    charge({ ContainerNo: cntr, ChargeKind: 'job', Amount: 1_000_000 }),
    charge({ ContainerNo: cntr, ChargeKind: 'attach', JobModeCode: 'DVKT', JobModeName: 'Kiểm hóa', Amount: 304_560, UnitPrice: 304_560 }),
    charge({ ContainerNo: cntr, ChargeKind: 'storage', Quantity: 11, Unit: 'Ngày', UnitPrice: 45_000, Amount: 495_000 }),
  ]);
  const c = invoiceContent(order({ TotalAmount: paid(lines) }), lines, []);

  it('has one line per charge line with its unit, quantity, unit price, amount before tax, rate and VAT', () => {
    expect(c.lines).toHaveLength(6);
    expect(c.lines[0]).toEqual({
      no: 1,
      name: 'Lấy nguyên container container MSCU1234565 (45G1, hàng)',
      unit: 'Container',
      quantity: 1,
      unitPrice: 1_000_000,
      amount: 1_000_000,
      vatRate: 8,
      vatAmount: 80_000,
    });
    expect(c.lines[1]).toMatchObject({ name: 'Dịch vụ Kiểm hóa container MSCU1234565 (45G1, hàng)', amount: 304_560, vatAmount: 24_365 });
    expect(c.lines[2]).toMatchObject({
      name: 'Lưu bãi container MSCU1234565 (45G1, hàng)',
      unit: 'Ngày',
      quantity: 11,
      unitPrice: 45_000,
      amount: 495_000,
      vatAmount: 39_600,
    });
  });

  it('totals per rate, before tax, VAT and payable; the payable in words; the short PIN', () => {
    expect(c.rates).toEqual([{ vatRate: 8, amount: 3_599_120, vatAmount: 287_930 }]);
    expect([c.totalBeforeTax, c.totalVat, c.totalPayable]).toEqual([3_599_120, 287_930, 3_887_050]);
    expect(c.payableInWords).toBe('Ba triệu tám trăm tám mươi bảy nghìn không trăm năm mươi đồng');
    expect(c.pinCode).toBe('26112100001');
    expect(c.billOfLading).toBeNull();
  });

  it('is an e-invoice XML the provider accepts, carrying the same lines', () => {
    const checked = checkInvoiceXml(invoiceXml(request(c), { series: 'C26TAA', providerTaxCode: '0109999999' }));
    if (!checked.ok) throw new Error(checked.problems.join('\n'));
    expect(checked.invoice.lines.map((l) => [l.name, l.unit, l.quantity, l.unitPrice, l.amount, l.vatRate, l.vatAmount])).toEqual(
      c.lines.map((l) => [l.name, l.unit, l.quantity, l.unitPrice, l.amount, `${l.vatRate}%`, l.vatAmount]),
    );
    expect(checked.invoice.buyer.name).toBe('Công ty TNHH Xuất nhập khẩu "Sao Mai" & Cộng sự');
    expect(checked.invoice.info).toMatchObject({ 'Số lệnh': 'NDP2611210000001', 'Mã PIN': '26112100001' });
  });

  it('refuses lines that do not add up to what the customer pays', () => {
    expect(() => invoiceContent(order({ TotalAmount: paid(lines) + 1 }), lines, [])).toThrow(InvoiceMismatch);
  });
});

describe('five or more TRAR containers: the invoice speaks of the declared bill of lading', () => {
  const cntrs = ['TGHU1000001', 'TGHU1000002', 'TGHU1000003', 'TGHU1000004', 'TGHU1000005'];
  const containers: ContainerRow[] = cntrs.map((c) => ({ ContainerNo: c, IsoSizetype: '22G1', FE: 'E', Amount: 0 }));
  const lines = cntrs.map((c) =>
    charge({
      ContainerNo: c,
      JobModeCode: 'TRAR',
      JobModeName: 'Hạ container rỗng',
      IsoSizetype: '22G1',
      FE: 'E',
      ChargeKind: 'job',
      Amount: 300_000,
    }),
  );
  const trar = order({ JobModeCode: 'TRAR', JobModeName: 'Hạ container rỗng', BLNo: 'MEDU998877', TotalAmount: paid(lines) });

  it('adds the same charges into one line named with the bill of lading', () => {
    const c = invoiceContent(trar, lines, containers);
    expect(c.billOfLading).toBe('MEDU998877');
    expect(c.lines).toEqual([
      {
        no: 1,
        name: "Hạ container rỗng cont 20' rỗng theo vận đơn MEDU998877",
        unit: 'Container',
        quantity: 5,
        unitPrice: 300_000,
        amount: 1_500_000,
        vatRate: 8,
        vatAmount: 120_000,
      },
    ]);
    expect(c.content).toBe('Thu cước Hạ container rỗng theo vận đơn MEDU998877 (5 container), lệnh NDP2611210000001');
  });

  it('four containers are still listed one by one', () => {
    const c = invoiceContent({ ...trar, TotalAmount: paid(lines.slice(0, 4)) }, lines.slice(0, 4), containers.slice(0, 4));
    expect(c.billOfLading).toBeNull();
    expect(c.lines).toHaveLength(4);
  });
});

describe('an order without stored charge lines (demo data)', () => {
  it("splits each container's VAT-included amount at the port's rate, exactly", () => {
    const containers: ContainerRow[] = [
      { ContainerNo: 'MSCU1234565', IsoSizetype: '22G1', FE: 'F', Amount: 650_000 },
      { ContainerNo: 'MSCU7654325', IsoSizetype: '45G1', FE: 'F', Amount: 980_000 },
    ];
    const c = invoiceContent(order({ TotalAmount: 1_630_000 }), [], containers);
    expect(c.lines.map((l) => [l.amount, l.vatRate, l.vatAmount])).toEqual([
      [601_852, UNPRICED_VAT_RATE, 48_148],
      [907_407, UNPRICED_VAT_RATE, 72_593],
    ]);
    expect(c.totalPayable).toBe(1_630_000);
  });
});

// ---- property: whatever the engine stored, the invoice adds up to what the customer paid ---------------------------

const arbCharge = fc.record({
  ChargeKind: fc.constantFrom('job', 'surcharge', 'attach', 'storage', 'reefer'),
  ContainerNo: fc.constantFrom('MSCU1234565', 'MSCU7654325', 'TGHU1000001', 'TGHU1000002', 'TGHU1000003'),
  IsoSizetype: fc.constantFrom('22G1', '45G1', 'L5G1', '22R1'),
  FE: fc.constantFrom('F', 'E'),
  JobModeCode: fc.constantFrom('LAYN', 'TRAR', 'DVKT'),
  VatRate: fc.constantFrom(-1, 0, 5, 8, 10),
  Quantity: fc.oneof(
    fc.constant(1),
    fc.integer({ min: 1, max: 60 }),
    fc.integer({ min: 1, max: 400 }).map((n) => n / 4),
  ),
  // VND prices, and USD prices times a rate (not whole VND).
  price: fc.oneof(
    fc.integer({ min: 0, max: 5_000_000 }),
    fc.double({ min: 1, max: 500, noNaN: true }).map((usd) => usd * 25_380.5),
  ),
});

type ArbCharge = typeof arbCharge extends fc.Arbitrary<infer T> ? T : never;

const engineLine = (a: ArbCharge, i: number): ChargeRow => {
  // As the tariff engine stores a line: the amount rounded once, the unit price rounded, VAT per line.
  const Amount = Math.round(a.price * a.Quantity);
  return {
    LineNo: i + 1,
    ContainerNo: a.ContainerNo,
    JobModeCode: a.JobModeCode,
    JobModeName: a.JobModeCode,
    ChargeKind: a.ChargeKind,
    IsoSizetype: a.IsoSizetype,
    FE: a.FE,
    Quantity: a.Quantity,
    Unit: a.ChargeKind === 'storage' ? 'Ngày' : a.ChargeKind === 'reefer' ? 'Giờ' : a.ChargeKind === 'surcharge' ? 'Lần' : 'Cont',
    UnitPrice: Math.round(a.price),
    Amount,
    VatRate: a.VatRate,
    VatAmount: vatOf(Amount, a.VatRate),
  };
};

describe('property: lines, rates and totals add up to what the customer paid, and the provider accepts them', () => {
  it('per rate Σ lines before tax + VAT is the rate payable; over the rates the total is the order money', () => {
    fc.assert(
      fc.property(
        fc.array(arbCharge, { minLength: 1, maxLength: 40 }),
        fc.constantFrom('LAYN', 'TRAR'),
        fc.option(fc.constant('MEDU998877'), { nil: null }),
        (arb, job, bl) => {
          const lines = arb.map(engineLine);
          const containers = [...new Set(lines.map((l) => l.ContainerNo as string))].map((c) => ({
            ContainerNo: c,
            IsoSizetype: '22G1',
            FE: 'F',
            Amount: 0,
          }));
          const total = paid(lines);
          const c = invoiceContent(order({ JobModeCode: job, BLNo: bl, TotalAmount: total }), lines, containers);
          for (const r of c.rates) {
            const of = c.lines.filter((l) => l.vatRate === r.vatRate);
            expect(of.reduce((s, l) => s + l.amount, 0)).toBe(r.amount);
            expect(of.reduce((s, l) => s + l.vatAmount, 0)).toBe(r.vatAmount);
            const stored = lines.filter((l) => l.VatRate === r.vatRate);
            expect(r.amount + r.vatAmount).toBe(stored.reduce((s, l) => s + l.Amount + l.VatAmount, 0));
          }
          expect(new Set(c.rates.map((r) => r.vatRate)).size).toBe(c.rates.length);
          expect(c.totalBeforeTax + c.totalVat).toBe(total);
          expect(c.totalPayable).toBe(total);
          expect(c.rates.reduce((s, r) => s + r.amount + r.vatAmount, 0)).toBe(total);
          if (!c.billOfLading) expect(c.lines).toHaveLength(lines.length);
          const checked = checkInvoiceXml(invoiceXml(request(c), { series: 'C26TAA', providerTaxCode: '0109999999' }));
          if (!checked.ok) throw new Error(checked.problems.join('\n'));
          expect(checked.invoice.totalPayable).toBe(total);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an order without charge lines: each container and the whole add up exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 8 }), (amounts) => {
        const containers = amounts.map((Amount, i) => ({ ContainerNo: `TGHU100000${i}`, IsoSizetype: '22G1', FE: 'F', Amount }));
        const total = amounts.reduce((s, a) => s + a, 0);
        const c = invoiceContent(order({ TotalAmount: total }), [], containers);
        c.lines.forEach((l, i) => {
          expect(l.amount + l.vatAmount).toBe(amounts[i]);
        });
        expect(c.totalBeforeTax + c.totalVat).toBe(total);
      }),
    );
  });
});
