import { paymentMessages } from '@smartport/contract';
import {
  bankPageSimulator,
  cardSimulator,
  einvoiceSimulator,
  type RunningSimulator,
  startSimulator,
  vietQrSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeMessages } from '../../src/modules/home/home.service';
import { paymentStartMessages } from '../../src/modules/payments/payments.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { unpaidOrder as demoUnpaidOrder } from '../helpers/unpaid-order';

/**
 * Money: an order with a live attempt is not cancelled; money for an order no longer
 * payable is recorded for refund (never dropped) and shown to staff and the payer; the server
 * publishes the invoice itself and retries a failure; repeated card starts reach the gateway once.
 */
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
    // The job is driven by the test (retryDue), not by the clock.
    jobs: { start: false },
  });
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

const unpaidOrder = (skipApproval = true) => demoUnpaidOrder(t, skipApproval, false);
const orderState = async (orderNo: string) =>
  (
    await t.sql<{ order_status: string; transaction_id: string | null }>(
      'select order_status, transaction_id from orders where order_no = $1',
      [orderNo],
    )
  )[0];
const paidCount = async (orderNo: string) =>
  Number((await t.sql<{ n: number }>('select count(*)::int n from payments where order_no = $1 and status = 1', [orderNo]))[0]?.n);
const refunds = (orderNo: string) =>
  t.sql<{ reason: string; amount: string; transaction_id: string; status: string }>(
    "select reason, amount::text, transaction_id, status from payment_followups where kind = 'refund' and order_no = $1",
    [orderNo],
  );
const invoices = (orderNo: string) => t.sql("select 1 from invoices where order_no = $1 and status = 'Y'", [orderNo]);
const cancel = (OrderNo: string) => t.call<{ message?: string }>('task/update_order/deleteOrder', { OrderNo }, admin);
const expireAttempts = (orderNo: string) =>
  t.sql(`update payments set created_time = now() - interval '31 minutes' where order_no = $1`, [orderNo]);
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

async function openBankPage(OrderNo: string) {
  const res = await t.call<{ data: { requestId: string; redirectUrl: string } }>('payment/napas/make_transfer_pincode', { OrderNo }, admin);
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
}
const customerPays = (url: string) =>
  fetch(`${url}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay' });
async function makeQr(OrderNo: string, amount: number) {
  const res = await t.call<{ data: { qr: string } }>('payment/vaqr/mb/create_qrcode_by_order', { OrderNo, amount }, admin);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.qr;
}
const appPays = (payload: string) =>
  fetch(`${sims.vietqr?.url}/app/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });

