import { createHmac } from 'node:crypto';
import { calls, canonicalFields, paymentMessages } from '@smartport/contract';
import {
  bankPageSimulator,
  cardSimulator,
  einvoiceSimulator,
  type RunningSimulator,
  startSimulator,
  vietQrSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApprovalFor } from '../helpers/approval';
import { createTestApp, present, type TestApp } from '../helpers/test-app';
import { unpaidOrder as demoUnpaidOrder } from '../helpers/unpaid-order';

let t: TestApp;
let sims: Record<string, RunningSimulator>;
let admin: string;
const events: { userId: string; event: string; data: unknown }[] = [];

const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  sims = {};
  for (const def of [cardSimulator, bankPageSimulator, vietQrSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({
    config: { simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])) },
  });
  // Partners send their notices to where the portal listens.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login('admin');
  const live = t.portal.live as unknown as { toUser: (u: string, e: string, env: { data?: unknown }) => void };
  // Listens to the real delivery (the events still go out to connected sockets): a pass-through, not a stand-in.
  const deliver = live.toUser.bind(live);
  vi.spyOn(live, 'toUser').mockImplementation((userId, event, env) => {
    events.push({ userId, event, data: env.data });
    return deliver(userId, event, env);
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const s of Object.values(sims ?? {})) await s.close();
});
beforeEach(async () => {
  events.length = 0;
  for (const name of ['card', 'napas', 'vietqr', 'einvoice']) await knobs(name, { reset: true });
});

const unpaidOrder = (skipApproval = true) => demoUnpaidOrder(t, skipApproval, true);
const orderState = async (orderNo: string) =>
  (
    await t.sql<{ order_status: string; transaction_id: string | null }>(
      'select order_status, transaction_id from orders where order_no = $1',
      [orderNo],
    )
  )[0];
const paidCount = async (orderNo: string) =>
  Number((await t.sql<{ n: number }>('select count(*)::int n from payments where order_no = $1 and status = 1', [orderNo]))[0]?.n);

const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };

async function payByCard(OrderNo: string, otp = '123456') {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, admin);
  expect(start.status, start.raw).toBe(200);
  return t.call(calls.payments.confirmCardTransfer, { otp, clientMessageId: present(start.body.data).clientMessageId }, admin);
}

