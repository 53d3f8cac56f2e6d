import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants } from '../../src/db/seed/access.data';
import { orderAccessMessages } from '../../src/security/order-access';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The home grant shows the page, it does not hand over the customers'
 * orders. Only the order's customer, or staff holding the staff order grant (CFG_APPROVAL), cancel,
 * pay and invoice; customs officers and shipping lines reach no order. A payer reads only the
 * visible payment partners of its order's terminal, without configuration fields.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let unpaid: string;
let paid: string;
let paymentsBefore = 0;

beforeAll(async () => {
  t = await createTestApp();
  // A staff member of a group with every staff grant except the staff order grant.
  await t.addUser({
    UserID: 'nvkhonglenh',
    UserGroupCode: 'STAFF_NO_ORDERS',
    password: 'Khong@Lenh1',
    terminals: ['NDP'],
    grants: (defaultGrants.STAFF as string[]).filter((g) => g !== 'CFG_APPROVAL'),
  });
  for (const u of ['khachhang', 'nhanvien', 'haiquan', 'hangtau', 'admin']) tok[u] = await t.login(u);
  tok.nvkhonglenh = await t.login('nvkhonglenh', 'Khong@Lenh1');
  // An order of the demo customer and one of another customer, both on NDP (every demo role's terminal),
  // put in the states the calls need.
  const pick = async (where: string) => {
    const [row] = await t.sql<{ order_no: string }>(`select order_no from orders where ${where} order by order_no limit 1`);
    if (!row) throw new Error(`no demo order: ${where}`);
    return row.order_no;
  };
  unpaid = await pick(`customer_code = 'C0000001' and terminal_code = 'NDP'`);
  paid = await pick(`customer_code <> 'C0000001' and terminal_code = 'NDP'`);
  paymentsBefore = (await t.sql('select 1 from payments where order_no = $1', [unpaid])).length;
  await t.sql(`update orders set order_status = 'A', transaction_id = null where order_no = $1`, [unpaid]);
  await t.sql(`update orders set order_status = 'P', transaction_id = 'FT-ACCESS-1' where order_no = $1`, [paid]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const status = async (orderNo: string) =>
  (await t.sql<{ order_status: string }>('select order_status from orders where order_no = $1', [orderNo]))[0]?.order_status;

describe('[reliability: role-order-call] role × order call (docs/decisions.md: the role × call table)', () => {
  const outsiders = ['haiquan', 'hangtau', 'nvkhonglenh'] as const;

  it.each(outsiders)('refuses %s to cancel, pay or invoice a customer order of its terminal (403), changing nothing', async (who) => {
    const token = tok[who] as string;
    const attempts: [string, unknown][] = [
      ['task/update_order/deleteOrder', { OrderNo: unpaid }],
      ['payment/napas/make_transfer_pincode', { OrderNo: unpaid }],
      [
        'payment/mb/make_transfer_pincode',
        { OrderNo: unpaid, cardNumber: '9704000000000018', cardDate: '03/07', cardName: 'NGUYEN VAN A' },
      ],
      ['payment/mb/confirm_transfer', { clientMessageId: 'ABCDEF123456', otp: '123456' }],
      ['payment/vaqr/mb/create_qrcode_by_order', { OrderNo: unpaid, amount: 1000 }],
      ['invoice/publishOrderNo', { OrderNo: paid }],
      ['invoice/draft_inv', { fkeys: [paid] }],
    ];
    for (const [path, body] of attempts) {
      const res = await t.call<{ message: string }>(path, body, token);
      expect(res.status, `${who} ${path}: ${res.raw}`).toBe(403);
      expect(res.body.message).toBe(orderAccessMessages.notActor);
    }
    expect(await status(unpaid)).toBe('A');
    expect(await t.sql('select 1 from payments where order_no = $1', [unpaid])).toHaveLength(paymentsBefore);
  });

  it.each(outsiders)('shows %s no customer order: empty lists, count 0, an order number not found', async (who) => {
    const token = tok[who] as string;
    const pending = await t.call<{ payload: unknown[] }>('tracking/DashboadEirSevTracking', {}, token);
    expect(pending.status).toBe(200);
    expect(pending.body.payload).toEqual([]);
    const found = await t.call<{ payload: unknown[] }>('tracking/DashboadEirSevTracking', { FindValue: unpaid }, token);
    expect(found.body.payload).toEqual([]);
    const count = await t.call<{ payload: number }>('task/accept_order/loadWaintingPaymentOrderCount', {}, token);
    expect(count.body.payload).toBe(0);
    for (const path of ['common/getFilesInOrder', 'tracking/trackingQrData', 'tracking/loadOrderDatas', 'config/pay-partner']) {
      const res = await t.call(path, { OrderNo: unpaid }, token);
      expect(res.status, `${who} ${path}`).toBe(404);
    }
    const inquiry = await t.call('payment/home_order_inquiry', { orderNo: unpaid }, token);
    expect(inquiry.status).toBe(404);
  });

  it('lets the customer and granted staff reach the order', async () => {
    for (const who of ['khachhang', 'nhanvien', 'admin']) {
      const res = await t.call<{ payload: { OrderNo: string }[] }>('tracking/DashboadEirSevTracking', { FindValue: unpaid }, tok[who]);
      expect(
        res.body.payload.map((r) => r.OrderNo),
        who,
      ).toContain(unpaid);
      expect((await t.call('tracking/loadOrderDatas', { OrderNo: unpaid }, tok[who])).status, who).toBe(200);
    }
    const del = await t.call('task/update_order/deleteOrder', { OrderNo: unpaid }, tok.nhanvien);
    expect(del.status, del.raw).toBe(200);
    expect(await status(unpaid)).toBe('D');
    await t.sql(`update orders set order_status = 'A' where order_no = $1`, [unpaid]);
  });
});

describe('config/pay-partner for a payer (no CFG_PAY_PARTNER grant)', () => {
  type Row = { TerminalCode: string; visible: boolean; reconFolder?: string | null; Rowguid?: string };

  it('answers only the visible partners of the order terminal, no configuration fields, even with isAll', async () => {
    await t.sql(`update pay_partners set recon_folder = '/srv/recon/secret' where terminal_code = 'NDP'`);
    await t.sql(`update pay_partners set visible = false where terminal_code = 'NDP' and partner_code = 'VCB_NAPAS'`);
    try {
      for (const who of ['khachhang', 'nhanvien']) {
        const res = await t.call<{ data: Row[]; allTer: string[] }>('config/pay-partner', { isAll: true, OrderNo: unpaid }, tok[who]);
        expect(res.status, res.raw).toBe(200);
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(
          res.body.data.every((p) => p.TerminalCode === 'NDP' && p.visible),
          who,
        ).toBe(true);
        expect(res.raw).not.toContain('VCB_NAPAS');
        expect(res.raw).not.toContain('reconFolder');
        expect(res.raw).not.toContain('/srv/recon');
        expect(res.raw).not.toContain('Rowguid');
        expect(res.body.allTer).toEqual(['NDP']);
      }
      // Without an order a payer is told to choose one; the configuration rows stay for the grant's holders.
      const bare = await t.call<{ message: string }>('config/pay-partner', { isAll: true }, tok.khachhang);
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe('Vui lòng chọn lệnh');
      const admin = await t.call<{ data: Row[] }>('config/pay-partner', { isAll: true }, tok.admin);
      expect(admin.body.data.some((p) => p.reconFolder === '/srv/recon/secret' && !p.visible)).toBe(true);
    } finally {
      await t.sql(`update pay_partners set visible = true, recon_folder = null where terminal_code = 'NDP'`);
    }
  });
});
