import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../src/simulator';
import { demoTosAccount, type HeldTosOrder, tosSimulator, type YardEvent } from '../src/tos/tos.simulator';

// The TOS's gate and yard events: a delivered portal order's containers are allocated, pass the gate in and out once
// each, and every pass or refusal is a yard event with a sequence number the portal reads after its last one.
let sim: RunningSimulator;
let session: string;

const post = (path: string, body: unknown, auth = true) =>
  fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify(body),
  });
const knobs = (body: Record<string, unknown>) => post('/_knobs', body, false);
const gate = async (body: Record<string, unknown>) => {
  const r = await post('/api/gate', body, false);
  return { status: r.status, body: (await r.json()) as { success: boolean; reason?: string; message?: string; orderNo?: string | null } };
};
const events = async (after: number, limit = 500) => {
  const r = await fetch(`${sim.url}/api/yard-events?after=${after}&limit=${limit}`, { headers: { authorization: `Bearer ${session}` } });
  return (await r.json()) as { success: boolean; data: YardEvent[]; last: number; more: boolean };
};
const held = async (orderNo: string) =>
  ((await (await fetch(`${sim.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders.find((o) => o.orderNo === orderNo);

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
function order(orderNo: string, pinCode: string, expDate: string, extra: Record<string, unknown> = {}) {
  return {
    orderNo,
    pinCode,
    terminalCode: 'NDP',
    customerCode: 'C0000001',
    expDate,
    amount: 100_000,
    containers: [
      { containerNo: 'MSCU1234565', isoSizetype: '22G1', fe: 'F', cargoType: 'GP', jobCode: 'LN' },
      { containerNo: 'MAEU7654321', isoSizetype: '45G1', fe: 'F', cargoType: 'GP', jobCode: 'LN' },
    ],
    charges: [],
    ...extra,
  };
}

beforeAll(async () => {
  sim = await startSimulator(tosSimulator, 0);
  const r = await post('/api/login', demoTosAccount, false);
  session = ((await r.json()) as { session: string }).session;
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await knobs({ reset: true });
  await fetch(`${sim.url}/_knobs/orders`, { method: 'DELETE' });
});

describe('the gate', () => {
  it('allocates on delivery, lets each container in and out once, and feeds the events in sequence', async () => {
    const start = (await events(0)).last;
    expect((await post('/api/portal-orders', order('NDP2611280000001', '26112812345-01', inHours(24)))).status).toBe(200);
    const pin = '26112812345';
    expect((await gate({ pin, containerNo: 'MSCU1234565', direction: 'in' })).status).toBe(200);
    const again = await gate({ pin, containerNo: 'MSCU1234565', direction: 'in' });
    expect(again).toMatchObject({ status: 422, body: { reason: 'USED', message: 'Container đã qua cổng theo lệnh này' } });
    expect((await gate({ pin, containerNo: 'MAEU7654321', direction: 'out' })).body.reason).toBe('NOT_IN');
    expect((await gate({ qr: `SMP|NDP|NDP2611280000001|26112812345-01`, containerNo: 'MSCU1234565', direction: 'out' })).status).toBe(200);
    expect((await gate({ pin, containerNo: 'TGHU0000000', direction: 'in' })).body.reason).toBe('NOT_IN_ORDER');
    expect((await gate({ pin: '99999999999', containerNo: 'MSCU1234565', direction: 'in' })).body).toMatchObject({
      reason: 'UNKNOWN',
      orderNo: null,
    });

    const page = await events(start);
    expect(page.data.map((e) => [e.kind, e.containerNo, e.reason])).toEqual([
      ['allocated', 'MSCU1234565', null],
      ['allocated', 'MAEU7654321', null],
      ['gate_in', 'MSCU1234565', null],
      ['gate_refused', 'MSCU1234565', 'USED'],
      ['gate_refused', 'MAEU7654321', 'NOT_IN'],
      ['gate_out', 'MSCU1234565', null],
      ['gate_refused', 'TGHU0000000', 'NOT_IN_ORDER'],
      ['gate_refused', 'MSCU1234565', 'UNKNOWN'],
    ]);
    expect(page.data.map((e) => e.seq)).toEqual(page.data.map((_, i) => start + i + 1));
    // Read in pages after the last one seen: nothing twice, nothing lost.
    const first = await events(start, 3);
    expect(first).toMatchObject({ more: true, last: start + 3 });
    expect((await events(first.last)).data.map((e) => e.seq)).toEqual(page.data.slice(3).map((e) => e.seq));
    expect((await held('NDP2611280000001'))?.containers[0]).toMatchObject({ gateInAt: expect.any(String), gateOutAt: expect.any(String) });
  });

  it('refuses an expired order until its extension arrives, and a cancelled one', async () => {
    await post('/api/portal-orders', order('NDP2611280000002', '26112822222-02', inHours(2)));
    await knobs({ clockOffsetMs: 3 * 3_600_000 });
    const late = await gate({ pin: '26112822222', containerNo: 'MSCU1234565', direction: 'in' });
    expect(late).toMatchObject({ status: 422, body: { reason: 'EXPIRED', orderNo: 'NDP2611280000002' } });
    // The extension (its own number and PIN) moves the original's expiry; either PIN then opens the gate.
    await post('/api/portal-orders', order('NDP2611280000003', '26112833333-03', inHours(24), { extendsOrderNo: 'NDP2611280000002' }));
    expect(Date.parse(String((await held('NDP2611280000002'))?.expDate))).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    expect((await gate({ pin: '26112822222', containerNo: 'MSCU1234565', direction: 'in' })).status).toBe(200);
    expect((await gate({ pin: '26112833333', containerNo: 'MAEU7654321', direction: 'in' })).body).toMatchObject({
      success: true,
      orderNo: 'NDP2611280000002',
    });

    await post('/api/portal-orders', order('NDP2611280000004', '26112844444-04', inHours(24)));
    await post('/api/portal-orders/NDP2611280000004/cancel', { reason: 'Hủy' });
    expect((await gate({ pin: '26112844444', containerNo: 'MSCU1234565', direction: 'in' })).body.reason).toBe('CANCELLED');
  });

  it('allocates by hand when automatic allocation is off, or at gate-in', async () => {
    await knobs({ autoAllocate: false });
    const start = (await events(0)).last;
    await post('/api/portal-orders', order('NDP2611280000005', '26112855555-05', inHours(24)));
    expect((await events(start)).data).toEqual([]);
    expect((await post('/_knobs/allocate', { orderNo: 'NDP2611280000005' }, false)).status).toBe(200);
    expect((await events(start)).data.map((e) => e.kind)).toEqual(['allocated', 'allocated']);
    expect((await post('/_knobs/allocate', { orderNo: 'NOPE' }, false)).status).toBe(404);
  });

  it('asks a session for the feed and refuses bad paging', async () => {
    expect((await fetch(`${sim.url}/api/yard-events?after=0`)).status).toBe(401);
    const bad = await fetch(`${sim.url}/api/yard-events?after=-1`, { headers: { authorization: `Bearer ${session}` } });
    expect(bad.status).toBe(400);
    expect((await gate({ containerNo: 'MSCU1234565', direction: 'in' })).status).toBe(400);
  });
});
