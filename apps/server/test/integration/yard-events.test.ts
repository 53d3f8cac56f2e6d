import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  calls,
  containerNumber,
  extensionMessages,
  orderTypes,
  portDayLastSecond,
  portDayNumber,
} from '@smartport/contract';
import {
  cardSimulator,
  demoTosAccount,
  einvoiceSimulator,
  type HeldTosOrder,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../src/events/domain-events';
import { storageDays } from '../../src/modules/orders/tariff-engine';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The TOS's yard events on the portal's orders (allocation, gate in and out, completion HT) read by the
// 'orders.yard-events' job, the gate's refusals, and extensions (gia hạn): a late truck refused as expired gets an
// extension order priced by the tariff engine for the extra storage days, paid like any order, delivered to the TOS,
// after which the gate lets the container out. Against the TOS, card and e-invoice simulators over HTTP.
let t: TestApp;
let sims: RunningSimulator[];
let tos: RunningSimulator;
let customer: string;
let staff: string;

const MSCU = (serial: number) => containerNumber('MSCU', serial);
const STORAGE_PER_DAY = 20_000;
const JOB_PRICE = 300_000;
const VAT = 8;
const withVat = (amount: number) => amount + Math.round((amount * VAT) / 100);
const HOUR = 3_600_000;
/** Tomorrow 23:00 port time. */
const tomorrow = () => `${new Date(Date.now() + 7 * HOUR + 86_400_000).toISOString().slice(0, 10)} 23:00`;

const knobs = (body: Record<string, unknown>) =>
  fetch(`${tos.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const tosHolds = async (): Promise<HeldTosOrder[]> =>
  ((await (await fetch(`${tos.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;
async function gate(pin: string, containerNo: string, direction: 'in' | 'out') {
  const r = await fetch(`${tos.url}/api/gate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: pin.split('-')[0], containerNo, direction }),
  });
  return { status: r.status, body: (await r.json()) as { success: boolean; reason?: string; at?: string } };
}
/** One run of the job now (its tick forgotten first: the scheduler runs a job once per tick), which must not fail. */
async function readYard() {
  await t.sql("update scheduled_jobs set last_tick = -1 where name = 'orders.yard-events'");
  await t.portal.jobs.runNow('orders.yard-events');
  expect(t.portal.jobs.stats('orders.yard-events')).toMatchObject({ failed: 0 });
}

/** Every domain event of the yard this file's portal published, as heard after commit. */
const heard: { name: string; e: unknown }[] = [];
const heardOf = <K extends keyof DomainEvents>(name: K, orderNo: string) =>
  heard.filter((h) => h.name === name && (h.e as { orderNo: string }).orderNo === orderNo).map((h) => h.e as DomainEvents[K]);

beforeAll(async () => {
  const card = await startSimulator(cardSimulator, 0);
  const einvoice = await startSimulator(einvoiceSimulator, 0);
  tos = await startSimulator(tosSimulator, 0);
  sims = [card, einvoice, tos];
  t = await createTestApp({
    jobs: { start: false },
    config: {
      simulators: { card: card.url, einvoice: einvoice.url, tos: tos.url },
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
    },
  });
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
  for (const name of ['order.allocated', 'order.gatePassed', 'order.completed', 'order.extensionDue'] as const)
    t.portal.events.onAfterCommit(name, `test.${name}`, async (e) => void heard.push({ name, e }));

  // The pricing of this file at NDP: a job price per container and storage per day, no free days.
  for (const table of [
    'standard_tariffs',
    'contract_tariffs',
    'tariff_surcharges',
    'attach_configs',
    'free_day_rules',
    'reefer_configs',
    'holiday_periods',
  ])
    await t.sql(`delete from ${table} where terminal_code = 'NDP'`);
  await t.sql(
    `insert into standard_tariffs (terminal_code, tariff_code, tariff_name, charge_kind, unit_price, vat_rate, apply_date, expire_date)
     values ('NDP', 'T-JOB', 'Nâng hạ', 'job', $1, $3, now() - interval '30 days', now() + interval '365 days'),
            ('NDP', 'T-LUUBAI', 'Lưu bãi', 'storage', $2, $3, now() - interval '30 days', now() + interval '365 days')`,
    [JOB_PRICE, STORAGE_PER_DAY, VAT],
  );
  await t.sql(
    `insert into tariff_mappings (tariff_code, tos_tariff_code) values ('T-JOB', 'TOS-T-JOB'), ('T-LUUBAI', 'TOS-T-LUUBAI')
     on conflict do nothing`,
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of sims ?? []) await s.close();
});
beforeEach(async () => {
  await knobs({ reset: true });
});

type Draft = CallInput<typeof calls.orders.saveOrder>;
async function yardVessel(containerNo: string) {
  return present((await t.sql<{ k: string }>('select vessel_key k from port_containers where container_no = $1', [containerNo]))[0]).k;
}

/** An import pickup of demo-yard containers, saved, paid by card (demo approval config: C) and delivered to the TOS. */
async function deliveredPickup(containerNos: string[]) {
  const d: Draft = {
    OrderType: 'import_pickup',
    TerminalCode: 'NDP',
    JobModeCode: orderTypes.import_pickup.jobModes[0] as string,
    OperationCode: 'MSC',
    VesselKey: await yardVessel(containerNos[0] as string),
    BLNo: 'MEDUHP2611001',
    BookingNo: null,
    ExpDate: tomorrow(),
    AttachServices: [],
    containers: containerNos.map((ContainerNo) => ({ ContainerNo, IsoSizetype: '' })),
    CustomerCode: 'C0000001',
    TotalAmount: 0,
  };
  const priced = await t.call(calls.orders.calculateCharges, d, customer);
  expect(priced.status, priced.raw).toBe(200);
  const saved = await t.call(
    calls.orders.saveOrder,
    { ...d, TotalAmount: present(priced.body.data).TotalAmount, ClientKey: randomUUID() },
    customer,
  );
  expect(saved.status, saved.raw).toBe(200);
  const order = present(saved.body.data);
  expect((await payByCard(order.OrderNo)).status).toBe(200);
  await expect.poll(async () => (await orderRow(order.OrderNo)).tos_status, { timeout: 10_000 }).toBe('sent');
  return { ...order, charges: present(priced.body.data) };
}

const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
async function payByCard(OrderNo: string) {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, customer);
  expect(start.status, start.raw).toBe(200);
  return t.call(calls.payments.confirmCardTransfer, { otp: '123456', clientMessageId: present(start.body.data).clientMessageId }, customer);
}

const orderRow = async (orderNo: string) =>
  present(
    (
      await t.sql<{ order_status: string; tos_status: string; completed_at: Date | null; exp_date: Date | null }>(
        'select order_status, tos_status, completed_at, exp_date from orders where order_no = $1',
        [orderNo],
      )
    )[0],
  );
const containerTimes = (orderNo: string) =>
  t.sql<{ container_no: string; allocated_at: Date | null; gate_in_time: Date | null; gate_out_time: Date | null }>(
    'select container_no, allocated_at, gate_in_time, gate_out_time from order_containers where order_no = $1 order by container_no',
    [orderNo],
  );
const extensionsOf = (orderNo: string) =>
  t.sql<{ order_no: string; order_status: string; total_amount: number; exp_date: Date }>(
    'select order_no, order_status, total_amount::float8 total_amount, exp_date from orders where extends_order_no = $1 order by created_time',
    [orderNo],
  );

describe('the yard feed', () => {
  it('records allocation, gate-in and gate-out per container and completes the order (HT); a replay changes nothing', async () => {
    const boxes = [MSCU(261001), MSCU(261003)];
    const order = await deliveredPickup(boxes);
    for (const c of boxes) {
      expect((await gate(order.PinCode, c, 'in')).status).toBe(200);
    }
    await readYard();
    const allocated = await containerTimes(order.OrderNo);
    expect(allocated.every((c) => c.allocated_at && c.gate_in_time && !c.gate_out_time)).toBe(true);
    await expect
      .poll(() => heardOf('order.allocated', order.OrderNo))
      .toEqual([{ orderNo: order.OrderNo, containerNos: [...boxes].sort(), at: expect.any(String) }]);
    const mid = present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(mid).toMatchObject({ OrderStatus: 'C', YardState: 'allocated', YardStateName: 'Đã phân bổ', CompletedAt: null });

    expect((await gate(order.PinCode, boxes[0] as string, 'out')).status).toBe(200);
    await readYard();
    expect((await orderRow(order.OrderNo)).completed_at).toBeNull();
    const last = await gate(order.PinCode, boxes[1] as string, 'out');
    expect(last.status).toBe(200);
    await readYard();

    const row = await orderRow(order.OrderNo);
    // The status stays C; HT is the completion time, the last container's gate-out.
    expect(row.order_status).toBe('C');
    expect(row.completed_at?.toISOString()).toBe(last.body.at);
    const done = present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(done).toMatchObject({ YardState: 'completed', YardStateName: 'Hoàn tất', CompletedAt: last.body.at });
    expect(done.containers.every((c) => c.AllocatedAt && c.GateInTime && c.GateOutTime)).toBe(true);
    await expect.poll(() => heardOf('order.gatePassed', order.OrderNo).map((e) => e.direction)).toEqual(['in', 'in', 'out', 'out']);
    await expect.poll(() => heardOf('order.completed', order.OrderNo)).toEqual([{ orderNo: order.OrderNo, at: last.body.at }]);

    // The order history shows the gate times in its timeline.
    const history = present((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(history.events.filter((e) => e.Kind === 'gateOut').map((e) => e.Detail)).toEqual([...boxes].sort());

    // Read again from the start (cursor lost, a second instance): no time moves, no event is published twice.
    const before = { times: await containerTimes(order.OrderNo), heard: heard.length };
    await t.sql("delete from system_settings where key like 'tos:yard:%'");
    await readYard();
    expect(await containerTimes(order.OrderNo)).toEqual(before.times);
    expect(heard.length).toBe(before.heard);
    // And the same sequence again under the cursor: skipped by its number.
    await readYard();
    expect(heard.length).toBe(before.heard);
  });
});

describe('the gate', () => {
  it('refuses a used PIN, an unknown one and a cancelled order, each with its reason', async () => {
    const box = MSCU(261005);
    const order = await deliveredPickup([box]);
    expect((await gate(order.PinCode, box, 'in')).status).toBe(200);
    expect(await gate(order.PinCode, box, 'in')).toMatchObject({ status: 422, body: { reason: 'USED' } });
    expect(await gate('99999999999', box, 'in')).toMatchObject({ status: 422, body: { reason: 'UNKNOWN' } });
    const other = await deliveredPickup([MSCU(261007)]);
    const cancel = await t.call(calls.orders.cancelApprovedOrder, { OrderNo: other.OrderNo, Reason: 'Khách đổi kế hoạch' }, staff);
    expect(cancel.status, cancel.raw).toBe(200);
    expect(await gate(other.PinCode, MSCU(261007), 'in')).toMatchObject({ status: 422, body: { reason: 'CANCELLED' } });
    // Refusals other than a late truck change nothing on the portal's side.
    await readYard();
    expect(await extensionsOf(other.OrderNo)).toEqual([]);
  });
});

describe('extensions (gia hạn)', () => {
  it('a late truck gets an extension priced for the extra storage days; refused until paid; then delivered and let out', async () => {
    const box = MSCU(261009);
    const order = await deliveredPickup([box]);
    const held = present((await tosHolds()).find((o) => o.orderNo === order.OrderNo));
    const oldExp = new Date(present(held.expDate));
    // Three days later at the gate (the TOS's clock): expired.
    await knobs({ clockOffsetMs: 3 * 24 * HOUR });
    const late = await gate(order.PinCode, box, 'in');
    expect(late).toMatchObject({ status: 422, body: { reason: 'EXPIRED' } });
    await readYard();

    const [ext] = await extensionsOf(order.OrderNo);
    const extension = present(ext, 'the extension order');
    expect(extension.order_status).toBe('A');
    // The new expiry: the end of the port day the truck came; the extra days: that day's storage less what was paid.
    const refusedAt = new Date(present((await tosYardRefusal(order.OrderNo)).at));
    const newExp = portDayLastSecond(refusedAt);
    expect(extension.exp_date.toISOString()).toBe(newExp.toISOString());
    const dateIn = present((await t.sql<{ d: Date }>('select date_in d from order_containers where order_no = $1', [order.OrderNo]))[0]).d;
    const stay = (until: Date) => storageDays({ dateIn, until, freeDays: 0, freeStart: 'DateIn', atb: null, holidays: [] }).billable;
    const extraDays = stay(newExp) - stay(oldExp);
    expect(extraDays).toBe(portDayNumber(newExp) - portDayNumber(oldExp));
    expect(extension.total_amount).toBe(withVat(STORAGE_PER_DAY * extraDays));
    const lines = await t.sql<{ charge_kind: string; quantity: number; tariff_code: string }>(
      'select charge_kind, quantity::float8 quantity, tariff_code from order_charges where order_no = $1',
      [extension.order_no],
    );
    // Only storage: the lifting was paid with the order.
    expect(lines).toEqual([{ charge_kind: 'storage', quantity: extraDays, tariff_code: 'T-LUUBAI' }]);
    // Heard after the commit, by a handler of its own: under load a moment after the yard read returns.
    await expect
      .poll(() => heardOf('order.extensionDue', order.OrderNo))
      .toEqual([{ orderNo: order.OrderNo, extensionOrderNo: extension.order_no, containerNos: [box], amount: extension.total_amount }]);

    // Shown on the order and on the home page's unpaid orders.
    const detail = present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(detail.ExtensionDue).toMatchObject({ OrderNo: extension.order_no, TotalAmount: extension.total_amount });
    const pending = present((await t.call(calls.home.dashboardTracking, {}, customer)).body.payload);
    expect(pending.some((r) => r.OrderNo === extension.order_no)).toBe(true);

    // Refused again while unpaid; a second refusal and the customer asking give the same extension, nothing twice.
    expect(await gate(order.PinCode, box, 'in')).toMatchObject({ status: 422, body: { reason: 'EXPIRED' } });
    await readYard();
    const asked = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo }, customer);
    expect(asked.status, asked.raw).toBe(200);
    expect(asked.body.message).toBe(extensionMessages.unpaid(extension.order_no));
    expect(present(asked.body.data).OrderNo).toBe(extension.order_no);
    expect(await extensionsOf(order.OrderNo)).toHaveLength(1);

    // Paid (demo approval config: approved at once) → delivered to the TOS → the gate accepts until the new expiry.
    expect((await payByCard(extension.order_no)).status).toBe(200);
    await expect.poll(async () => (await orderRow(extension.order_no)).tos_status, { timeout: 10_000 }).toBe('sent');
    expect(present((await tosHolds()).find((o) => o.orderNo === extension.order_no)).extendsOrderNo).toBe(order.OrderNo);
    expect((await gate(order.PinCode, box, 'in')).status).toBe(200);
    expect((await gate(order.PinCode, box, 'out')).status).toBe(200);
    await readYard();
    expect((await orderRow(order.OrderNo)).completed_at).not.toBeNull();
    // Nothing more to extend once the container is out.
    const again = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo }, customer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(extensionMessages.allOut);
  });

  it('the customer asks for an extension of an expired order before going; nonsense is refused in words', async () => {
    const box = MSCU(261011);
    const order = await deliveredPickup([box]);
    const notYet = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo }, customer);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toMatch(/^Lệnh chưa hết hạn \(hạn đến \d{2}\/\d{2}\/\d{4} 23:00\), chưa cần gia hạn\.$/);

    // Expired an hour ago: extended to the end of the day after tomorrow, priced from the old expiry.
    const oldExp = new Date(Date.now() - HOUR);
    await t.sql('update orders set exp_date = $2 where order_no = $1', [order.OrderNo, oldExp.toISOString()]);
    const day = new Date(Date.now() + 7 * HOUR + 2 * 86_400_000).toISOString().slice(0, 10);
    const past = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo, ExpDate: '2020-01-01' }, customer);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(extensionMessages.dayPast);
    const r = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo, ExpDate: day }, customer);
    expect(r.status, r.raw).toBe(200);
    const due = present(r.body.data);
    expect(r.body.message).toBe(extensionMessages.created(due.OrderNo));
    const newExp = new Date(due.ExpDate);
    expect(portDayNumber(newExp) - portDayNumber(oldExp)).toBe(2);
    expect(due.TotalAmount).toBe(withVat(STORAGE_PER_DAY * 2));
    // Paid: the covered expiry moved; a further extension (once that one expired too) bills only the days after it.
    expect((await payByCard(due.OrderNo)).status).toBe(200);
    await expect.poll(async () => (await orderRow(due.OrderNo)).order_status).toBe('C');
    await t.sql('update orders set exp_date = $2 where order_no = $1', [due.OrderNo, new Date(Date.now() - 60_000).toISOString()]);
    const further = await t.call(calls.orders.extendOrder, { OrderNo: order.OrderNo }, customer);
    expect(further.status, further.raw).toBe(200);
    // From the paid extension's (moved) expiry, today, to the end of today: no new storage day, nothing charged twice.
    expect(present(further.body.data)).toMatchObject({ TotalAmount: 0, OrderStatus: 'C' });
    expect(further.body.message).toBe(extensionMessages.createdFree(present(further.body.data).OrderNo));

    // Of an extension, of a cancelled order, of another customer's order.
    const ofExtension = await t.call(calls.orders.extendOrder, { OrderNo: due.OrderNo }, customer);
    expect(ofExtension.body.message).toBe(extensionMessages.isExtension(order.OrderNo));
    const cancelled = await deliveredPickup([MSCU(261013)]);
    await t.call(calls.orders.cancelApprovedOrder, { OrderNo: cancelled.OrderNo, Reason: 'Hủy' }, staff);
    const ofCancelled = await t.call(calls.orders.extendOrder, { OrderNo: cancelled.OrderNo }, customer);
    expect(ofCancelled.status).toBe(409);
    expect(ofCancelled.body.message).toBe(extensionMessages.cancelled);
    const [foreign] = await t.sql<{ order_no: string }>(
      "select order_no from orders where customer_code <> 'C0000001' and terminal_code = 'NDP' and order_status = 'C' limit 1",
    );
    const ofOther = await t.call(calls.orders.extendOrder, { OrderNo: present(foreign).order_no }, customer);
    expect(ofOther.status).toBe(404);
  });
});

/** The gate's last refusal of the order, as the TOS recorded it (its time is the TOS's). */
async function tosYardRefusal(orderNo: string) {
  const login = await fetch(`${tos.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoTosAccount),
  });
  const { session } = (await login.json()) as { session: string };
  const r = await fetch(`${tos.url}/api/yard-events?after=0&limit=1000`, { headers: { authorization: `Bearer ${session}` } });
  const { data } = (await r.json()) as { data: { kind: string; orderNo: string | null; at: string }[] };
  return present(data.filter((e) => e.kind === 'gate_refused' && e.orderNo === orderNo).at(0));
}
