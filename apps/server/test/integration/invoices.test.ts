import { calls, containerNumber, paymentMessages } from '@smartport/contract';
import { einvoiceSimulator, type ReadInvoice, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The VAT e-invoice (Decree 123/2020, Circular 78/2021): one line per charge line with unit, quantity, unit price,
// amount before tax, VAT rate and amount; totals per rate; the buyer and seller from the server's records; the draft
// and the issued invoice show the same lines.
let t: TestApp;
let sim: RunningSimulator;
let admin: string;
let serial = 0;

beforeAll(async () => {
  sim = await startSimulator(einvoiceSimulator, 0);
  t = await createTestApp({ jobs: { start: false }, config: { simulators: { einvoice: sim.url } } });
  admin = await t.login('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

interface Charge {
  cntr: string;
  iso: string;
  fe: 'F' | 'E';
  kind: 'job' | 'attach' | 'storage';
  job: string;
  jobName: string;
  qty: number;
  unit: string;
  price: number;
  vat: number;
}

/** A paid, approved order (C, with its transaction) whose charge lines are stored as the tariff engine stores them. */
async function paidOrder(o: { terminal: string; customer: string; job: string; bl: string | null; charges: Charge[] }) {
  const orderNo = `${o.terminal}2611219${String(++serial).padStart(6, '0')}`;
  const lines = o.charges.map((c) => {
    const amount = c.price * c.qty;
    const vat = Math.round((amount * c.vat) / 100);
    return { ...c, amount, vatAmount: vat };
  });
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  const vat = lines.reduce((s, l) => s + l.vatAmount, 0);
  await t.sql(
    `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
       amount, vat_amount, operation_code, bl_no, transaction_id, skip_approval, created_by)
     values ($1, $2, $3, $4, $5, 'M', 'C', $6, $7, $8, 'MSC', $9, $10, true, 'admin')`,
    [
      orderNo,
      `2611219${String(serial).padStart(5, '0')}-42`,
      o.terminal,
      o.customer,
      o.job,
      amount + vat,
      amount,
      vat,
      o.bl,
      `FT${orderNo}`,
    ],
  );
  for (const cntr of new Set(lines.map((l) => l.cntr))) {
    const of = lines.filter((l) => l.cntr === cntr);
    const first = present(of[0]);
    await t.sql(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, cargo_type_code, amount)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        orderNo,
        cntr,
        first.iso,
        first.fe,
        first.iso.startsWith('2') ? 1 : 2,
        first.fe === 'E' ? 'MT' : 'GP',
        of.reduce((s, l) => s + l.amount + l.vatAmount, 0),
      ],
    );
  }
  for (const [i, l] of lines.entries())
    await t.sql(
      `insert into order_charges (order_no, line_no, container_no, job_mode_code, job_mode_name, charge_kind, source, tariff_code, tariff_name,
         iso_sizetype, fe, cargo_type_code, quantity, unit, unit_price, tariff_currency, tariff_price, amount, vat_rate, vat_amount, total, explanation)
       values ($1, $2, $3, $4, $5, $6, 'standard', $7::text, $7::text, $8, $9, $10, $11, $12, $13::bigint, 'VND', $13::bigint, $14, $15, $16, $17, $18)`,
      [
        orderNo,
        i + 1,
        l.cntr,
        l.job,
        l.jobName,
        l.kind,
        `T-${l.job}-${l.kind}`,
        l.iso,
        l.fe,
        l.fe === 'E' ? 'MT' : 'GP',
        l.qty,
        l.unit,
        l.price,
        l.amount,
        l.vat,
        l.vatAmount,
        l.amount + l.vatAmount,
        `${l.kind} ${l.cntr}`,
      ],
    );
  return { orderNo, total: amount + vat };
}

const provider = async (invoiceNo: string) => {
  const [series, no] = invoiceNo.split('-');
  const res = await fetch(`${sim.url}/_knobs/invoices/${series}/${no}`);
  return (await res.json()) as { orderNo: string; invoice: ReadInvoice; xml: string };
};

const MSCU = (n: number) => containerNumber('MSCU', n);
const TGHU = (n: number) => containerNumber('TGHU', n);

/** Lifting, the attached inspection and 11 storage days of two containers at 8 %: six charge lines. */
const importPickup = (cntrs: string[]): Charge[] =>
  cntrs.flatMap((cntr) => [
    {
      cntr,
      iso: '45G1',
      fe: 'F',
      kind: 'job',
      job: 'LAYN',
      jobName: 'Lấy nguyên container',
      qty: 1,
      unit: 'Cont',
      price: 1_150_000,
      vat: 8,
    },
    { cntr, iso: '45G1', fe: 'F', kind: 'attach', job: 'DVKT', jobName: 'Kiểm hóa', qty: 1, unit: 'Cont', price: 300_000, vat: 8 },
    {
      cntr,
      iso: '45G1',
      fe: 'F',
      kind: 'storage',
      job: 'LAYN',
      jobName: 'Lấy nguyên container',
      qty: 11,
      unit: 'Ngày',
      price: 90_000,
      vat: 8,
    },
  ]);

describe('the VAT e-invoice of an import pickup with six charge lines', () => {
  let order: { orderNo: string; total: number };
  let customer: { customer_name: string; tax_code: string; address: string };
  beforeAll(async () => {
    order = await paidOrder({
      terminal: 'NDP',
      customer: 'C0000001',
      job: 'LAYN',
      bl: 'MEDU2611001',
      charges: importPickup([MSCU(611001), MSCU(611002)]),
    });
    customer = present(
      (await t.sql<typeof customer>("select customer_name, tax_code, address from customers where customer_code = 'C0000001'"))[0],
    );
  });

  it('issues one invoice line per charge line with VAT per rate, the buyer and seller of record and the short PIN', async () => {
    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: order.orderNo }, admin);
    expect(pub.status, pub.raw).toBe(200);
    expect(pub.body.message).toBe(paymentMessages.invoiced);
    const issued = await provider(String(present(pub.body.msg)[0]?.InvoiceNo));
    const inv = issued.invoice;
    expect(issued.orderNo).toBe(order.orderNo);
    expect(inv.lines.map((l) => [l.no, l.name, l.unit, l.quantity, l.unitPrice, l.amount, l.vatRate, l.vatAmount])).toEqual([
      [1, `Lấy nguyên container container ${MSCU(611001)} (45G1, hàng)`, 'Container', 1, 1_150_000, 1_150_000, '8%', 92_000],
      [2, `Dịch vụ Kiểm hóa container ${MSCU(611001)} (45G1, hàng)`, 'Container', 1, 300_000, 300_000, '8%', 24_000],
      [3, `Lưu bãi container ${MSCU(611001)} (45G1, hàng)`, 'Ngày', 11, 90_000, 990_000, '8%', 79_200],
      [4, `Lấy nguyên container container ${MSCU(611002)} (45G1, hàng)`, 'Container', 1, 1_150_000, 1_150_000, '8%', 92_000],
      [5, `Dịch vụ Kiểm hóa container ${MSCU(611002)} (45G1, hàng)`, 'Container', 1, 300_000, 300_000, '8%', 24_000],
      [6, `Lưu bãi container ${MSCU(611002)} (45G1, hàng)`, 'Ngày', 11, 90_000, 990_000, '8%', 79_200],
    ]);
    expect(inv.rates).toEqual([{ vatRate: '8%', amount: 4_880_000, vatAmount: 390_400 }]);
    expect([inv.totalBeforeTax, inv.totalVat, inv.totalPayable]).toEqual([4_880_000, 390_400, order.total]);
    expect(order.total).toBe(5_270_400);
    expect(inv.payableInWords).toBe('Năm triệu hai trăm bảy mươi nghìn bốn trăm đồng');
    expect(inv.buyer).toEqual({ name: customer.customer_name, taxCode: customer.tax_code, address: customer.address, code: 'C0000001' });
    expect(inv.seller).toMatchObject({ name: 'Cảng Nam Đình Vũ', taxCode: '0201776543', address: expect.stringContaining('Đình Vũ') });
    expect(inv.info).toMatchObject({ 'Số lệnh': order.orderNo, 'Mã PIN': `2611219${String(1).padStart(5, '0')}` });
    expect(inv.info['Mã PIN']).not.toContain('-');
    expect(inv.info['Số vận đơn']).toBeUndefined();
    expect(issued.xml).toContain('<TgTTTBChu>Năm triệu hai trăm bảy mươi nghìn bốn trăm đồng</TgTTTBChu>');
    // What the invoice records is what the customer paid.
    const stored = await t.sql<{ amount: number }>("select amount::float8 amount from invoices where order_no = $1 and status = 'Y'", [
      order.orderNo,
    ]);
    expect(stored).toEqual([{ amount: order.total }]);
  });

  it('the draft (invoice/draft_inv) shows the same lines and totals', async () => {
    const draft = await t.call(calls.invoices.draftInvoice, { fkeys: [order.orderNo] }, admin);
    expect(draft.status, draft.raw).toBe(200);
    const html = String(draft.body.data);
    const rows = [
      ...html.matchAll(
        /<tr><td>(\d+)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><\/tr>/g,
      ),
    ].map((m) => m.slice(1));
    expect(rows).toHaveLength(6);
    expect(rows[2]).toEqual(['3', `Lưu bãi container ${MSCU(611001)} (45G1, hàng)`, 'Ngày', '11', '90.000', '990.000', '8%', '79.200']);
    expect(html).toContain('Tổng theo thuế suất 8%</td><td class="num">4.880.000</td><td class="num">8%</td><td class="num">390.400</td>');
    expect(html).toContain('Tổng tiền thanh toán</td><td class="num">5.270.400</td>');
    expect(html).toContain('Số tiền viết bằng chữ: Năm triệu hai trăm bảy mươi nghìn bốn trăm đồng');
    expect(html).toContain(`PIN 2611219${String(1).padStart(5, '0')}</h3>`);
    expect(html).toContain(`Mã số thuế: ${customer.tax_code}`);
  });
});