describe('card + OTP', () => {
  it('asks whether the card uses an expiry or an issue date by its first 6 digits', async () => {
    const domestic = await t.call(calls.payments.isExpireDate, { cardNumber: '970418' }, admin);
    expect(present(domestic.body.data).isExpireDate).toBe(false);
    const intl = await t.call(calls.payments.isExpireDate, { cardNumber: '411111' }, admin);
    expect(present(intl.body.data).isExpireDate).toBe(true);
  });

  it('pays, publishes the invoice with a PDF and sends the completion event', async () => {
    const o = await unpaidOrder(true);
    const inquiry = await t.call(calls.payments.homeOrderInquiry, { orderNo: o.OrderNo }, admin);
    expect(inquiry.body.data).toMatchObject({ orderStatus: 'A', DraftTotal: o.amount });
    const paid = await payByCard(o.OrderNo);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.message).toBe(paymentMessages.paid);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'C', transaction_id: paid.body.data?.transactionId });

    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.OrderNo }, admin);
    expect(pub.status, pub.raw).toBe(200);
    expect(pub.body.message).toBe(paymentMessages.invoiced);
    const item = present(pub.body.msg)[0];
    expect(item?.InvoiceNo).toMatch(/^C\d{2}TAA-\d{8}$/);
    expect(item?.ord_url).toMatch(/^\/order\//);
    const pdf = await fetch(String(item?.pdf_url));
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const inv = await t.sql<{ tax_authority_code: string }>(
      "select tax_authority_code from invoices where order_no = $1 and status = 'Y'",
      [o.OrderNo],
    );
    expect(inv).toHaveLength(1);
    expect(inv[0]?.tax_authority_code).toMatch(/^M1-/);
    expect(events).toContainEqual({
      userId: 'admin',
      event: 'order_completed',
      data: { OrderNo: o.OrderNo, success_payment: true, success_invoice: true, success: true, InvoiceNo: item?.InvoiceNo },
    });
    // Publishing again returns the same invoice, never a second one.
    const again = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.OrderNo }, admin);
    expect(present(again.body.msg)[0]?.InvoiceNo).toBe(item?.InvoiceNo);
    expect((await t.sql('select 1 from invoices where order_no = $1', [o.OrderNo])).length).toBe(1);
    // The order's QR items (home page) link the issued invoice's PDF too.
    const qr = await t.call(calls.home.trackingQrData, { OrderNo: o.OrderNo }, admin);
    expect(qr.status, qr.raw).toBe(200);
    expect(present(qr.body.payload)[0]).toMatchObject({ InvoiceNo: item?.InvoiceNo, pdf_url: item?.pdf_url });
    // The order is paid now.
    const after = await t.call(calls.payments.homeOrderInquiry, { orderNo: o.OrderNo }, admin);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(paymentMessages.alreadyPaid);
  });

  it('charges the MB-NAPAS fee of the fee tables: shown by the inquiry, stored on the payment, added by the MB summary', async () => {
    // The tables as staff set them on their screens: one tier of 0.2 % from 0 billion, 2,000 VND per transaction.
    const tiers = present((await t.call(calls.admin.getMBChargesList, {}, admin)).body.data);
    expect(
      (await t.call(calls.admin.deleteMBChargesList, { data: tiers.map((r) => ({ Rowguid: present(r.Rowguid) })) }, admin)).status,
    ).toBe(200);
    expect((await t.call(calls.admin.updateMBChargesList, { data: [{ TotalSum: 0, Charge: 0.2 }] }, admin)).status).toBe(200);
    const [fee] = present((await t.call(calls.admin.getMBFeeScheduleList, {}, admin)).body.payload);
    expect((await t.call(calls.admin.updateMBFeeScheduleList, { data: [{ ...present(fee), FeeSchedule: 2000 }] }, admin)).status).toBe(200);

    // A copy of an unpaid demo order under its own number: the demo holds only so many unpaid orders.
    const demo = await unpaidOrder(true);
    const o = { OrderNo: `${demo.OrderNo}F`, amount: demo.amount };
    await t.sql(
      `insert into orders select (jsonb_populate_record(null::orders,
         to_jsonb(x) || jsonb_build_object('rowguid', gen_random_uuid(), 'order_no', $2::text, 'client_key', null))).*
       from orders x where order_no = $1`,
      [demo.OrderNo, o.OrderNo],
    );
    await configureApprovalFor(t, o.OrderNo, true);
    const expected = Math.round(o.amount * 0.002) + 2000;
    const inquiry = await t.call(calls.payments.homeOrderInquiry, { orderNo: o.OrderNo }, admin);
    expect(present(inquiry.body.data).MbServiceFee).toEqual({
      percent: 0.2,
      charge: Math.round(o.amount * 0.002),
      processingFee: 2000,
      total: expected,
    });
    const today = (await t.sql<{ d: string }>("select to_char(now() at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') d"))[0]?.d;
    const day = { loadType: 'day' as const, fromTime: `${today} 00:00:00`, toTime: `${today} 23:59:59` };
    const feeSum = async () => {
      const r = await t.call(calls.stats.dashboardMbChartLoad, day, admin);
      expect(r.status, r.raw).toBe(200);
      return Object.values(r.body.data ?? {})
        .flat()
        .reduce((sum, row) => sum + row.ThanhToan, 0);
    };
    const before = await feeSum();
    expect((await payByCard(o.OrderNo)).status).toBe(200);
    const stored = await t.sql<{ service_fee: string }>('select service_fee::text from payments where order_no = $1 and status = 1', [
      o.OrderNo,
    ]);
    expect(Number(stored[0]?.service_fee)).toBe(expected);
    expect(await feeSum()).toBe(before + expected);
  });

  it('leaves an order that needs approval waiting: no invoice, the spec message', async () => {
    const o = await unpaidOrder(false);
    expect((await payByCard(o.OrderNo)).status).toBe(200);
    expect((await orderState(o.OrderNo))?.order_status).toBe('P');
    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.OrderNo }, admin);
    expect(pub.body.message).toBe(paymentMessages.awaitingApproval);
    expect(await t.sql('select 1 from invoices where order_no = $1', [o.OrderNo])).toHaveLength(0);
  });

  it('fails the transaction after 3 wrong OTPs', async () => {
    const o = await unpaidOrder();
    const start = await t.call(calls.payments.makeCardTransfer, { OrderNo: o.OrderNo, ...card }, admin);
    const id = present(start.body.data).clientMessageId;
    const first = await t.call(calls.payments.confirmCardTransfer, { otp: '000000', clientMessageId: id }, admin);
    expect(first.status).toBe(400);
    expect(first.body.message).toContain('còn 2 lần');
    await t.call(calls.payments.confirmCardTransfer, { otp: '000001', clientMessageId: id }, admin);
    const third = await t.call(calls.payments.confirmCardTransfer, { otp: '000002', clientMessageId: id }, admin);
    expect(third.body.message).toBe(paymentMessages.otpFailed);
    // Even the right OTP now: the attempt is over.
    const late = await t.call(calls.payments.confirmCardTransfer, { otp: '123456', clientMessageId: id }, admin);
    expect(late.body.message).toBe(paymentMessages.otpFailed);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'A', transaction_id: null });
  });

  it('refuses a charged amount that differs from the order', async () => {
    const o = await unpaidOrder();
    await knobs('card', { amountDelta: -1000 });
    const res = await payByCard(o.OrderNo);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('không khớp');
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'A', transaction_id: null });
    expect(await paidCount(o.OrderNo)).toBe(0);
  });

  it('pays once under 20 parallel pay requests for one order (starts and confirmations)', async () => {
    const o = await unpaidOrder();
    const starts = await Promise.all(
      Array.from({ length: 20 }, () => t.call(calls.payments.makeCardTransfer, { OrderNo: o.OrderNo, ...card }, admin)),
    );
    expect(starts.every((s) => s.status === 200 || s.status === 409)).toBe(true);
    const ids = starts.flatMap((s) => (s.body.data ? [s.body.data.clientMessageId] : []));
    const confirms = await Promise.all(
      ids.flatMap((id) => [0, 1].map(() => t.call(calls.payments.confirmCardTransfer, { otp: '123456', clientMessageId: id }, admin))),
    );
    expect(confirms.every((c) => c.status < 500)).toBe(true);
    expect(confirms.filter((c) => c.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await paidCount(o.OrderNo)).toBe(1);
    expect((await orderState(o.OrderNo))?.transaction_id).toBeTruthy();
  });

  it('never stores the card number or the OTP', async () => {
    const dump = await t.sql<{ s: string }>('select row_to_json(p)::text s from payments p');
    expect(dump.some((r) => r.s.includes(card.cardNumber) || r.s.includes('123456"'))).toBe(false);
  });
});

