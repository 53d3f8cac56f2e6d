import { demoTosAccount, type HeldTosOrder, type RunningSimulator, startSimulator, tosSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpTos, tosBaseUrl } from '../../../src/adapters/tos/tos.adapter';
import type { TosConnection, TosOrderDelivery } from '../../../src/adapters/tos/tos.port';
import { createOutboundPolicy } from '../../../src/security/outbound-policy';

// The TOS adapter against the TOS simulator over real HTTP.
let sim: RunningSimulator;
let conn: TosConnection;
// The simulator listens on loopback, which this deployment lists.
const tos = createHttpTos({ timeoutMs: 500, outbound: createOutboundPolicy({ allow: ['127.0.0.1'] }) });
const DAY = 86_400_000;
const knobs = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  sim = await startSimulator(tosSimulator, 0);
  const url = new URL(sim.url);
  conn = { host: url.hostname, port: Number(url.port), user: demoTosAccount.user, password: demoTosAccount.pass };
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await knobs({ reset: true });
});

describe('TOS adapter', () => {
  it('logs in with the right account and is refused with a wrong password (the TOS reason kept)', async () => {
    expect(await tos.testLogin(conn)).toEqual({ ok: true });
    expect(await tos.testLogin({ ...conn, password: 'sai' })).toEqual({
      ok: false,
      failure: 'login_refused',
      detail: 'Sai tài khoản hoặc mật khẩu TOS',
    });
  });

  it('reads the vessel schedule in the portal names, within the range', async () => {
    const r = await tos.vesselSchedule(conn, { from: new Date(Date.now() - 7 * DAY), to: new Date(Date.now() + 7 * DAY) });
    if (!r.ok) throw new Error(`schedule: ${r.failure}`);
    expect(r.value.length).toBe(5);
    for (const v of r.value) {
      expect(v).toMatchObject({ VesselKey: expect.any(String), VesselName: expect.any(String), VesselImVoy: expect.stringMatching(/N$/) });
      expect(v.ETA).toBeInstanceOf(Date);
      expect(v.Berthed).toBe(v.ETA.getTime() < Date.now());
    }
    const narrow = await tos.vesselSchedule(conn, { from: new Date(Date.now() + 1.5 * DAY), to: new Date(Date.now() + 7 * DAY) });
    expect(narrow.ok && narrow.value.length).toBeLessThan(5);
  });

  it('reads the TOS-side order feed a page at a time, the same orders on every read, with a cursor to continue from', async () => {
    const first = await tos.orderFeed(conn, { after: 0, limit: 50 });
    if (!first.ok) throw new Error(`feed: ${first.failure}`);
    expect(first.value.orders.map((o) => o.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.value).toMatchObject({ last: 50, more: true });
    for (const o of first.value.orders) {
      expect(o.CreatedTime.getTime()).toBeLessThan(Date.now());
      expect(o.containers.length).toBeGreaterThan(0);
      expect(o.TerminalCode).toMatch(/^[A-Z0-9]{3}$/);
    }
    const again = await tos.orderFeed(conn, { after: 25, limit: 25 });
    expect(again.ok && again.value.orders).toEqual(first.value.orders.slice(25));
    await knobs({ ordersPerDay: 1 });
    const all = await tos.orderFeed(conn, { after: 1090, limit: 1000 });
    expect(all.ok && all.value.more).toBe(false);
    expect(await tos.orderFeed({ ...conn, password: 'sai' }, { after: 0, limit: 10 })).toMatchObject({
      ok: false,
      failure: 'login_refused',
    });
  });

  it('tells a TOS that is down (503) from one that does not answer in time (time-out)', async () => {
    await knobs({ down: true });
    expect(await tos.testLogin(conn)).toMatchObject({ ok: false, failure: 'refused', detail: 'TOS đang bảo trì' });
    await knobs({ down: false, latencyMs: 2000 });
    const started = Date.now();
    expect(await tos.testLogin(conn)).toEqual({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses a login with failLogin on; nothing listening is unreachable; no host is not configured', async () => {
    await knobs({ failLogin: true });
    expect(await tos.vesselSchedule(conn, { from: new Date(), to: new Date() })).toMatchObject({ ok: false, failure: 'login_refused' });
    expect(await tos.testLogin({ ...conn, host: '127.0.0.1', port: 1 })).toMatchObject({ ok: false, failure: 'unreachable' });
    expect(await tos.testLogin({ ...conn, host: '' })).toEqual({ ok: false, failure: 'not_configured' });
  });

  const delivery = (orderNo: string, jobCode = 'LN'): TosOrderDelivery => ({
    OrderNo: orderNo,
    PinCode: '26112600001-10',
    TerminalCode: 'NDP',
    CustomerCode: 'C0000001',
    OperationCode: 'MSC',
    VesselKey: null,
    BLNo: 'MEDUHP2611001',
    BookingNo: null,
    DepotCode: null,
    ExpDate: new Date('2026-11-30T10:00:00Z'),
    TotalAmount: 648_000,
    ExtendsOrderNo: null,
    containers: [{ ContainerNo: 'TGHU2640015', IsoSizetype: '22G1', FE: 'F', CargoTypeCode: 'GP', TosJobCode: jobCode }],
    charges: [{ ContainerNo: 'TGHU2640015', TariffCode: 'NH20F', TosTariffCode: 'LOLO-20-F', Amount: 648_000 }],
  });
  const held = async () => ((await (await fetch(`${sim.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;

  it('delivers an approved order with its TOS codes; the TOS keeps it and answers the same number when it comes again', async () => {
    const first = await tos.sendOrder(conn, delivery('NDP2611260000001'));
    if (!first.ok) throw new Error(`send: ${first.failure}`);
    expect(first.value.tosOrderNo).toMatch(/^TOS-\d{6}$/);
    expect(await tos.sendOrder(conn, delivery('NDP2611260000001'))).toEqual(first);
    const order = (await held()).find((o) => o.orderNo === 'NDP2611260000001');
    expect(order).toMatchObject({ terminalCode: 'NDP', received: 2, blNo: 'MEDUHP2611001', amount: 648_000 });
    expect(order?.containers).toEqual([
      {
        containerNo: 'TGHU2640015',
        isoSizetype: '22G1',
        fe: 'F',
        cargoType: 'GP',
        jobCode: 'LN',
        allocatedAt: expect.any(String),
        gateInAt: null,
        gateOutAt: null,
      },
    ]);
    expect(order?.charges).toEqual([{ containerNo: 'TGHU2640015', tariffCode: 'LOLO-20-F', amount: 648_000 }]);
    expect(await tos.cancelOrder(conn, 'NDP2611260000001', 'Khách hủy')).toEqual({ ok: true });
    expect((await held()).find((o) => o.orderNo === 'NDP2611260000001')?.cancelled?.reason).toBe('Khách hủy');
  });

  it('says the TOS refused an order in its own words (unknown job code, the knob), apart from an outage', async () => {
    expect(await tos.sendOrder(conn, delivery('NDP2611260000002', 'XX'))).toEqual({
      ok: false,
      failure: 'order_refused',
      detail: "Mã tác nghiệp TOS không tồn tại: 'XX' (container TGHU2640015)",
    });
    await knobs({ refuseOrders: 'Container không có trong bãi' });
    expect(await tos.sendOrder(conn, delivery('NDP2611260000003'))).toEqual({
      ok: false,
      failure: 'order_refused',
      detail: 'Container không có trong bãi',
    });
    await knobs({ refuseOrders: '', down: true });
    expect(await tos.sendOrder(conn, delivery('NDP2611260000003'))).toMatchObject({ ok: false, failure: 'refused' });
    await knobs({ down: false });
    expect(await tos.sendOrder({ ...conn, password: 'sai' }, delivery('NDP2611260000003'))).toMatchObject({
      ok: false,
      failure: 'login_refused',
    });
    expect((await held()).some((o) => o.orderNo === 'NDP2611260000003')).toBe(false);
  });

  it('reads the yard events in the portal names (gate refusals mapped), and sends an extension with the order it extends', async () => {
    const before = await tos.yardEvents(conn, { after: 0, limit: 1000 });
    if (!before.ok) throw new Error(`yard events: ${before.failure}`);
    const order = { ...delivery('NDP2611260000009'), PinCode: '26112600009-10', ExpDate: new Date(Date.now() - 3_600_000) };
    expect((await tos.sendOrder(conn, order)).ok).toBe(true);
    const gate = (pin: string) =>
      fetch(`${sim.url}/api/gate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pin, containerNo: 'TGHU2640015', direction: 'in' }),
      });
    expect((await gate('26112600009')).status).toBe(422);
    const ext = { ...delivery('NDP2611260000010'), PinCode: '26112600010-11', ExtendsOrderNo: 'NDP2611260000009' };
    expect((await tos.sendOrder(conn, { ...ext, ExpDate: new Date(Date.now() + DAY) })).ok).toBe(true);
    expect((await gate('26112600009')).status).toBe(200);
    const r = await tos.yardEvents(conn, { after: before.value.last, limit: 1000 });
    if (!r.ok) throw new Error(`yard events: ${r.failure}`);
    expect(r.value.events.map((e) => [e.Kind, e.OrderNo, e.ContainerNo, e.Refusal])).toEqual([
      ['allocated', 'NDP2611260000009', 'TGHU2640015', null],
      ['gateRefused', 'NDP2611260000009', 'TGHU2640015', 'expired'],
      ['gateIn', 'NDP2611260000009', 'TGHU2640015', null],
    ]);
    expect(r.value.events[1]?.Detail).toBe('Lệnh đã hết hạn');
    expect(r.value.events.every((e) => e.At instanceof Date)).toBe(true);
    expect(r.value.more).toBe(false);
  });

  it('builds the address from host and port (https when the host says so)', () => {
    expect(tosBaseUrl({ host: '10.0.0.5', port: 8080 })).toBe('http://10.0.0.5:8080');
    expect(tosBaseUrl({ host: 'https://tos.cang.vn', port: 8443 })).toBe('https://tos.cang.vn:8443');
    expect(tosBaseUrl({ host: 'tos', port: 0 })).toBeNull();
  });
});