describe('five or more TRAR containers: the invoice content is the declared bill of lading', () => {
  it('adds the same charges of the bill into one line and writes the bill in the content', async () => {
    const cntrs = [1, 2, 3, 4, 5].map((n) => TGHU(612000 + n));
    const o = await paidOrder({
      terminal: 'NDP',
      customer: 'C0000001',
      job: 'TRAR',
      bl: 'MEDU2612345',
      charges: cntrs.map((cntr) => ({
        cntr,
        iso: '22G1',
        fe: 'E',
        kind: 'job',
        job: 'TRAR',
        jobName: 'Trả rỗng',
        qty: 1,
        unit: 'Cont',
        price: 250_000,
        vat: 8,
      })),
    });
    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.orderNo }, admin);
    expect(pub.status, pub.raw).toBe(200);
    const inv = (await provider(String(present(pub.body.msg)[0]?.InvoiceNo))).invoice;
    expect(inv.lines).toEqual([
      {
        no: 1,
        name: "Trả rỗng cont 20' rỗng theo vận đơn MEDU2612345",
        unit: 'Container',
        quantity: 5,
        unitPrice: 250_000,
        amount: 1_250_000,
        vatRate: '8%',
        vatAmount: 100_000,
      },
    ]);
    expect(inv.info).toMatchObject({
      'Số vận đơn': 'MEDU2612345',
      'Nội dung': `Thu cước Trả rỗng theo vận đơn MEDU2612345 (5 container), lệnh ${o.orderNo}`,
    });
    expect(inv.payableInWords).toBe('Một triệu ba trăm năm mươi nghìn đồng');
  });
});

