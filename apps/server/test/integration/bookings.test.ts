import { randomUUID } from 'node:crypto';
import { bookingMessages, type CallInput, calls, containerNumber, DAY_MS, portDayKey } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBooking } from '../../src/db/seed/bookings.data';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Issue 23 item 3: the line's bookings; an empty pickup and an export drop-off name one and never exceed what it has
// left per size; the yard picks empties for a booking by quantity.
let t: TestApp;
let line: string; // hangtau: MSC
let customer: string; // khachhang: C0000001
let staff: string;

const empty = (serial: number) => containerNumber('MSCU', serial);
const day = (days: number) => portDayKey(new Date(Date.now() + days * DAY_MS));
const tomorrow = () => `${day(1)} 23:00`;

type Draft = CallInput<typeof calls.orders.saveOrder>;
const order = (type: 'empty_pickup' | 'fcl_pre_advice', booking: string, containers: { no: string; size?: string }[]): Draft => ({
  OrderType: type,
  TerminalCode: 'NDP',
  JobModeCode: type === 'empty_pickup' ? 'CAPR' : 'HBAI',
  OperationCode: 'MSC',
  VesselKey: null,
  BLNo: null,
  BookingNo: booking,
  ExpDate: tomorrow(),
  AttachServices: [],
  containers: containers.map((c) => ({ ContainerNo: c.no, IsoSizetype: c.size ?? (type === 'empty_pickup' ? '' : '22G1') })),
  CustomerCode: 'C0000001',
  TotalAmount: 0,
});
const check = async (d: Draft) => {
  const r = await t.call(calls.orders.checkContainers, d, customer);
  return { status: r.status, message: r.body.message, problems: (r.body.payload ?? []).flatMap((x) => x.problems) };
};
async function save(d: Draft) {
  const priced = await t.call(calls.orders.calculateCharges, d, customer);
  if (priced.status !== 200) return priced;
  return t.call(calls.orders.saveOrder, { ...d, TotalAmount: present(priced.body.data).TotalAmount, ClientKey: randomUUID() }, customer);
}
const issue = (input: Partial<CallInput<typeof calls.bookings.issueBooking>>, token = line) =>
  t.call(
    calls.bookings.issueBooking,
    { TerminalCode: 'NDP', BookingNo: 'MSCBT001', ValidUntil: day(10), lines: [{ IsoSizetype: '22G1', Quantity: 2 }], ...input },
    token,
  );

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  [line, customer, staff] = await Promise.all([t.login('hangtau'), t.login('khachhang'), t.login('nhanvien')]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the line issues its bookings', () => {
  it('issues one with its sizes; the list shows what each size has used', async () => {
    const res = await issue({ ShipperTaxCode: '0722256654', Note: 'Xuất tuần 48' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe(bookingMessages.issued('MSCBT001'));
    expect(present(res.body.data)).toMatchObject({
      BookingNo: 'MSCBT001',
      OperationCode: 'MSC',
      Status: 'A',
      ValidUntil: day(10),
      lines: [{ IsoSizetype: '22G1', Quantity: 2, Picked: 0, Dropped: 0 }],
    });
  });

  it('refuses a number the line already has, a past day, a size twice, a bad size, another terminal, and anyone but the line', async () => {
    expect((await issue({})).body.message).toBe(bookingMessages.exists('MSCBT001', 'MSC'));
    expect((await issue({ BookingNo: 'MSCBT002', ValidUntil: day(-1) })).body.message).toBe(bookingMessages.validPast);
    const twice = await issue({
      BookingNo: 'MSCBT002',
      lines: [
        { IsoSizetype: '22G1', Quantity: 1 },
        { IsoSizetype: '22g1', Quantity: 2 },
      ],
    });
    expect(twice.body.message).toBe(bookingMessages.sizeTwice('22G1'));
    expect((await issue({ BookingNo: 'MSCBT002', lines: [{ IsoSizetype: 'XXXX', Quantity: 1 }] })).status).toBe(400);
    expect((await issue({ BookingNo: 'MSCBT002', TerminalCode: 'NDV' })).body.message).toBe(bookingMessages.terminal('NDV'));
    expect((await issue({ BookingNo: 'MSCBT002' }, customer)).status).toBe(403);
    expect((await issue({ BookingNo: 'MSCBT002' }, staff)).status).toBe(403);
  });
});

describe('an empty pickup names a booking and never exceeds it', () => {
  it('takes its boxes up to the quantity; beyond, the row says how many are left; an unbooked size is named', async () => {
    const [a, b, c] = [empty(262021), empty(262022), empty(262023)];
    expect((await check(order('empty_pickup', 'MSCBT001', [{ no: a }, { no: b }, { no: c }]))).problems).toEqual([
      `Dòng 3: ${bookingMessages.overQuantity('MSCBT001', '22G1', 2)}`,
    ]);
    expect((await save(order('empty_pickup', 'MSCBT001', [{ no: a }, { no: b }]))).status).toBe(200);
    expect((await check(order('empty_pickup', 'MSCBT001', [{ no: c }]))).problems).toEqual([
      `Dòng 1: ${bookingMessages.overQuantity('MSCBT001', '22G1', 0)}`,
    ]);
    const remaining = await t.call(
      calls.bookings.bookingRemaining,
      { TerminalCode: 'NDP', OperationCode: 'MSC', BookingNo: 'MSCBT001' },
      customer,
    );
    expect(present(remaining.body.data).lines).toEqual([{ IsoSizetype: '22G1', Quantity: 2, Picked: 2, Dropped: 0 }]);
    // The line sees the order made against its booking.
    const orders = present((await t.call(calls.edo.lineOrders, { FindValue: 'MSCBT001' }, line)).body.payload);
    expect(orders.map((o) => [o.BookingNo, o.EdoNo, o.ContainerNos])).toEqual([['MSCBT001', null, [a, b]]]);
  });

  it('an unknown, cancelled or expired booking, or an order outlasting it, is refused before the rows', async () => {
    const none = await check(order('empty_pickup', 'NOPE', [{ no: empty(262024) }]));
    expect([none.status, none.message]).toEqual([400, bookingMessages.orderNone('NOPE', 'MSC', 'NDP')]);
    expect((await issue({ BookingNo: 'MSCBT003', ValidUntil: day(0) })).status).toBe(200);
    const late = await check({ ...order('empty_pickup', 'MSCBT003', [{ no: empty(262024) }]), ExpDate: `${day(2)} 10:00` });
    expect(late.message).toBe(bookingMessages.orderAfter('MSCBT003', day(0).split('-').reverse().join('/')));
    const cancelled = await t.call(calls.bookings.cancelBooking, { BookingNo: 'MSCBT003', Reason: 'Khách hủy chuyến' }, line);
    expect(cancelled.body.message).toBe(bookingMessages.cancelled('MSCBT003'));
    expect((await check(order('empty_pickup', 'MSCBT003', [{ no: empty(262024) }]))).message).toBe(
      bookingMessages.orderCancelled('MSCBT003'),
    );
  });

  it('two customers racing for the last box of a booking: one order gets it, the other is refused', async () => {
    expect((await issue({ BookingNo: 'MSCBT004', lines: [{ IsoSizetype: '22G1', Quantity: 1 }] })).status).toBe(200);
    const [x, y] = await Promise.all([
      save(order('empty_pickup', 'MSCBT004', [{ no: empty(262025) }])),
      save(order('empty_pickup', 'MSCBT004', [{ no: empty(262026) }])),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.status === 409)?.body.message).toBe(bookingMessages.full('MSCBT004', '22G1'));
  });

  it('the yard picks empties for a booking by quantity: oldest first, never held, damaged or on another order', async () => {
    const picked = await t.call(
      calls.bookings.pickEmpties,
      { TerminalCode: 'NDP', OperationCode: 'MSC', BookingNo: demoBooking.bookingNo, IsoSizetype: '22G1', Quantity: 40 },
      customer,
    );
    expect(picked.status, picked.raw).toBe(200);
    const list = present(picked.body.payload);
    expect(list).not.toContain(empty(262037)); // held
    expect(list).not.toContain(empty(262038)); // damaged
    expect(list).not.toContain(empty(262021)); // on MSCBT001's order
    expect(new Set(list).size).toBe(list.length);
    const yard = await t.sql<{ container_no: string; container_status_code: string }>(
      'select container_no, container_status_code from port_containers where container_no = any($1)',
      [list],
    );
    expect(yard.every((r) => r.container_status_code === 'S')).toBe(true);
    const few = await t.call(
      calls.bookings.pickEmpties,
      {
        TerminalCode: 'NDP',
        OperationCode: 'MSC',
        BookingNo: demoBooking.bookingNo,
        IsoSizetype: '22G1',
        Quantity: 2,
        Exclude: list.slice(0, 1),
      },
      customer,
    );
    expect(present(few.body.payload)).toEqual(list.slice(1, 3));
    expect(few.body.message).toBe(bookingMessages.picked(2, '22G1', 2));
    // The picked boxes go through the order checks as any typed list.
    expect(
      (
        await check(
          order(
            'empty_pickup',
            demoBooking.bookingNo,
            list.slice(1, 3).map((no) => ({ no })),
          ),
        )
      ).problems,
    ).toEqual([]);
    const unbooked = await t.call(
      calls.bookings.pickEmpties,
      { TerminalCode: 'NDP', OperationCode: 'MSC', BookingNo: demoBooking.bookingNo, IsoSizetype: '22R1', Quantity: 1 },
      customer,
    );
    expect(unbooked.body.message).toBe(bookingMessages.sizeNotBooked(demoBooking.bookingNo, '22R1'));
  });
});

describe('an export drop-off counts laden boxes against the booking', () => {
  it('drop-offs use the booking apart from empty pickups; beyond the quantity the row is refused', async () => {
    const res = await issue({ BookingNo: 'MSCBT005', lines: [{ IsoSizetype: '22G1', Quantity: 1 }] });
    expect(res.status, res.raw).toBe(200);
    const [vessel] = await t.sql<{ k: string }>("select vessel_key k from vessel_voyages where terminal_code = 'NDP' limit 1");
    const d = (nos: string[]) => ({
      ...order(
        'fcl_pre_advice',
        'MSCBT005',
        nos.map((no) => ({ no })),
      ),
      VesselKey: present(vessel).k,
    });
    const laden = [containerNumber('SEGU', 590001), containerNumber('SEGU', 590002)];
    expect((await check(d(laden))).problems).toEqual([`Dòng 2: ${bookingMessages.overQuantity('MSCBT005', '22G1', 1)}`]);
    expect((await check(d([containerNumber('SEGU', 590003)]))).problems).toEqual([]);
    const wrongSize = await check({ ...d([]), containers: [{ ContainerNo: containerNumber('SEGU', 590004), IsoSizetype: '45G1' }] });
    expect(wrongSize.problems).toEqual([`Dòng 1: ${bookingMessages.sizeNotBooked('MSCBT005', '45G1')}`]);
  });
});

describe('amending and cancelling', () => {
  it('never below what orders use; extended with a reason; a booking in use is not cancelled', async () => {
    const below = await t.call(
      calls.bookings.amendBooking,
      { BookingNo: 'MSCBT001', lines: [{ IsoSizetype: '22G1', Quantity: 1 }], Reason: 'Giảm số lượng' },
      line,
    );
    expect(below.body.message).toBe(bookingMessages.belowUsed('22G1', 2));
    const more = await t.call(
      calls.bookings.amendBooking,
      {
        BookingNo: 'MSCBT001',
        ValidUntil: day(20),
        lines: [
          { IsoSizetype: '22G1', Quantity: 3 },
          { IsoSizetype: '45G1', Quantity: 1 },
        ],
        Reason: 'Thêm',
      },
      line,
    );
    expect(more.status, more.raw).toBe(200);
    expect(present(more.body.data)).toMatchObject({
      ValidUntil: day(20),
      lines: [
        { IsoSizetype: '22G1', Quantity: 3, Picked: 2 },
        { IsoSizetype: '45G1', Quantity: 1 },
      ],
    });
    const inUse = await t.call(calls.bookings.cancelBooking, { BookingNo: 'MSCBT001', Reason: 'x' }, line);
    expect([inUse.status, inUse.body.message]).toEqual([409, expect.stringContaining('đang được dùng cho lệnh')]);
  });

  it('the demo booking MSCB2611001 exists for MSC at NDP', async () => {
    const list = present((await t.call(calls.bookings.listBookings, { FindValue: demoBooking.bookingNo }, line)).body.payload);
    expect(list[0]).toMatchObject({ BookingNo: demoBooking.bookingNo, TerminalCode: 'NDP', OperationCode: 'MSC', Status: 'A' });
  });
});
