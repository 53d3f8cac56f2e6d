import { calls, loyaltyPointMessages } from '@smartport/contract';
import { cardSimulator, einvoiceSimulator, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountPlan } from '../../src/modules/orders/order-loyalty.service';
import { configureApprovalFor } from '../helpers/approval';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

/**
 * Loyalty points: earned on payment at the PoinForTeu of that moment, taken back on cancellation, spent at payment as a
 * discount line on the order and its invoice (once, server's amount), given back when the order is deleted; the tier
 * follows the lines; customers see their own, staff their terminals' customers.
 */
let t: TestApp;
let sims: Record<string, RunningSimulator>;
let admin: string;
let customer: string;
let staff: string;
const CUSTOMER = 'C0000001';
const used = new Set<string>();

beforeAll(async () => {
  sims = {};
  for (const def of [cardSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({ config: { simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login('admin');
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of Object.values(sims ?? {})) await s.close();
});

const saveConfig = (PoinForTeu: number, PoinToVND = 1000) =>
  t.call(calls.admin.saveLoyaltyConfig, { PoinForTeu, PoinToVND, GoldLine: 400, SilverLine: 100, CopperLine: 10 }, admin);

/** An unpaid demo order, made the demo customer's, with containers of a lift job mode, priced in one 8% line (as the engine stores it). */
async function unpaidOrder() {
  const rows = await t.sql<{ order_no: string; total_amount: string; teu: number }>(
    `select o.order_no, o.total_amount::text, (select sum(teu)::int from order_containers c where c.order_no = o.order_no) teu
       from orders o where o.order_status = 'A' and o.transaction_id is null and o.extends_order_no is null
       and o.job_mode_code in ('HBAI', 'TRAR', 'LAYN', 'CAPR', 'DONG', 'RUT', 'HICD') and o.total_amount > 100000
       and exists (select 1 from order_containers c where c.order_no = o.order_no)
       and not exists (select 1 from order_containers c where c.order_no = o.order_no and c.cus_hold)
       and not exists (select 1 from payments p where p.order_no = o.order_no) order by o.order_no`,
  );
  const row = present(
    rows.find((r) => !used.has(r.order_no)),
    'an unpaid demo order',
  );
  used.add(row.order_no);
  const total = Number(row.total_amount);
  const vat = Math.round((total * 8) / 108);
  await t.sql('delete from order_charges where order_no = $1', [row.order_no]);
  await t.sql(
    `insert into order_charges (order_no, line_no, container_no, job_mode_code, job_mode_name, charge_kind, source, tariff_code,
       tariff_name, quantity, unit, unit_price, tariff_currency, tariff_price, amount, vat_rate, vat_amount, total, explanation)
     select order_no, 1, null, job_mode_code, job_mode_code, 'job', 'standard', 'T1', 'Cước', 1, 'Lần', $2::bigint, 'VND', $2::bigint,
       $2::bigint, 8, $3::bigint, $4::bigint, 'test' from orders where order_no = $1`,
    [row.order_no, total - vat, vat, total],
  );
  // The demo customer's order at its terminal (its account reaches NDP only).
  await t.sql("update orders set amount = $2, vat_amount = $3, customer_code = $4, terminal_code = 'NDP' where order_no = $1", [
    row.order_no,
    total - vat,
    vat,
    CUSTOMER,
  ]);
  await configureApprovalFor(t, row.order_no, true);
  return { OrderNo: row.order_no, total, teu: Number(row.teu) };
}

const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
async function pay(OrderNo: string) {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, customer);
  expect(start.status, start.raw).toBe(200);
  const done = await t.call(
    calls.payments.confirmCardTransfer,
    { otp: '123456', clientMessageId: present(start.body.data).clientMessageId },
    customer,
  );
  expect(done.status, done.raw).toBe(200);
}
const mine = async () => present((await t.call(calls.loyalty.myLoyalty, {}, customer)).body.data);
const ledger = (orderNo: string) =>
  t.sql<{ kind: string; points: number; rate: number; amount: string | null }>(
    'select kind, points, rate, amount::text from loyalty_ledger where order_no = $1 order by created_time, kind',
    [orderNo],
  );

describe('earning and giving back', () => {
  it('earns PoinForTeu per TEU on payment, sets the tier, and takes the points back when the order is cancelled', async () => {
    expect((await saveConfig(10)).status).toBe(200);
    const before = await mine();
    const o = await unpaidOrder();
    await pay(o.OrderNo);
    expect(await ledger(o.OrderNo)).toEqual([{ kind: 'earn', points: o.teu * 10, rate: 10, amount: null }]);
    const after = await mine();
    expect(after.Balance).toBe(before.Balance + o.teu * 10);
    expect(after.entries[0]).toMatchObject({ Kind: 'earn', OrderNo: o.OrderNo, Points: o.teu * 10, Rate: 10 });
    expect(after.Tier).toBe(after.Earned >= 400 ? 'GOLD' : after.Earned >= 100 ? 'SILVER' : after.Earned >= 10 ? 'COPPER' : null);

    const cancelled = await t.call(calls.orders.cancelApprovedOrder, { OrderNo: o.OrderNo, Reason: 'Khách đề nghị hủy' }, admin);
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect((await ledger(o.OrderNo)).map((r) => [r.kind, r.points])).toEqual([
      ['earn', o.teu * 10],
      ['reverse', -o.teu * 10],
    ]);
    expect((await mine()).Balance).toBe(before.Balance);
  });

  it('keeps the rate of when points were earned: a change applies from its save on', async () => {
    await saveConfig(10);
    const first = await unpaidOrder();
    await pay(first.OrderNo);
    await saveConfig(25);
    const second = await unpaidOrder();
    await pay(second.OrderNo);
    expect((await ledger(first.OrderNo))[0]).toMatchObject({ kind: 'earn', points: first.teu * 10, rate: 10 });
    expect((await ledger(second.OrderNo))[0]).toMatchObject({ kind: 'earn', points: second.teu * 25, rate: 25 });
    // The tier lines apply at once to what was earned.
    const lines = await t.call(
      calls.admin.saveLoyaltyConfig,
      { PoinForTeu: 25, PoinToVND: 1000, GoldLine: 1, SilverLine: 1, CopperLine: 1 },
      admin,
    );
    expect(lines.status).toBe(200);
    expect((await mine()).Tier).toBe('GOLD');
  });
});

describe('spending at payment', () => {
  it('puts a discount line on the order and its invoice, once, and the payment charges the lowered total', async () => {
    await saveConfig(10, 1000);
    // Points to spend: an order paid first.
    await pay((await unpaidOrder()).OrderNo);
    const held = (await mine()).Balance;
    expect(held).toBeGreaterThanOrEqual(5);
    const o = await unpaidOrder();
    const info = present((await t.call(calls.loyalty.loyaltyForOrder, { OrderNo: o.OrderNo }, customer)).body.data);
    expect(info).toMatchObject({ Balance: held, PointValue: 1000, Redeemed: 0 });
    expect(info.MaxPoints).toBe(Math.min(held, Math.floor((o.total - 1) / 1000)));

    const r = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 5 }, customer);
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toEqual({ OrderNo: o.OrderNo, Points: 5, Amount: 5000, TotalAmount: o.total - 5000 });
    const [order] = await t.sql<{ total_amount: string; amount: string; vat_amount: string }>(
      'select total_amount::text, amount::text, vat_amount::text from orders where order_no = $1',
      [o.OrderNo],
    );
    expect(Number(order?.total_amount)).toBe(o.total - 5000);
    expect(Number(order?.amount) + Number(order?.vat_amount)).toBe(o.total - 5000);
    const lines = await t.sql<{ charge_kind: string; total: string }>(
      'select charge_kind, total::text from order_charges where order_no = $1 order by line_no',
      [o.OrderNo],
    );
    expect(lines.map((l) => [l.charge_kind, Number(l.total)])).toEqual([
      ['job', o.total],
      ['discount', -5000],
    ]);
    expect((await mine()).Balance).toBe(held - 5);

    // The draft invoice shows the discount line and adds up to what is paid.
    const draft = await t.call(calls.invoices.draftInvoice, { fkeys: [o.OrderNo] }, customer);
    expect(draft.status, draft.raw).toBe(200);
    expect(draft.body.data).toContain('Giảm trừ điểm tích lũy');

    // Once per order.
    const again = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 1 }, customer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(loyaltyPointMessages.alreadyRedeemed);

    await pay(o.OrderNo);
    const [paid] = await t.sql<{ amount: string }>('select amount::text from payments where order_no = $1 and status = 1', [o.OrderNo]);
    expect(Number(paid?.amount)).toBe(o.total - 5000);
    // Paid: no more spending on it.
    const late = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 1 }, customer);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(loyaltyPointMessages.notPayable);
  });

  it('refuses more points than held, in Vietnamese, and gives spent points back when the order is deleted', async () => {
    await saveConfig(10, 1000);
    const held = (await mine()).Balance;
    const o = await unpaidOrder();
    const tooMany = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: held + 1 }, customer);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(loyaltyPointMessages.notEnough(held));
    const bad = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 2.5 }, customer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(loyaltyPointMessages.points);

    expect((await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 2 }, customer)).status).toBe(200);
    expect((await mine()).Balance).toBe(held - 2);
    const deleted = await t.call(calls.home.deleteOrder, { OrderNo: o.OrderNo }, customer);
    expect(deleted.status, deleted.raw).toBe(200);
    expect((await ledger(o.OrderNo)).map((r) => [r.kind, r.points])).toEqual([
      ['redeem', -2],
      ['restore', 2],
    ]);
    expect((await mine()).Balance).toBe(held);
  });
});

