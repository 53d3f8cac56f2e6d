import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrderMessages } from '../../src/modules/orders/public-order.service';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

let t: TestApp;
let orderNo: string;
let containerCount: number;

beforeAll(async () => {
  t = await createTestApp();
  // An order with containers, the most telling one to show.
  const [row] = await t.sql<{ order_no: string; n: number }>(
    'SELECT o.order_no, count(c.*)::int AS n FROM orders o JOIN order_containers c ON c.order_no = o.order_no GROUP BY o.order_no ORDER BY n DESC, o.order_no LIMIT 1',
  );
  if (!row) throw new Error('demo data has no order with containers');
  orderNo = row.order_no;
  containerCount = row.n;
});
afterAll(async () => {
  await t?.close();
});

/** Any token at all (junk included); the reply is the contract's. */
const view = (token: unknown, bearer?: string) => t.send(calls.orders.viewPublicOrder, { token }, bearer ?? null);
const links = () => t.portal.services.publicOrders;

describe('order/view (the public order link)', () => {
  it('opens without a token and answers the order with its containers and gate QR', async () => {
    const res = await view(links().linkToken(orderNo));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(calls.orders.viewPublicOrder.response.safeParse(res.body).success).toBe(true);
    const order = res.body.payload;
    expect(order?.OrderNo).toBe(orderNo);
    expect(order?.containers).toHaveLength(containerCount);
    for (const c of order?.containers ?? []) expect(c.ContainerNo).toMatch(/^[A-Z]{4}\d{7}$/);
    expect(order?.GateQr).toBe(`SMP|${order?.TerminalCode}|${orderNo}|${order?.PinCode}`);
    expect(order?.OrderStatusName).toMatch(vietnamese);
  });

  it('answers the same with a bad bearer token attached (the call is public)', async () => {
    const res = await view(links().linkToken(orderNo), 'not-a-token');
    expect(res.status).toBe(200);
    expect(res.body.payload?.OrderNo).toBe(orderNo);
  });

  it("answers 400 with out 'invalid' and the Vietnamese message to a tampered token", async () => {
    const good = links().linkToken(orderNo);
    const [body, sig] = good.split('.') as [string, string];
    const otherOrder = Buffer.from(JSON.stringify({ o: 'NDP0000000000000', e: 9_999_999_999 })).toString('base64url');
    const flipped = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    for (const tampered of [`${otherOrder}.${sig}`, `${body}.${flipped}`, `${body}.${sig}x`, `${body}x.${sig}`, 'abc', 'abc.def']) {
      const res = await view(tampered);
      expect(res.status, tampered).toBe(400);
      expect(res.body).toEqual({ success: false, message: publicOrderMessages.invalid, out: 'invalid' });
    }
  });

  it('refuses a login token used as an order link', async () => {
    const accessToken = await t.login('khachhang');
    const res = await view(accessToken);
    expect(res.status).toBe(400);
    expect(res.body.out).toBe('invalid');
  });

  it("answers 410 with out 'expired' to an expired link", async () => {
    const res = await view(links().linkToken(orderNo, new Date(Date.now() - 1000)));
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ success: false, message: publicOrderMessages.expired, out: 'expired' });
  });

  it('answers 404 with a Vietnamese message to a correctly signed link for an unknown order', async () => {
    const res = await view(links().linkToken('KHONGCO000000001'));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: publicOrderMessages.missing });
  });

  it('answers 400 naming the field when the token is missing, empty or not text', async () => {
    for (const body of [{}, { token: '' }, { token: '   ' }, { token: 42 }, { token: 'x'.repeat(401) }]) {
      const res = await t.send(calls.orders.viewPublicOrder, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain('token');
    }
  });

  it('keeps links of different orders apart', async () => {
    const [other] = await t.sql<{ order_no: string }>('SELECT order_no FROM orders WHERE order_no <> $1 ORDER BY order_no LIMIT 1', [
      orderNo,
    ]);
    const res = await view(links().linkToken(String(other?.order_no)));
    expect(res.status).toBe(200);
    expect(res.body.payload?.OrderNo).toBe(other?.order_no);
  });
});
