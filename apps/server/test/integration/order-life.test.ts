import { randomUUID } from 'node:crypto';
import { acceptMessages, type CallInput, calls, containerNumber, orderTypes, shownPin } from '@smartport/contract';
import {
  cardSimulator,
  checkInvoiceXml,
  demoMailAccount,
  demoTosAccount,
  einvoiceSimulator,
  type HeldTosOrder,
  mailSimulator,
  type ReadInvoice,
  type ReceivedMail,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApprovalFor } from '../helpers/approval';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// One import pickup of the demo yard walked the whole way, as a customer and the port live it: saved, paid by card,
// approved by staff (the approval configuration asks for it), invoiced (the e-invoice provider's shape check takes
// the XML, whose lines add up per VAT rate to what was charged), delivered to and allocated by the TOS, refused at the
// gate as expired when the truck comes late, extended, the extension paid, approved and delivered, through the gate in
// and out, completed. Every step is heard by mail in the local mail server's inbox. Only the simulators stand in for
// the outside world: the TOS, the card gateway, the e-invoice provider and the SMTP server; the jobs run through the
// portal's scheduler.
let t: TestApp;
let sims: Record<string, RunningSimulator>;
let customer: string;
let staff: string;
let admin: string;

const PAYER = 'ketoan-vongdoi@khachhang.vn';
const CREATOR = 'nguoitao-vongdoi@khachhang.vn';
/** The shipping line's addresses of its mail-order rules (PB, HT at once). */
const LINE_PB = 'pb-vongdoi@hangtau.vn';
const LINE_HT = 'ht-vongdoi@hangtau.vn';
const HOUR = 3_600_000;
/** Tomorrow 23:00 port time. */
const tomorrow = () => `${new Date(Date.now() + 7 * HOUR + 86_400_000).toISOString().slice(0, 10)} 23:00`;