describe("the seller's tax code is kept on 'Cấu hình liên hệ'", () => {
  it("a code changed on the screen is the seller's in the next invoice's XML; a malformed one is refused in words", async () => {
    const contacts = present((await t.call(calls.siteConfig.getContactList, {}, admin)).body.payload);
    const ndp = present(contacts.find((c) => c.TerminalCode === 'NDP'));
    expect(ndp.TaxCode).toBe('0201776543');
    const bad = await t.call(calls.siteConfig.updateContactList, { data: [{ ...ndp, TaxCode: '02017-76543' }] }, admin);
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('Mã số thuế người bán gồm 10 chữ số');
    const saved = await t.call(calls.siteConfig.updateContactList, { data: [{ ...ndp, TaxCode: '0201776543-002' }] }, admin);
    expect(saved.body, saved.raw).toMatchObject({ success: true });
    try {
      const o = await paidOrder({ terminal: 'NDP', customer: 'C0000001', job: 'LAYN', bl: null, charges: importPickup([MSCU(616001)]) });
      const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.orderNo }, admin);
      expect(pub.status, pub.raw).toBe(200);
      const issued = await provider(String(present(pub.body.msg)[0]?.InvoiceNo));
      expect(issued.invoice.seller.taxCode).toBe('0201776543-002');
      expect(issued.xml).toMatch(/<NBan>[\s\S]*<MST>0201776543-002<\/MST>[\s\S]*<\/NBan>/);

      // Cleared on the screen: the terminal issues nothing and says why.
      const cleared = await t.call(calls.siteConfig.updateContactList, { data: [{ ...ndp, TaxCode: '' }] }, admin);
      expect(cleared.body, cleared.raw).toMatchObject({ success: true });
      const none = await paidOrder({ terminal: 'NDP', customer: 'C0000001', job: 'LAYN', bl: null, charges: importPickup([MSCU(616002)]) });
      expect((await t.call(calls.invoices.publishOrderNo, { OrderNo: none.orderNo }, admin)).status).toBe(409);
    } finally {
      await t.call(calls.siteConfig.updateContactList, { data: [ndp] }, admin);
    }
    expect((await t.sql("select tax_code from terminals where terminal_code = 'NDP'"))[0]).toEqual({ tax_code: '0201776543' });
  });
});