describe('bank page', () => {
  async function open(OrderNo: string) {
    const res = await t.call(calls.payments.makeBankTransfer, { OrderNo }, admin);
    expect(res.status, res.raw).toBe(200);
    return present(res.body.data);
  }
  const customerPays = (url: string, action = 'pay') =>
    fetch(`${url}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${action}` });

  it('serves the hosted page, takes the notice, answers the poll and verifies the checksum', async () => {
    const o = await unpaidOrder();
    const { requestId, redirectUrl } = await open(o.OrderNo);
    const page = await (await fetch(redirectUrl)).text();
    expect(page).toContain(o.OrderNo);
    const pending = await t.call(calls.payments.checkBankReceive, { requestId }, admin);
    expect(pending.body.stopped).toBe(false);
    await customerPays(redirectUrl);
    expect((await orderState(o.OrderNo))?.order_status).toBe('C');
    const poll = await t.call(calls.payments.checkBankReceive, { requestId }, admin);
    expect(poll.body.stopped).toBe(true);
    const { checkSumKey, napasData } = present(poll.body.data);
    const ok = await t.call(calls.payments.verifyChecksum, { checkSumKey: present(checkSumKey), data: present(napasData) }, admin);
    expect(ok.status).toBe(200);
    const tampered = await t.call(
      calls.payments.verifyChecksum,
      { checkSumKey: present(checkSumKey), data: { ...present(napasData), amount: 1 } },
      admin,
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe(paymentMessages.checksum);
    expect(await paidCount(o.OrderNo)).toBe(1);
  });

  it('applies a duplicated notice once', async () => {
    const o = await unpaidOrder();
    await knobs('napas', { duplicateNotify: true });
    const { redirectUrl } = await open(o.OrderNo);
    await customerPays(redirectUrl);
    expect(await paidCount(o.OrderNo)).toBe(1);
    expect((await t.sql('select 1 from payments where order_no = $1', [o.OrderNo])).length).toBe(1);
  });

  it('refuses a result with a wrong checksum', async () => {
    const o = await unpaidOrder();
    await knobs('napas', { wrongChecksum: true });
    const { requestId, redirectUrl } = await open(o.OrderNo);
    await customerPays(redirectUrl);
    const poll = await t.call(calls.payments.checkBankReceive, { requestId }, admin);
    expect(poll.status).toBe(400);
    expect(poll.body.message).toBe(paymentMessages.checksum);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'A', transaction_id: null });
  });

  it('times out after 30 minutes without the bank', async () => {
    const o = await unpaidOrder();
    const { requestId } = await open(o.OrderNo);
    await t.sql(`update payments set created_time = now() - interval '31 minutes' where order_no = $1`, [o.OrderNo]);
    const poll = await t.call(calls.payments.checkBankReceive, { requestId }, admin);
    expect(poll.body.message).toBe(paymentMessages.bankTimeout);
    expect((await orderState(o.OrderNo))?.order_status).toBe('A');
  });

  it('reconciles a payment whose notice was lost', async () => {
    const o = await unpaidOrder();
    await knobs('napas', { lostCallback: true });
    const { redirectUrl } = await open(o.OrderNo);
    await customerPays(redirectUrl);
    expect((await orderState(o.OrderNo))?.order_status).toBe('A');
    await t.sql(`update payments set created_time = now() - interval '2 minutes' where order_no = $1`, [o.OrderNo]);
    const r = await t.portal.services.payments.reconcile();
    expect(r.applied).toBeGreaterThanOrEqual(1);
    expect((await orderState(o.OrderNo))?.order_status).toBe('C');
    expect(await paidCount(o.OrderNo)).toBe(1);
  });

  it('[reliability: forged-notice] refuses a notice with a wrong checksum', async () => {
    const o = await unpaidOrder();
    const { requestId } = await open(o.OrderNo);
    const forged = await t.call(calls.payments.bankNotify, {
      data: { requestId, orderNo: o.OrderNo, amount: o.amount, status: 'SUCCESS', transactionId: 'FT1', time: new Date().toISOString() },
      checksum: 'f'.repeat(64),
    });
    expect(forged.status).toBe(400);
    expect((await orderState(o.OrderNo))?.order_status).toBe('A');
  });
});

