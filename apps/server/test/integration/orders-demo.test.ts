import { randomUUID } from 'node:crypto';
import { calls, containerNumber, type OrderType, orderTypes } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBooking } from '../../src/db/seed/bookings.data';
import { demoYard } from '../../src/db/seed/port-containers.data';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The demo data as a customer finds it after `npm start` (README): every order type can be checked and priced at NDP
// with the demo yard, the demo tariffs, free days, attached services and approval config, paid by khachhang.
let t: TestApp;
let customer: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const cntr = containerNumber;
const inThreeDays = () => `${new Date(Date.now() + 7 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10)} 16:00`;

const rowsOf: Record<OrderType, { ContainerNo: string; IsoSizetype: string; FE?: 'F' | 'E'; Temperature?: number }[]> = {
  fcl_pre_advice: [{ ContainerNo: cntr('TGHU', 263101), IsoSizetype: '22G1' }],
  pre_advice: [{ ContainerNo: cntr('TGHU', 263102), IsoSizetype: '45G1' }],
  icd_pre_advice: [{ ContainerNo: cntr('TGHU', 263103), IsoSizetype: '22G1', FE: 'F' }],
  import_pickup: [
    { ContainerNo: cntr('MSCU', 261011), IsoSizetype: '22G1' },
    { ContainerNo: cntr('MSCU', 261012), IsoSizetype: '45G1' },
  ],
  empty_pickup: [{ ContainerNo: cntr('MSCU', 262011), IsoSizetype: '22G1' }],
  stuffing: [{ ContainerNo: cntr('MSCU', 262012), IsoSizetype: '22G1' }],
  unstuffing: [{ ContainerNo: cntr('MSCU', 261013), IsoSizetype: '22G1' }],
  service: [{ ContainerNo: cntr('MSCU', 261014), IsoSizetype: '45G1' }],
};

describe('the demo data prices every order type at NDP', () => {
  for (const type of Object.keys(orderTypes) as OrderType[]) {
    it(type, async () => {
      const def = orderTypes[type];
      const vessel = present(
        (await t.sql<{ k: string }>('select vessel_key k from port_containers where bl_no = $1 limit 1', [demoYard.importBill]))[0],
      ).k;
      const body = {
        OrderType: type,
        TerminalCode: 'NDP',
        JobModeCode: def.jobModes[0] as string,
        OperationCode: 'MSC',
        VesselKey: def.vesselRequired ? vessel : null,
        BLNo: def.document === 'BookingNo' ? null : demoYard.importBill,
        BookingNo: def.document === 'BLNo' ? null : demoBooking.bookingNo,
        ExpDate: inThreeDays(),
        AttachServices: [],
        containers: rowsOf[type],
        CustomerCode: 'C0000001',
      };
      const res = await t.call(calls.orders.calculateCharges, body, customer);
      expect(res.status, res.raw).toBe(200);
      const charges = present(res.body.data);
      expect(charges.TotalAmount).toBeGreaterThan(0);
      expect(charges.lines.every((l) => l.Explanation.length > 0)).toBe(true);
      const saved = await t.call(calls.orders.saveOrder, { ...body, TotalAmount: charges.TotalAmount, ClientKey: randomUUID() }, customer);
      expect(saved.status, saved.raw).toBe(200);
      const order = present(saved.body.data);
      expect(order.OrderNo).toMatch(/^NDP\d{13}$/);
      const pending = await t.call(calls.home.dashboardTracking, {}, customer);
      expect(present(pending.body.payload).some((r) => r.OrderNo === order.OrderNo && r.TotalAmount === charges.TotalAmount)).toBe(true);
    });
  }

  it("a credit customer's order confirmed to be paid later is approved at once (demo approval config: HBAI)", async () => {
    const vessel = present(
      (await t.sql<{ k: string }>("select vessel_key k from vessel_voyages where terminal_code = 'NDP' limit 1"))[0],
    ).k;
    const body = {
      OrderType: 'fcl_pre_advice' as const,
      TerminalCode: 'NDP',
      JobModeCode: 'HBAI',
      OperationCode: 'MSC',
      VesselKey: vessel,
      BookingNo: demoBooking.bookingNo,
      ExpDate: inThreeDays(),
      containers: [{ ContainerNo: cntr('TGHU', 263110), IsoSizetype: '22G1' }],
      CustomerCode: 'C0000005',
    };
    const charges = present((await t.call(calls.orders.calculateCharges, body, staff)).body.data);
    const saved = present((await t.call(calls.orders.saveOrder, { ...body, TotalAmount: charges.TotalAmount }, staff)).body.data);
    expect(saved.MoneyCredit).toBe('C');
    const confirmed = await t.call(calls.orders.confirmPayLater, { OrderNo: saved.OrderNo }, staff);
    expect(confirmed.body).toMatchObject({ success: true, data: { OrderStatus: 'C' } });
  });
});
