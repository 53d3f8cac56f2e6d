import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  calls,
  containerNumber,
  type OrderType,
  orderMessages,
  orderTypes,
  plugHourMessages,
  weightMessages,
} from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoYard } from '../../src/db/seed/port-containers.data';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The order wizard's server rules over the demo data (its tariffs, attach configuration and yard at NDP): the TRAR count
// of the saved containers, the order's own vessel calls, weights in kilograms, attached services the customer ticks,
// reefer plug hours of yard work, another customer's PIN kept out of refusals, the save key bound to its draft, and the
// invoice / TOS state step 6 follows.
let t: TestApp;
let customer: string; // khachhang: customer C0000001 at NDP
let staff: string; // nhanvien: staff order grant, NDP NDV NHP
let yardVessel: string;
let otherNdpVessel: string;

const MSCU = (serial: number) => containerNumber('MSCU', serial);
const TGHU = (serial: number) => containerNumber('TGHU', serial);
const tomorrow = () => `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`;

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
  yardVessel = present(
    (await t.sql<{ k: string }>('select vessel_key k from port_containers where container_no = $1', [MSCU(261001)]))[0],
  ).k;
  otherNdpVessel = present(
    (
      await t.sql<{ k: string }>("select vessel_key k from vessel_voyages where terminal_code = 'NDP' and vessel_key <> $1 limit 1", [
        yardVessel,
      ])
    )[0],
  ).k;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Draft = CallInput<typeof calls.orders.saveOrder>;

function draft(type: OrderType, containers: Draft['containers'], over: Partial<Draft> = {}): Draft {
  const def = orderTypes[type];
  return {
    OrderType: type,
    TerminalCode: 'NDP',
    JobModeCode: def.jobModes[0] as string,
    OperationCode: 'MSC',
    VesselKey: def.vesselRequired ? yardVessel : null,
    BLNo: def.document === 'BookingNo' ? null : demoYard.importBill,
    BookingNo: def.document === 'BLNo' ? null : 'MSCB2611001',
    ExpDate: tomorrow(),
    AttachServices: [],
    containers,
    CustomerCode: 'C0000001',
    TotalAmount: 0,
    ...over,
  };
}

async function priced(d: Draft, token = customer) {
  const res = await t.call(calls.orders.calculateCharges, d, token);
  expect(res.status, res.raw).toBe(200);
  return present(res.body.data);
}

async function save(d: Draft, token = customer, ClientKey: string = randomUUID()) {
  const charges = await priced(d, token);
  const res = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: charges.TotalAmount, ClientKey }, token);
  expect(res.status, res.raw).toBe(200);
  return { charges, order: present(res.body.data) };
}

describe('the TRAR warning counts the containers the server saved', () => {
  it('a TRAR order of 5 answers TrarCount 5 at save (and again for the same save key); other job modes 0', async () => {
    const boxes = [0, 1, 2, 3, 4].map((i) => ({ ContainerNo: TGHU(265001 + i), IsoSizetype: '22G1' }));
    const key = randomUUID();
    const { order } = await save(draft('pre_advice', boxes, { BLNo: 'BLTRAR265001' }), customer, key);
    expect(order.TrarCount).toBe(5);
    const d = draft('pre_advice', boxes, { BLNo: 'BLTRAR265001' });
    const again = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: order.TotalAmount, ClientKey: key }, customer);
    expect(present(again.body.data)).toMatchObject({ OrderNo: order.OrderNo, TrarCount: 5 });
    const other = await save(draft('fcl_pre_advice', [{ ContainerNo: TGHU(265010), IsoSizetype: '22G1' }], { VesselKey: otherNdpVessel }));
    expect(other.order.TrarCount).toBe(0);
  });
});