describe('[reliability: forged-notice] no partner key in the source', () => {
  /** The keys the portal once fell back to, readable by anyone in its source: none may be accepted again. */
  const oldSourceKeys = { napas: 'napas-demo-secret-2026', vietqr: 'vietqr-demo-secret-2026' };
  const canonicalSign = (secret: string, fields: Record<string, string | number>) =>
    createHmac('sha256', secret).update(canonicalFields(fields)).digest('hex');

  it('a portal started without partner keys refuses a bank notice signed with the old source key, and checks its own random key', async () => {
    const o = await unpaidOrder();
    const start = await t.call(calls.payments.makeBankTransfer, { OrderNo: o.OrderNo }, admin);
    expect(start.status, start.raw).toBe(200);
    const { requestId } = present(start.body.data);
    // A second instance on the same database, started like a default start: no PAY_* keys given.
    const fresh = await createTestApp({
      database: t.database,
      config: {
        simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])),
        payNapasSecret: undefined,
        payVietQrSecret: undefined,
      },
      jobs: { start: false },
    });
    try {
      expect(fresh.portal.config.generatedSecrets).toEqual(expect.arrayContaining(['PAY_NAPAS_SECRET', 'PAY_VIETQR_SECRET']));
      expect(Object.values(oldSourceKeys)).not.toContain(fresh.portal.config.payNapasSecret);
      const data = {
        requestId,
        orderNo: o.OrderNo,
        amount: o.amount,
        status: 'SUCCESS',
        transactionId: 'FT-FORGED-1',
        time: new Date().toISOString(),
      };
      const forged = await fresh.call(calls.payments.bankNotify, { data, checksum: canonicalSign(oldSourceKeys.napas, data) });
      expect(forged.status).toBe(400);
      expect((await orderState(o.OrderNo))?.order_status).toBe('A');
      expect(await paidCount(o.OrderNo)).toBe(0);
      // Signed with the key this start made, the same notice is the bank's: the check is the key, not the shape.
      const genuine = await fresh.call(calls.payments.bankNotify, {
        data,
        checksum: canonicalSign(fresh.portal.config.payNapasSecret, data),
      });
      expect(genuine.status, genuine.raw).toBe(200);
      expect((await orderState(o.OrderNo))?.order_status).toBe('C');
    } finally {
      await fresh.close();
    }
  });
});