describe('cancel during a payment', () => {
  it('[reliability: cancel-during-payment] refuses to cancel an order while a bank-page attempt is live, saying why', async () => {
    const o = await unpaidOrder();
    await openBankPage(o.OrderNo);
    const res = await cancel(o.OrderNo);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(homeMessages.livePayment(o.OrderNo));
    expect((await orderState(o.OrderNo))?.order_status).toBe('A');
  });

  it('[reliability: cancel-during-payment] records money that arrives for a cancelled order for refund, acknowledges the bank, and tells payer and staff', async () => {
    const o = await unpaidOrder();
    const { requestId, redirectUrl } = await openBankPage(o.OrderNo);
    // The attempt timed out (30 minutes), the order is cancelled, and then the payer still pays the page.
    await expireAttempts(o.OrderNo);
    expect((await cancel(o.OrderNo)).status).toBe(200);
    await customerPays(redirectUrl);
    await until(async () => (await refunds(o.OrderNo)).length > 0);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'D', transaction_id: null });
    expect(await refunds(o.OrderNo)).toMatchObject([{ reason: 'order_cancelled', amount: String(o.amount), status: 'open' }]);
    // The notice itself is answered 200 (received): the bank does not resend it.
    const poll = await t.call('payment/napas/check_napas_receive', { requestId }, admin);
    expect(poll.status).toBe(409);
    expect(poll.body.message).toContain('đã bị hủy');
    expect(poll.body.message).toContain('hoàn trả');
    expect(poll.body.message).not.toBe(paymentMessages.alreadyPaid);
    const inquiry = await t.call('payment/home_order_inquiry', { orderNo: o.OrderNo }, admin);
    expect(inquiry.status).toBe(409);
    expect(inquiry.body.message).toContain('hoàn trả');
    // Recorded once, however often the notice or the poll comes.
    expect(await refunds(o.OrderNo)).toHaveLength(1);
    // Staff see it with what to do; a customer may not list it.
    const list = await t.call<{ data: { OrderNo: string; Kind: string; Todo: string; ReasonText: string }[] }>(
      'payment/followups',
      {},
      admin,
    );
    expect(list.status, list.raw).toBe(200);
    const row = list.body.data.find((r) => r.OrderNo === o.OrderNo && r.Kind === 'refund');
    expect(row?.Todo).toContain('Hoàn trả');
    expect(row?.ReasonText).toBe('Tiền về sau khi lệnh đã bị hủy');
    const staff = await t.login('nhanvien');
    expect((await t.call('payment/followups', {}, staff)).status).toBe(200);
    const customer = await t.login('khachhang');
    expect((await t.call('payment/followups', {}, customer)).status).toBe(403);
  });

  it('[reliability: second-transfer] records a second transfer of the same QR for refund; the order is paid once', async () => {
    const o = await unpaidOrder();
    const qr = await makeQr(o.OrderNo, o.amount);
    expect((await appPays(qr)).status).toBe(200);
    expect((await appPays(qr)).status).toBe(200);
    expect(await paidCount(o.OrderNo)).toBe(1);
    expect((await orderState(o.OrderNo))?.order_status).toBe('C');
    expect(await refunds(o.OrderNo)).toMatchObject([{ reason: 'already_paid', amount: String(o.amount) }]);
    const inquiry = await t.call('payment/home_order_inquiry', { orderNo: o.OrderNo }, admin);
    expect(inquiry.status).toBe(409);
    expect(inquiry.body.message).toContain('đã được thanh toán trước đó');
  });

  it('records a transfer of another amount for refund', async () => {
    const o = await unpaidOrder();
    const qr = await makeQr(o.OrderNo, o.amount);
    await knobs('vietqr', { amountDelta: -5000 });
    await appPays(qr);
    expect(await orderState(o.OrderNo)).toEqual({ order_status: 'A', transaction_id: null });
    expect(await refunds(o.OrderNo)).toMatchObject([{ reason: 'amount_mismatch', amount: String(o.amount - 5000) }]);
  });

  it('[reliability: cancel-during-payment] cancel racing a notice: the money is applied or recorded for refund, never lost', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await unpaidOrder();
      const { redirectUrl } = await openBankPage(o.OrderNo);
      await expireAttempts(o.OrderNo);
      const [cancelled] = await Promise.all([cancel(o.OrderNo), customerPays(redirectUrl)]);
      const state = await orderState(o.OrderNo);
      if (cancelled.status === 200) {
        expect(state).toEqual({ order_status: 'D', transaction_id: null });
        await until(async () => (await refunds(o.OrderNo)).length === 1);
      } else {
        expect(cancelled.status).toBe(400);
        expect(state?.transaction_id).toBeTruthy();
        expect(await refunds(o.OrderNo)).toHaveLength(0);
      }
    }
  });

  it('[reliability: second-transfer] two transfers of the same QR in parallel: one pays the order, the other is recorded for refund', async () => {
    const o = await unpaidOrder();
    const qr = await makeQr(o.OrderNo, o.amount);
    await Promise.all([appPays(qr), appPays(qr)]);
    expect(await paidCount(o.OrderNo)).toBe(1);
    expect(await refunds(o.OrderNo)).toHaveLength(1);
  });
});