const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const tosHolds = async (): Promise<HeldTosOrder[]> =>
  ((await (await fetch(`${sims.tos?.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;
async function gate(pin: string, containerNo: string, direction: 'in' | 'out') {
  const r = await fetch(`${sims.tos?.url}/api/gate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: shownPin(pin), containerNo, direction }),
  });
  return { status: r.status, body: (await r.json()) as { success: boolean; reason?: string; at?: string } };
}
const inbox = async (to: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${sims.mail?.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${sims.mail?.url}/messages/${m.id}`)).json()) as ReceivedMail));
};
/** The mails the payer received since the last look (every inbox emptied after). */
async function newMails(): Promise<ReceivedMail[]> {
  const mails = await inbox(PAYER);
  await fetch(`${sims.mail?.url}/messages`, { method: 'DELETE' });
  return mails;
}
const subjects = (mails: ReceivedMail[]) => mails.map((m) => m.subject).sort();

/** One run of a job through the scheduler's lock (a new tick: the lock runs a tick once); it must not fail. */
async function runJob(name: 'mail.queue' | 'mail.orders' | 'orders.yard-events') {
  await t.sql('update scheduled_jobs set last_tick = -1 where name = $1', [name]);
  await t.portal.jobs.runNow(name);
  expect(t.portal.jobs.stats(name)).toMatchObject({ failed: 0 });
}
/** The after-commit handlers of what just happened done, then the mail queue sent. */
async function settle() {
  await t.portal.events.drain();
  await runJob('mail.orders');
  await runJob('mail.queue');
}

const orderRow = async (orderNo: string) =>
  present(
    (
      await t.sql<{ order_status: string; tos_status: string; completed_at: Date | null; total_amount: number }>(
        'select order_status, tos_status, completed_at, total_amount::float8 total_amount from orders where order_no = $1',
        [orderNo],
      )
    )[0],
  );
const issuedInvoice = async (orderNo: string) =>
  (
    await t.sql<{ invoice_series: string; invoice_no: string }>(
      "select invoice_series, invoice_no from invoices where order_no = $1 and status = 'Y'",
      [orderNo],
    )
  )[0];
const provider = async (series: string, no: string) =>
  (await (await fetch(`${sims.einvoice?.url}/_knobs/invoices/${series}/${no}`)).json()) as {
    orderNo: string;
    invoice: ReadInvoice;
    xml: string;
  };
const getOrder = async (orderNo: string) => present((await t.call(calls.orders.getOrder, { OrderNo: orderNo }, customer)).body.data);

const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
async function payByCard(OrderNo: string) {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, customer);
  expect(start.status, start.raw).toBe(200);
  const done = await t.call(
    calls.payments.confirmCardTransfer,
    { otp: '123456', clientMessageId: present(start.body.data).clientMessageId },
    customer,
  );
  expect(done.status, done.raw).toBe(200);
}
/** Staff approve the paid order from 'Duyệt lệnh'. */
async function approve(orderNo: string) {
  expect((await orderRow(orderNo)).order_status).toBe('P');
  const r = await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, staff);
  expect(r.status, r.raw).toBe(200);
  expect(r.body.message).toBe(acceptMessages.approved);
}
/** The invoice the provider issued for the order: accepted by its shape check, its lines adding up to the charges. */
async function checkInvoice(orderNo: string) {
  await expect.poll(async () => !!(await issuedInvoice(orderNo)), { timeout: 10_000 }).toBe(true);
  const row = present(await issuedInvoice(orderNo));
  const issued = await provider(row.invoice_series, row.invoice_no);
  expect(issued.orderNo).toBe(orderNo);
  expect(checkInvoiceXml(issued.xml)).toMatchObject({ ok: true });
  const inv = issued.invoice;
  // Per VAT rate, the invoice's lines are the order's charge lines as priced at save.
  const charged = await t.sql<{ rate: string; amount: number; vat: number; n: number }>(
    `select case when vat_rate < 0 then 'KCT' else vat_rate || '%' end rate,
            sum(amount)::float8 amount, sum(vat_amount)::float8 vat, count(*)::int n
       from order_charges where order_no = $1 group by 1 order by 1`,
    [orderNo],
  );
  expect(charged.length).toBeGreaterThan(0);
  const byRate = (rate: string) => inv.lines.filter((l) => l.vatRate === rate);
  for (const c of charged) {
    const lines = byRate(c.rate);
    expect(lines).toHaveLength(c.n);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(c.amount);
    expect(lines.reduce((s, l) => s + l.vatAmount, 0)).toBe(c.vat);
    expect(inv.rates.find((r) => r.vatRate === c.rate)).toEqual({ vatRate: c.rate, amount: c.amount, vatAmount: c.vat });
  }
  expect(inv.lines).toHaveLength(charged.reduce((s, c) => s + c.n, 0));
  const total = (await orderRow(orderNo)).total_amount;
  expect(inv.totalBeforeTax + inv.totalVat).toBe(total);
  expect(inv.totalPayable).toBe(total);
  expect(inv.seller.taxCode).toMatch(/^\d{10}/);
  return { invoiceNo: `${row.invoice_series}-${row.invoice_no}`, invoice: inv };
}

beforeAll(async () => {
  sims = {};
  for (const def of [mailSimulator, tosSimulator, einvoiceSimulator, cardSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({
    config: {
      simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])),
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
    },
    jobs: { start: false },
  });
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
  admin = await t.login('admin');
  const smtp = new URL(String(sims.mail?.endpoints.smtp));
  const saved = await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: demoMailAccount.pass, tls: 0 },
    admin,
  );
  expect(saved.status, saved.raw).toBe(200);
  await t.sql("update customers set email = $1 where customer_code = 'C0000001'", [PAYER]);
  await t.sql("update users set email = $1 where user_id = 'khachhang'", [CREATOR]);
  // MSC's own mail-order rules: told of each allocation (PB) and completion (HT) at once.
  const rules = await t.call(
    calls.mail.updateMailOrderList,
    {
      data: [
        { OperationCode: 'MSC', MailTitle: 'MSC – lệnh đã phân bổ', MailCC: LINE_PB, DataFilter: 'PB', DelayType: 'TGT', IsActive: true },
        { OperationCode: 'MSC', MailTitle: 'MSC – lệnh hoàn tất', MailCC: LINE_HT, DataFilter: 'HT', DelayType: 'TGT', IsActive: true },
      ],
    },
    admin,
  );
  expect(rules.body.success, rules.raw).toBe(true);
  await fetch(`${sims.mail?.url}/messages`, { method: 'DELETE' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of Object.values(sims ?? {})) await s.close();
});

describe('an import pickup of the demo yard, from the order to the gate-out', () => {
  it('ends completed, with a mail at each step, an extension for the late truck and invoices that add up', async () => {
    // The TOS allocates when its planner does, not as the order arrives.
    await knobs('tos', { reset: true, autoAllocate: false });
    const box = containerNumber('MSCU', 261021);
    const [yard] = await t.sql<{ vessel_key: string; bl_no: string }>(
      'select vessel_key, bl_no from port_containers where container_no = $1',
      [box],
    );
    const draft: CallInput<typeof calls.orders.saveOrder> = {
      OrderType: 'import_pickup',
      TerminalCode: 'NDP',
      JobModeCode: orderTypes.import_pickup.jobModes[0] as string,
      OperationCode: 'MSC',
      VesselKey: present(yard).vessel_key,
      BLNo: present(yard).bl_no,
      BookingNo: null,
      ExpDate: tomorrow(),
      AttachServices: [],
      containers: [{ ContainerNo: box, IsoSizetype: '' }],
      CustomerCode: 'C0000001',
      TotalAmount: 0,
    };

    // 1. Saved by the customer: a mail with the PIN.
    const priced = await t.call(calls.orders.calculateCharges, draft, customer);
    expect(priced.status, priced.raw).toBe(200);
    const charges = present(priced.body.data);
    expect(charges.TotalAmount).toBeGreaterThan(0);
    const saved = await t.call(calls.orders.saveOrder, { ...draft, TotalAmount: charges.TotalAmount, ClientKey: randomUUID() }, customer);
    expect(saved.status, saved.raw).toBe(200);
    const order = present(saved.body.data);
    const pin = shownPin(order.PinCode);
    // The approval configuration of this order's scope asks staff to approve it (and its extension: same scope).
    await configureApprovalFor(t, order.OrderNo, false);
    await settle();
    // The customer who made it hears too, at an address of its own.
    expect(subjects(await inbox(CREATOR))).toEqual([`SmartPort – Lệnh ${pin} đã được lưu`]);
    let mails = await newMails();
    expect(subjects(mails)).toEqual([`SmartPort – Lệnh ${pin} đã được lưu`]);
    expect(present(mails[0]).to).toEqual([PAYER]);

    // 2. Paid by card and OTP: waiting for approval, said in the mail.
    await payByCard(order.OrderNo);
    await settle();
    expect((await orderRow(order.OrderNo)).order_status).toBe('P');
    mails = await newMails();
    expect(subjects(mails)).toEqual([`SmartPort – Lệnh ${pin} đã thanh toán`]);
    expect(present(mails[0]).text).toContain('Lệnh đang trạng thái chờ duyệt');

    // 3. Approved by staff: the invoice is issued and the order delivered to the TOS.
    await approve(order.OrderNo);
    await expect.poll(async () => (await orderRow(order.OrderNo)).tos_status, { timeout: 10_000 }).toBe('sent');
    const { invoiceNo, invoice } = await checkInvoice(order.OrderNo);
    expect(invoice.totalPayable).toBe(charges.TotalAmount);
    await settle();
    mails = await newMails();
    expect(subjects(mails)).toEqual([`SmartPort – Lệnh ${pin} đã được duyệt`, `SmartPort – Hóa đơn ${invoiceNo} của lệnh ${pin}`].sort());
    expect(present(mails.find((m) => m.subject.includes('Hóa đơn'))).text).toContain('Xuất hóa đơn thành công');
    expect((await getOrder(order.OrderNo)).YardState).toBe('none');

    // 4. The TOS allocates (PB): read from its yard feed by the job.
    const held = present((await tosHolds()).find((o) => o.orderNo === order.OrderNo));
    expect(held.containers.map((c) => c.containerNo)).toEqual([box]);
    const alloc = await fetch(`${sims.tos?.url}/_knobs/allocate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNo: order.OrderNo }),
    });
    expect(alloc.status).toBe(200);
    await runJob('orders.yard-events');
    await settle();
    expect(await getOrder(order.OrderNo)).toMatchObject({ YardState: 'allocated', YardStateName: 'Đã phân bổ', CompletedAt: null });
    // The line's PB rule mails it too (read before newMails empties every inbox).
    const linePb = await inbox(LINE_PB);
    expect(subjects(linePb)).toEqual(['MSC – lệnh đã phân bổ (1 lệnh)']);
    expect(present(linePb[0]).html).toContain(order.OrderNo);
    mails = await newMails();
    expect(subjects(mails)).toEqual([`SmartPort – Lệnh ${pin} đã được phân bổ`]);
    expect(present(mails[0]).text).toContain(box);

    // 5. The truck comes three days late (the TOS's clock): refused as expired; the feed makes the extension order.
    await knobs('tos', { clockOffsetMs: 3 * 24 * HOUR });
    expect(await gate(order.PinCode, box, 'in')).toMatchObject({ status: 422, body: { reason: 'EXPIRED' } });
    await runJob('orders.yard-events');
    await settle();
    const due = present((await getOrder(order.OrderNo)).ExtensionDue, 'the extension due');
    expect(due).toMatchObject({ ExtendsOrderNo: order.OrderNo, OrderStatus: 'A' });
    expect(due.TotalAmount).toBeGreaterThan(0);
    mails = await newMails();
    expect(subjects(mails)).toEqual([`SmartPort – Lệnh ${pin} cần gia hạn`]);
    expect(present(mails[0]).text).toContain(due.OrderNo);
    // Unpaid, the TOS does not hold it: still refused.
    expect(await gate(order.PinCode, box, 'in')).toMatchObject({ status: 422, body: { reason: 'EXPIRED' } });
    await runJob('orders.yard-events');

    // 6. The extension paid, approved, invoiced and delivered: the TOS moves the expiry.
    const extension = await getOrder(due.OrderNo);
    // The notice on the order's screens links the home page's tracking of the extension's own PIN.
    expect(due.PinCode).toBe(extension.PinCode);
    const extPin = shownPin(extension.PinCode);
    await payByCard(due.OrderNo);
    await settle();
    expect(subjects(await newMails())).toEqual([`SmartPort – Lệnh ${extPin} đã thanh toán`]);
    await approve(due.OrderNo);
    await expect.poll(async () => (await orderRow(due.OrderNo)).tos_status, { timeout: 10_000 }).toBe('sent');
    const ext = await checkInvoice(due.OrderNo);
    expect(ext.invoice.totalPayable).toBe(due.TotalAmount);
    // Only storage (and reefer) is extended: the lifting was invoiced with the order.
    expect(ext.invoice.lines.every((l) => l.name.startsWith('Lưu bãi') || l.name.startsWith('Điện lạnh'))).toBe(true);
    await settle();
    expect(subjects(await newMails())).toEqual(
      [`SmartPort – Lệnh ${extPin} đã được duyệt`, `SmartPort – Hóa đơn ${ext.invoiceNo} của lệnh ${extPin}`].sort(),
    );
    expect(present((await tosHolds()).find((o) => o.orderNo === due.OrderNo)).extendsOrderNo).toBe(order.OrderNo);
    expect((await getOrder(order.OrderNo)).ExtensionDue).toBeNull();

    // 7. Through the gate in and out with the order's PIN: completed (HT).
    expect((await gate(order.PinCode, box, 'in')).status).toBe(200);
    const out = await gate(order.PinCode, box, 'out');
    expect(out.status).toBe(200);
    await runJob('orders.yard-events');
    await settle();
    const row = await orderRow(order.OrderNo);
    expect(row.order_status).toBe('C');
    expect(row.completed_at?.toISOString()).toBe(out.body.at);
    const done = await getOrder(order.OrderNo);
    expect(done).toMatchObject({ YardState: 'completed', YardStateName: 'Hoàn tất', CompletedAt: out.body.at, ExtensionDue: null });
    expect(done.containers.every((c) => c.AllocatedAt && c.GateInTime && c.GateOutTime)).toBe(true);
    const lineHt = await inbox(LINE_HT);
    expect(subjects(lineHt)).toEqual(['MSC – lệnh hoàn tất (1 lệnh)']);
    expect(present(lineHt[0]).html).toContain(order.OrderNo);
    expect(subjects(await newMails())).toEqual([`SmartPort – Lệnh ${pin} đã hoàn tất`]);

    // Every mail of the two orders is in the administrators' record, sent once.
    const record = present((await t.call(calls.mail.getMailQueue, {}, admin)).body.payload).filter(
      (r) => r.OrderNo === order.OrderNo || r.OrderNo === due.OrderNo,
    );
    const toPayer = record.filter((r) => r.MailTo === PAYER);
    // Saved, paid, approved, invoice, allocated, extension due, completed; the extension's paid, approved, invoice.
    expect(toPayer).toHaveLength(10);
    expect(toPayer.every((r) => r.Status === 'sent' && r.Attempts === 1)).toBe(true);
  });
});