describe("vessel calls: the order's terminal's, and for a laden pickup the container's own call", () => {
  it('the picker lists one terminal of the caller when asked, naming it on every call; never a terminal outside its list', async () => {
    const all = present((await t.call(calls.customs.searchShip, { arrStatus: 0 }, staff)).body.vsls);
    expect(new Set(all.map((v) => v.TerminalCode)).size).toBeGreaterThan(1);
    const ndv = present((await t.call(calls.customs.searchShip, { arrStatus: 0, TerminalCode: 'ndv' }, staff)).body.vsls);
    expect(ndv.length).toBeGreaterThan(0);
    expect(new Set(ndv.map((v) => v.TerminalCode))).toEqual(new Set(['NDV']));
    const outside = await t.call(calls.customs.searchShip, { arrStatus: 0, TerminalCode: 'GML' }, staff);
    expect(outside.status).toBe(403);
  });

  it("an import pickup naming another call than the yard's record is refused with the record's call", async () => {
    const [yard] = await t.sql<{ n: string; im: string; ex: string }>(
      'select vessel_name n, vessel_im_voy im, vessel_ex_voy ex from vessel_voyages where vessel_key = $1',
      [yardVessel],
    );
    const [chosen] = await t.sql<{ n: string; im: string; ex: string }>(
      'select vessel_name n, vessel_im_voy im, vessel_ex_voy ex from vessel_voyages where vessel_key = $1',
      [otherNdpVessel],
    );
    const box = [{ ContainerNo: MSCU(261031), IsoSizetype: '' }];
    const wrong = await t.call(calls.orders.checkContainers, draft('import_pickup', box, { VesselKey: otherNdpVessel }), customer);
    expect(wrong.status, wrong.raw).toBe(200);
    expect(present(wrong.body.payload)[0]?.problems).toEqual([
      `Dòng 1: Container ${MSCU(261031)} trong bãi thuộc tàu/chuyến ${yard?.n} ${yard?.im}/${yard?.ex}, không phải tàu/chuyến ${chosen?.n} ${chosen?.im}/${chosen?.ex} đã chọn`,
    ]);
    const refused = await t.call(calls.orders.calculateCharges, draft('import_pickup', box, { VesselKey: otherNdpVessel }), customer);
    expect(refused.status).toBe(400);
    const right = await t.call(calls.orders.checkContainers, draft('import_pickup', box), customer);
    expect(present(right.body.payload)[0]?.problems).toEqual([]);
  });
});

describe('weights are kilograms within the bounds of the size', () => {
  const check = (MCWeight: number, IsoSizetype = '22G1') =>
    t.call(
      calls.orders.checkContainers,
      draft('fcl_pre_advice', [{ ContainerNo: TGHU(265020), IsoSizetype, MCWeight }], { VesselKey: otherNdpVessel }),
      customer,
    );

  it('refuses a negative, too light (tonnes typed) or too heavy weight naming the row, never an internal path', async () => {
    for (const [w, message] of [
      [-5, weightMessages.negative],
      [0, weightMessages.tooLight],
      [24, weightMessages.tooLight],
      [99_999, weightMessages.tooHeavy('20', 30_480)],
    ] as const) {
      const res = await check(w);
      expect(res.status, String(w)).toBe(400);
      expect(res.body.message).toBe(`Dòng 1: ${message}`);
      expect(res.body.message).not.toMatch(/containers\.|MCWeight/);
    }
    expect((await check(32_000, '45G1')).status).toBe(200);
    const ok = await check(24_000);
    expect(ok.status).toBe(200);
    expect(present(ok.body.payload)[0]).toMatchObject({ MCWeight: 24_000, problems: [] });
  });
});

describe('attached services: the optional ones the configuration offers are the customer’s to tick', () => {
  it('answers the offered services; a ticked one is priced by the engine and the order saves with it', async () => {
    // Demo attach configuration: DONG (stuffing) charges DVBAI by default and offers DVKC.
    const boxes = [{ ContainerNo: MSCU(262011), IsoSizetype: '' }];
    const plain = await priced(draft('stuffing', boxes, { BookingNo: 'BKST265030' }));
    expect(plain.AttachOptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AttachServiceCode: 'DVBAI', IsFixed: true, Charged: true }),
        expect.objectContaining({ AttachServiceCode: 'DVKC', IsFixed: false, Charged: false }),
      ]),
    );
    expect(plain.lines.filter((l) => l.ChargeKind === 'attach').map((l) => l.JobModeCode)).toEqual(['DVBAI']);
    const ticked = draft('stuffing', boxes, { BookingNo: 'BKST265030', AttachServices: ['DVKC'] });
    const withDvkc = await priced(ticked);
    const line = withDvkc.lines.find((l) => l.ChargeKind === 'attach' && l.JobModeCode === 'DVKC');
    expect(line?.Total).toBeGreaterThan(0);
    expect(withDvkc.TotalAmount).toBe(plain.TotalAmount + (line?.Total ?? 0));
    expect(withDvkc.AttachOptions?.find((o) => o.AttachServiceCode === 'DVKC')?.Charged).toBe(true);
    const { order } = await save(ticked);
    expect(order.TotalAmount).toBe(withDvkc.TotalAmount);
    const detail = present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(detail.charges.some((l) => l.JobModeCode === 'DVKC')).toBe(true);
  });
});