describe('[reliability: invoice-without-dialog] invoice without the dialog', () => {
  it('publishes the invoice after a QR payment without any publish call, and the open dialog hears it', async () => {
    const o = await unpaidOrder(true);
    const qr = await makeQr(o.OrderNo, o.amount);
    await appPays(qr);
    await until(async () => (await invoices(o.OrderNo)).length === 1);
    // This order's event (earlier tests' events are in the list too).
    await until(async () => events.some((e) => e.event === 'order_completed' && (e.data as { OrderNo?: string })?.OrderNo === o.OrderNo));
    expect(events).toContainEqual(
      expect.objectContaining({
        userId: 'admin',
        event: 'order_completed',
        data: expect.objectContaining({ OrderNo: o.OrderNo, success_invoice: true, success: true }),
      }),
    );
    // Paid without approval is approved (the approval hook): approved automatically, queued for the TOS, one invoice.
    const [approved] = await t.sql<{ auto: boolean; approved_by: string | null; tos_status: string }>(
      'select approved_time is not null auto, approved_by, tos_status from orders where order_no = $1',
      [o.OrderNo],
    );
    expect(approved).toMatchObject({ auto: true, approved_by: null });
    expect(['pending', 'failed', 'sent']).toContain(approved?.tos_status);
    expect(await invoices(o.OrderNo)).toHaveLength(1);
  });

  it('does not publish an order that awaits approval', async () => {
    const o = await unpaidOrder(false);
    await appPays(await makeQr(o.OrderNo, o.amount));
    expect((await orderState(o.OrderNo))?.order_status).toBe('P');
    await new Promise((r) => setTimeout(r, 300));
    expect(await invoices(o.OrderNo)).toHaveLength(0);
  });

  it('retries a failed publication with backoff, leaves it to staff after the last attempt, and staff retry it', async () => {
    const o = await unpaidOrder(true);
    await knobs('einvoice', { fail: true });
    await appPays(await makeQr(o.OrderNo, o.amount));
    const followup = () =>
      t.sql<{ status: string; attempts: number; later: boolean }>(
        "select status, attempts, next_try_time > now() later from payment_followups where kind = 'invoice' and order_no = $1",
        [o.OrderNo],
      );
    await until(async () => (await followup())[0]?.attempts === 1);
    expect((await followup())[0]).toMatchObject({ status: 'open', later: true });
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'order_completed', data: expect.objectContaining({ OrderNo: o.OrderNo, success: false }) }),
    );
    // Not due yet: the job leaves it alone.
    await t.portal.services.invoices.retryDue();
    expect((await followup())[0]?.attempts).toBe(1);
    // Each due retry counts; after the fifth the job stops and staff see it.
    for (let n = 2; n <= 5; n++) {
      await t.sql("update payment_followups set next_try_time = now() where kind = 'invoice' and order_no = $1", [o.OrderNo]);
      await t.portal.services.invoices.retryDue();
      expect((await followup())[0]?.attempts).toBe(n);
    }
    expect((await followup())[0]?.status).toBe('failed');
    await t.sql("update payment_followups set next_try_time = now() where kind = 'invoice' and order_no = $1", [o.OrderNo]);
    await t.portal.services.invoices.retryDue();
    expect((await followup())[0]?.attempts).toBe(5);
    const list = await t.call<{ data: { OrderNo: string; Kind: string; Status: string; Todo: string }[] }>('payment/followups', {}, admin);
    expect(list.body.data.find((r) => r.OrderNo === o.OrderNo && r.Kind === 'invoice')).toMatchObject({ Status: 'failed' });
    // The provider is back: staff retry.
    await knobs('einvoice', { reset: true });
    const retry = await t.call<{ msg: { InvoiceNo: string }[] }>('payment/followups/retry-invoice', { OrderNo: o.OrderNo }, admin);
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.body.msg[0]?.InvoiceNo).toMatch(/^C\d{2}TAA-\d{8}$/);
    expect(await invoices(o.OrderNo)).toHaveLength(1);
    expect((await followup())[0]?.status).toBe('done');
  });
});

describe('[reliability: parallel-start] repeated card starts', () => {
  const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
  const gatewayStarts = async () =>
    ((await (await fetch(`${sims.card?.url}/_stats`)).json()) as { transferRequests: number }).transferRequests;

  it('50 parallel starts for one order reach the gateway once and share one attempt', async () => {
    const o = await unpaidOrder();
    const before = await gatewayStarts();
    const starts = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call<{ data?: { clientMessageId: string } }>('payment/mb/make_transfer_pincode', { OrderNo: o.OrderNo, ...card }, admin),
      ),
    );
    expect(starts.every((s) => s.status === 200 || s.status === 409)).toBe(true);
    expect((await gatewayStarts()) - before).toBeLessThanOrEqual(1);
    expect(new Set(starts.flatMap((s) => (s.body.data ? [s.body.data.clientMessageId] : []))).size).toBe(1);
    // Another click later: the same attempt, still no new OTP request.
    const again = await t.call<{ data: { clientMessageId: string } }>(
      'payment/mb/make_transfer_pincode',
      { OrderNo: o.OrderNo, ...card },
      admin,
    );
    expect(again.status).toBe(200);
    expect((await gatewayStarts()) - before).toBe(1);
    expect((await t.sql('select 1 from payments where order_no = $1', [o.OrderNo])).length).toBe(1);
  });

  it('limits the starts per order: 429 with a Vietnamese message', async () => {
    const o = await unpaidOrder();
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 12; i++) {
      const r = await t.call('payment/napas/make_transfer_pincode', { OrderNo: o.OrderNo }, admin);
      statuses.push(r.status);
      last = String(r.body.message ?? '');
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(last).toBe(paymentStartMessages.tooMany);
  });
});