describe('orders without priced lines', () => {
  it('takes the discount from the whole amount and the invoice still adds up', async () => {
    await saveConfig(10, 1000);
    const o = await unpaidOrder();
    await t.sql('delete from order_charges where order_no = $1', [o.OrderNo]);
    const r = await t.call(calls.loyalty.redeemLoyalty, { OrderNo: o.OrderNo, Points: 3 }, customer);
    expect(r.status, r.raw).toBe(200);
    expect(present(r.body.data).TotalAmount).toBe(o.total - 3000);
    const draft = await t.call(calls.invoices.draftInvoice, { fkeys: [o.OrderNo] }, customer);
    expect(draft.status, draft.raw).toBe(200);
    expect(draft.body.data).toContain('Giảm trừ điểm tích lũy');
  });
});

describe('who sees what', () => {
  it('staff see their terminals’ customers; customers only their own', async () => {
    const list = await t.call(calls.loyalty.loyaltyCustomers, {}, staff);
    expect(list.status, list.raw).toBe(200);
    expect(present(list.body.data).some((c) => c.CustomerCode === CUSTOMER)).toBe(true);
    const one = await t.call(calls.loyalty.customerLoyalty, { CustomerCode: CUSTOMER }, staff);
    expect(one.status, one.raw).toBe(200);
    expect(present(one.body.data).Balance).toBe((await mine()).Balance);
    expect((await t.call(calls.loyalty.loyaltyCustomers, {}, customer)).status).toBe(403);
    expect((await t.call(calls.loyalty.customerLoyalty, { CustomerCode: 'ZZZ999' }, staff)).status).toBe(404);
  });
});

describe('the discount rule', () => {
  it('takes the discount at the heaviest VAT rate, at most that part less one đồng', () => {
    const lines = [
      { LineNo: 1, ChargeKind: 'job', JobModeCode: 'HBAI', VatRate: 8, Total: 108_000 },
      { LineNo: 2, ChargeKind: 'storage', JobModeCode: 'HBAI', VatRate: 10, Total: 11_000 },
    ];
    expect(discountPlan(lines, 10, 1000)).toEqual({
      Points: 10,
      PointValue: 1000,
      Amount: -9259,
      VatRate: 8,
      VatAmount: -741,
      Total: -10_000,
    });
    expect(discountPlan(lines, 1000, 1000)?.Points).toBe(107);
    expect(discountPlan(lines, 10, 200_000)).toBeNull();
  });
});
