import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Payments reach orders through the same scope as the home page (security/terminal-scope.ts):
 * a customer only its own orders of its terminals, staff every customer's orders of theirs.
 */
let t: TestApp;
let customer: string;
let staff: string;

/** A demo order matching `where` (any status unless asked). */
async function orderWhere(where: string, params: unknown[] = []) {
  const [row] = await t.sql<{ order_no: string }>(`select order_no from orders where ${where} order by order_no limit 1`, params);
  if (!row) throw new Error(`no demo order: ${where}`);
  return row.order_no;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('payments keep to the order scope', () => {
  it("lets a customer look up the payment partners of its own order, not of another customer's", async () => {
    const own = await orderWhere(`customer_code = 'C0000001' and terminal_code = 'NDP'`);
    const other = await orderWhere(`customer_code <> 'C0000001' and terminal_code = 'NDP'`);
    const mine = await t.call<{ data: { TerminalCode: string }[] }>('config/pay-partner', { OrderNo: own }, customer);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((p) => p.TerminalCode === 'NDP')).toBe(true);
    const theirs = await t.call<{ message: string }>('config/pay-partner', { OrderNo: other }, customer);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(`Không tìm thấy lệnh ${other}.`);
  });

  it("refuses to start a payment on another customer's order or outside the staff member's terminals, starting nothing", async () => {
    const unpaid = `order_status = 'A' and transaction_id is null`;
    const other = await orderWhere(`${unpaid} and customer_code <> 'C0000001' and terminal_code = 'NDP'`);
    const far = await orderWhere(`${unpaid} and terminal_code <> all($1::text[])`, [['NDP', 'NDV', 'NHP']]);
    for (const [token, orderNo] of [
      [customer, other],
      [staff, far],
    ] as const) {
      const res = await t.call<{ message: string }>('payment/napas/make_transfer_pincode', { OrderNo: orderNo }, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Không tìm thấy lệnh ${orderNo}.`);
    }
    expect(await t.sql('select 1 from payments where order_no = any($1)', [[other, far]])).toHaveLength(0);
  });

  it("lets staff reach another customer's order of their terminals", async () => {
    const other = await orderWhere(`customer_code <> 'C0000001' and terminal_code = 'NDV'`);
    const res = await t.call('config/pay-partner', { OrderNo: other }, staff);
    expect(res.status, res.raw).toBe(200);
  });
});