describe('VietQR', () => {
  async function qr(OrderNo: string, amount: number) {
    return t.call(calls.payments.createQr, { OrderNo, amount }, admin);
  }
  const appPays = (payload: string) =>
    fetch(`${sims.vietqr?.url}/app/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });

  it('makes an EMVCo payload and image, and matches the bank notice by note and amount', async () => {
    const o = await unpaidOrder();
    const wrong = await qr(o.OrderNo, o.amount + 1);
    expect(wrong.status).toBe(400);
    const res = await qr(o.OrderNo, o.amount);
    expect(present(res.body.data).qr).toMatch(/^000201010212/);
    expect(present(res.body.data).qr).toContain(`54${String(o.amount).length.toString().padStart(2, '0')}${o.amount}`);
    expect(present(res.body.data).qrImage).toMatch(/^data:image\/png;base64,/);
    await knobs('vietqr', { duplicateNotify: true });
    expect((await appPays(present(res.body.data).qr)).status).toBe(200);
    expect((await orderState(o.OrderNo))?.order_status).toBe('C');
    expect(await paidCount(o.OrderNo)).toBe(1);
  });

  it('refuses a transfer of another amount', async () => {
    const o = await unpaidOrder();
    const res = await qr(o.OrderNo, o.amount);
    await knobs('vietqr', { amountDelta: -5000 });
    await appPays(present(res.body.data).qr);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'A', transaction_id: null });
    expect(await paidCount(o.OrderNo)).toBe(0);
  });
});

describe('payment partner configuration', () => {
  it("offers the payer only the partners configured for the order's terminal, and refuses another", async () => {
    const o = await unpaidOrder(true);
    const [head] = await t.sql<{ terminal_code: string }>('select terminal_code from orders where order_no = $1', [o.OrderNo]);
    const terminal = String(head?.terminal_code);
    const other = terminal === 'NDP' ? 'NDV' : 'NDP';
    // Only the order's terminal offers the bank page; elsewhere it is configured on another terminal alone.
    await t.sql("update pay_partners set visible = (terminal_code <> $1) where partner_code = 'VCB_NAPAS'", [terminal]);
    await t.sql("update pay_partners set visible = (terminal_code = $1) where partner_code = 'MB' and not is_qr", [other]);
    try {
      const forOrder = await t.call(calls.payPartners.getPayPartners, { OrderNo: o.OrderNo }, admin);
      expect(forOrder.status, forOrder.raw).toBe(200);
      expect(present(forOrder.body.data).map((p) => p.partnerCode)).toEqual(['VIETQR']);
      expect(present(forOrder.body.data).every((p) => p.TerminalCode === terminal)).toBe(true);
      // The server keeps to the configuration: no card or bank-page payment for this terminal.
      const byCard = await t.call(calls.payments.makeCardTransfer, { OrderNo: o.OrderNo, ...card }, admin);
      expect(byCard.status).toBe(400);
      expect(byCard.body.message).toBe(paymentMessages.noPartner);
      const byBank = await t.call(calls.payments.makeBankTransfer, { OrderNo: o.OrderNo }, admin);
      expect(byBank.status).toBe(400);
      expect(byBank.body.message).toBe(paymentMessages.noPartner);
      expect((await t.sql('select 1 from payments where order_no = $1', [o.OrderNo])).length).toBe(0);
      // An order the caller may not see is not found, not listed.
      const khach = await t.login('khachhang');
      const foreign = await t.call(calls.payPartners.getPayPartners, { OrderNo: 'NO-SUCH-ORDER' }, khach);
      expect(foreign.status).toBe(404);
    } finally {
      await t.sql("update pay_partners set visible = true where partner_code in ('VCB_NAPAS', 'MB')");
    }
  });

  it('lists partners for the payer and all rows for the screen; save needs terminal, bank and partner', async () => {
    const payer = await t.call(calls.payPartners.getPayPartners, {}, admin);
    expect(present(payer.body.data).map((p) => p.partnerCode)).toEqual(['MB', 'VCB_NAPAS', 'VIETQR']);
    const all = await t.call(calls.payPartners.getPayPartners, { isAll: true }, admin);
    expect(present(all.body.data).length).toBeGreaterThan(3);
    const missing = await t.call(
      calls.payPartners.editPayPartners,
      [{ TerminalCode: 'NDP', partnerCode: 'X', bankCode: '', isQR: false, visible: true, orderBy: 9 }],
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(paymentMessages.fillAll);
    const row = present(present(all.body.data).find((r) => r.TerminalCode === 'NDP'));
    const hide = await t.call(calls.payPartners.editPayPartners, [{ ...row, visible: false }], admin);
    expect(hide.status, hide.raw).toBe(200);
    const khach = await t.login('khachhang');
    const forCustomer = await t.call(calls.payPartners.editPayPartners, [{ ...row, visible: true }], khach);
    expect(forCustomer.status).toBe(403);
  });
});