describe('an invoice that cannot be issued is said, never a 500', () => {
  it("a terminal without a seller's tax code: no request to the provider, the follow-up says why", async () => {
    await t.sql("update terminals set tax_code = null where terminal_code = 'NHP'");
    try {
      const o = await paidOrder({ terminal: 'NHP', customer: 'C0000001', job: 'LAYN', bl: null, charges: importPickup([MSCU(613001)]) });
      const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.orderNo }, admin);
      expect(pub.status).toBe(409);
      expect(pub.body.message).toBe(paymentMessages.invoiceError);
      const [followup] = await t.sql<{ last_error: string }>(
        "select last_error from payment_followups where kind = 'invoice' and order_no = $1",
        [o.orderNo],
      );
      expect(followup?.last_error).toBe(
        'Cảng NHP chưa có mã số thuế người bán trên hóa đơn: chưa xuất được hóa đơn, vui lòng liên hệ bộ phận thu ngân của cảng.',
      );
    } finally {
      await t.sql("update terminals set tax_code = '0200458812' where terminal_code = 'NHP'");
    }
  });

  it("the provider's refusal of the content (a buyer tax code of the wrong shape) is its words, as a refusal", async () => {
    const [{ tax_code: tax } = { tax_code: '' }] = await t.sql<{ tax_code: string }>(
      "select tax_code from customers where customer_code = 'C0000002'",
    );
    await t.sql("update customers set tax_code = '01-ABC' where customer_code = 'C0000002'");
    try {
      const o = await paidOrder({ terminal: 'NDP', customer: 'C0000002', job: 'LAYN', bl: null, charges: importPickup([MSCU(614001)]) });
      const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.orderNo }, admin);
      expect(pub.status).toBe(424);
      expect(pub.body.message).toBe(paymentMessages.invoiceError);
      const [followup] = await t.sql<{ last_error: string }>(
        "select last_error from payment_followups where kind = 'invoice' and order_no = $1",
        [o.orderNo],
      );
      expect(followup?.last_error).toBe(
        'Hệ thống hóa đơn điện tử từ chối hóa đơn: Hóa đơn không hợp lệ: NDHDon/NMua/MST không đúng định dạng mã số thuế (nhận được "01-ABC")',
      );
    } finally {
      await t.sql("update customers set tax_code = $1 where customer_code = 'C0000002'", [tax]);
    }
  });

  it('lines that do not add up to what the customer paid: the draft says so (409), nothing is issued', async () => {
    const o = await paidOrder({ terminal: 'NDP', customer: 'C0000001', job: 'LAYN', bl: null, charges: importPickup([MSCU(615001)]) });
    await t.sql('update orders set total_amount = total_amount + 1 where order_no = $1', [o.orderNo]);
    const draft = await t.call(calls.invoices.draftInvoice, { fkeys: [o.orderNo] }, admin);
    expect(draft.status).toBe(409);
    expect(draft.body.message).toMatch(/^Tổng các dòng cước của lệnh .* khác số tiền của lệnh \(2\.635\.201\)/);
    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.orderNo }, admin);
    expect(pub.status).toBe(409);
    expect(await t.sql("select 1 from invoices where order_no = $1 and status = 'Y'", [o.orderNo])).toHaveLength(0);
  });
});