describe('reefer plug hours of yard work', () => {
  it('an unstuffing of a reefer prices the hours the customer gives; a pickup refuses them', async () => {
    const reefer = { ContainerNo: MSCU(261103), IsoSizetype: '', Temperature: -18, PlugHours: 6 };
    const charges = await priced(draft('unstuffing', [reefer], { BLNo: demoYard.reeferBill }));
    const line = charges.lines.find((l) => l.ChargeKind === 'reefer');
    expect(line).toMatchObject({ Unit: 'Giờ', ContainerNo: MSCU(261103) });
    expect(line?.Quantity).toBeGreaterThanOrEqual(6);
    const without = await priced(draft('unstuffing', [{ ...reefer, PlugHours: null }], { BLNo: demoYard.reeferBill }));
    expect(without.lines.some((l) => l.ChargeKind === 'reefer')).toBe(false);
    const pickup = await t.call(calls.orders.checkContainers, draft('import_pickup', [reefer], { BLNo: demoYard.reeferBill }), customer);
    expect(present(pickup.body.payload)[0]?.problems).toContain(`Dòng 1: ${plugHourMessages.notForType}`);
  });
});

describe("another customer's PIN stays out of refusals", () => {
  it('names the container and says it is in another live order; the PIN only to that order’s customer', async () => {
    const no = TGHU(265040);
    const { order } = await save(draft('pre_advice', [{ ContainerNo: no, IsoSizetype: '22G1' }], { BLNo: 'BLPIN265040' }));
    const pin = order.PinCode.split('-')[0] as string;
    const d = (CustomerCode: string) =>
      draft('pre_advice', [{ ContainerNo: no, IsoSizetype: '22G1' }], { BLNo: 'BLPIN265041', CustomerCode });
    const own = await t.call(calls.orders.checkContainers, d('C0000001'), customer);
    expect(present(own.body.payload)[0]?.problems).toEqual([`Dòng 1: ${orderMessages.containerTaken(no, pin)}`]);
    // Staff before the payer is chosen, and for another payer: no PIN.
    const staffCheck = await t.call(calls.orders.checkContainers, d('C0000005'), staff);
    expect(present(staffCheck.body.payload)[0]?.problems).toEqual([`Dòng 1: ${orderMessages.containerTaken(no, null)}`]);
    const forOther = await t.call(calls.orders.calculateCharges, d('C0000005'), staff);
    expect(forOther.status).toBe(400);
    expect(forOther.body.message).toContain(`Container ${no} đã có trong một lệnh khác còn hiệu lực`);
    expect(forOther.body.message).not.toContain(pin);
    const forSame = await t.call(calls.orders.calculateCharges, d('C0000001'), staff);
    expect(forSame.body.message).toContain(`PIN ${pin}`);
  });
});

describe('the save key (ClientKey) belongs to one draft', () => {
  it('the same draft again answers the first order; another draft with the key is refused (409) and saves nothing', async () => {
    const key = randomUUID();
    const first = draft('pre_advice', [{ ContainerNo: TGHU(265050), IsoSizetype: '22G1' }], { BLNo: 'BLKEY265050' });
    const { order } = await save(first, customer, key);
    const same = await t.call(calls.orders.saveOrder, { ...first, TotalAmount: order.TotalAmount, ClientKey: key }, customer);
    expect(same.status).toBe(200);
    expect(same.body.message).toBe(orderMessages.saved);
    expect(present(same.body.data).OrderNo).toBe(order.OrderNo);

    const other = draft('pre_advice', [{ ContainerNo: TGHU(265051), IsoSizetype: '22G1' }], { BLNo: 'BLKEY265051' });
    const charges = await priced(other);
    const reused = await t.call(calls.orders.saveOrder, { ...other, TotalAmount: charges.TotalAmount, ClientKey: key }, customer);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(orderMessages.clientKeyReused(order.OrderNo));
    const saved = await t.sql<{ n: number }>('select count(*)::int n from order_containers where container_no = $1', [TGHU(265051)]);
    expect(saved[0]?.n).toBe(0);
  });
});

describe('step 6 reads where the invoice and the TOS delivery stand', () => {
  it('none before approval; pending until published; failed when the retries ran out; the TOS retry is said', async () => {
    const { order } = await save(draft('pre_advice', [{ ContainerNo: TGHU(265060), IsoSizetype: '22G1' }], { BLNo: 'BLSTATE265060' }));
    const detail = async () => present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data);
    expect(await detail()).toMatchObject({ InvoiceState: 'none', InvoiceStateName: 'Chưa phát hành', TosRetrying: false });
    await t.sql("update orders set order_status = 'C', transaction_id = 'FT-STATE-1', tos_status = 'pending' where order_no = $1", [
      order.OrderNo,
    ]);
    expect(await detail()).toMatchObject({ InvoiceState: 'pending', InvoiceStateName: 'Đang phát hành', TosStatus: 'pending' });
    await t.sql(
      "insert into payment_followups (kind, order_no, reason, status, attempts) values ('invoice', $1, 'publish_failed', 'failed', 5)",
      [order.OrderNo],
    );
    await t.sql("update orders set tos_status = 'failed', tos_next_try = now() + interval '1 minute' where order_no = $1", [order.OrderNo]);
    expect(await detail()).toMatchObject({ InvoiceState: 'failed', TosStatus: 'failed', TosRetrying: true });
  });
});
