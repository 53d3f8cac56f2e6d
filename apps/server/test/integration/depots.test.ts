import { randomUUID } from 'node:crypto';
import { type CallInput, calls, containerNumber, depotMessages } from '@smartport/contract';
import {
  cardSimulator,
  demoTosAccount,
  einvoiceSimulator,
  type HeldTosOrder,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Issue 26 item 4: 'Danh mục depot' per terminal; with 'Hiển thị chọn depot' (DepotSelect) on, an empty return or empty
// pickup names one of its terminal's active depots, is priced with the depot's lift charge and reaches the TOS with it;
// with the switch off a depot is refused.
let t: TestApp;
let sims: RunningSimulator[];
let tos: RunningSimulator;
let admin: string;
let customer: string; // khachhang: C0000001 at NDP
let staff: string; // nhanvien: NDP NDV NHP
const tosHolds = async (): Promise<HeldTosOrder[]> =>
  ((await (await fetch(`${tos.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;
const tomorrow = () => `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`;

type Draft = CallInput<typeof calls.orders.saveOrder>;
/** An empty return (pre_advice, TRAR) of one empty box at NDP. */
const emptyReturn = (serial: number, over: Partial<Draft> = {}): Draft => ({
  OrderType: 'pre_advice',
  TerminalCode: 'NDP',
  JobModeCode: 'TRAR',
  OperationCode: 'MSC',
  VesselKey: null,
  BLNo: 'MEDUDEPOT2611',
  BookingNo: null,
  ExpDate: tomorrow(),
  AttachServices: [],
  containers: [{ ContainerNo: containerNumber('TCNU', serial), IsoSizetype: '22G1' }],
  CustomerCode: 'C0000001',
  TotalAmount: 0,
  ...over,
});

/** 'Cấu hình cảng' of NDP saved by the administrator with DepotSelect on or off (the TOS is the simulator). */
async function depotSwitch(on: boolean) {
  const url = new URL(tos.url);
  const res = await t.call(
    calls.admin.saveTerminalConfig,
    {
      TerminalCode: 'NDP',
      AutoActiveUser: 1,
      ImportPickupAllCont: 0,
      DepotSelect: on ? 1 : 0,
      HolydaySelect: 0,
      // The mail server is not what this test is about; the form requires one.
      host: '127.0.0.1',
      port: 2525,
      user: 'smartport',
      pass: 'Mail@2026',
      tls: 0,
      apilist: [{ host: url.hostname, port: Number(url.port), user: demoTosAccount.user, pass: demoTosAccount.pass }],
      CurrentApi: 0,
    } as never,
    admin,
  );
  expect(res.status, res.raw).toBe(200);
}

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
  [admin, customer, staff] = await Promise.all([t.login('admin'), t.login('khachhang'), t.login('nhanvien')]);
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of sims ?? []) await s.close();
});

describe("'Danh mục depot': a catalogue per terminal", () => {
  it('lists the seeded depots of the caller’s terminals; saves a new one; refuses a bad charge and another terminal', async () => {
    const list = await t.call(calls.catalogs.getDepotList, {}, staff);
    expect(list.status, list.raw).toBe(200);
    const codes = present(list.body.payload).map((d) => `${d.TerminalCode}/${d.DepotCode}`);
    expect(codes).toEqual(expect.arrayContaining(['NDP/DVD', 'NDP/TBD', 'NHP/HAD']));
    const row = { TerminalCode: 'NDP', DepotCode: 'lhd', DepotName: 'Depot Lạch Huyện', Address: null, LiftCharge: 120000, IsActive: 1 };
    const saved = await t.call(calls.catalogs.updateDepotList, { data: [row] } as never, staff);
    expect(saved.status, saved.raw).toBe(200);
    const again = present((await t.call(calls.catalogs.getDepotList, {}, staff)).body.payload);
    expect(again.find((d) => d.DepotCode === 'LHD')).toMatchObject({ TerminalCode: 'NDP', LiftCharge: 120000, IsActive: true });
    const bad = await t.call(calls.catalogs.updateDepotList, { data: [{ ...row, DepotCode: 'X1', LiftCharge: -5 }] } as never, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(depotMessages.charge);
    // The customer holds no catalogue menu.
    expect((await t.call(calls.catalogs.getDepotList, {}, customer)).status).toBe(403);
  });
});

describe('DepotSelect decides whether an empty pickup or return names a depot', () => {
  it('off: no depot offered, and a depot sent anyway is refused in Vietnamese', async () => {
    await depotSwitch(false);
    const offered = await t.call(calls.orders.orderDepots, { TerminalCode: 'NDP', OrderType: 'pre_advice' }, customer);
    expect(offered.body).toMatchObject({ success: true, DepotSelect: false, payload: [] });
    const priced = await t.call(calls.orders.calculateCharges, emptyReturn(979001, { DepotCode: 'DVD' }), customer);
    expect([priced.status, priced.body.message]).toEqual([400, depotMessages.notOffered('NDP')]);
  });

  it("on: the terminal's active depots are offered; none, another terminal's, or one on another order type is refused", async () => {
    await depotSwitch(true);
    const offered = await t.call(calls.orders.orderDepots, { TerminalCode: 'NDP', OrderType: 'pre_advice' }, customer);
    expect(offered.body.DepotSelect).toBe(true);
    expect(present(offered.body.payload).map((d) => d.DepotCode)).toEqual(expect.arrayContaining(['DVD', 'TBD', 'VIC']));
    expect(present(offered.body.payload).some((d) => d.DepotCode === 'HAD')).toBe(false);
    const none = await t.call(calls.orders.calculateCharges, emptyReturn(979002), customer);
    expect([none.status, none.body.message]).toEqual([400, depotMessages.required]);
    // HAD is a depot of NHP, not of NDP: refused naming the code sent and the order's terminal.
    const other = await t.call(calls.orders.calculateCharges, emptyReturn(979002, { DepotCode: 'had' }), customer);
    expect([other.status, other.body.message]).toEqual([400, depotMessages.unknown('HAD', 'NDP')]);
    const fcl = await t.call(
      calls.orders.checkContainers,
      { ...emptyReturn(979002), OrderType: 'unstuffing', JobModeCode: 'RUT', DepotCode: 'DVD' },
      customer,
    );
    expect([fcl.status, fcl.body.message]).toEqual([400, depotMessages.wrongType('Rút hàng khỏi container')]);
  });

  it("on: the depot's lift charge is a line of the order; the order, its history and the TOS carry the depot", async () => {
    await depotSwitch(true);
    const d = emptyReturn(979003, { DepotCode: 'DVD' });
    const priced = await t.call(calls.orders.calculateCharges, d, customer);
    expect(priced.status, priced.raw).toBe(200);
    const charges = present(priced.body.data);
    const depotLine = charges.lines.find((l) => l.TariffName === 'Phí nâng/hạ tại depot DVD');
    expect(depotLine).toMatchObject({ ChargeKind: 'surcharge', Amount: 150_000, Quantity: 1, Unit: 'Cont' });
    expect(depotLine?.Explanation).toContain('Depot Đình Vũ');
    expect(charges.TotalAmount).toBe(charges.lines.reduce((s, l) => s + l.Total, 0));
    // Another depot, another charge: the price follows the depot chosen.
    const other = present((await t.call(calls.orders.calculateCharges, { ...d, DepotCode: 'TBD' }, customer)).body.data);
    expect(other.TotalAmount - charges.TotalAmount).toBe(
      (other.lines.find((l) => l.TariffName.endsWith('TBD'))?.Total ?? 0) - (depotLine?.Total ?? 0),
    );

    const saved = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: charges.TotalAmount, ClientKey: randomUUID() }, customer);
    expect(saved.status, saved.raw).toBe(200);
    const orderNo = present(saved.body.data).OrderNo;
    const detail = present((await t.call(calls.orders.getOrder, { OrderNo: orderNo }, customer)).body.data);
    expect(detail).toMatchObject({ DepotCode: 'DVD', DepotName: 'Depot Đình Vũ' });
    const history = await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: orderNo }, customer);
    expect(present(history.body.data).Depot).toBe('DVD - Depot Đình Vũ');

    // Paid by card: approved and delivered to the TOS with its depot.
    const start = await t.call(
      calls.payments.makeCardTransfer,
      { OrderNo: orderNo, cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' },
      customer,
    );
    expect(start.status, start.raw).toBe(200);
    const paid = await t.call(
      calls.payments.confirmCardTransfer,
      { otp: '123456', clientMessageId: present(start.body.data).clientMessageId },
      customer,
    );
    expect(paid.status, paid.raw).toBe(200);
    await expect.poll(async () => (await tosHolds()).find((h) => h.orderNo === orderNo)?.depotCode, { timeout: 20_000 }).toBe('DVD');

    // A depot an order names is not deleted from the catalogue.
    const row = present((await t.call(calls.catalogs.getDepotList, {}, staff)).body.payload).find(
      (x) => x.TerminalCode === 'NDP' && x.DepotCode === 'DVD',
    );
    const del = await t.call(calls.catalogs.deleteDepotList, { data: [row] } as never, staff);
    expect(del.status).not.toBe(200);
  });
});
