import { calls, type PendingOrderRow } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeMessages } from '../../src/modules/home/home.service';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

type Row = PendingOrderRow;

let t: TestApp;
let customer: string;
let staff: string;
let admin: string;

interface FixtureOrder {
  no: string;
  terminal: string;
  customer: string;
  status?: string;
  tx?: string | null;
  job?: string;
  containers?: number;
}
const fixtures: Record<string, FixtureOrder> = {
  trar: { no: 'NDP2611219900001', terminal: 'NDP', customer: 'C0000001', job: 'TRAR', containers: 5 },
  unpaid: { no: 'NDP2611219900002', terminal: 'NDP', customer: 'C0000001', job: 'HBAI', containers: 2 },
  paid: { no: 'NDP2611219900003', terminal: 'NDP', customer: 'C0000001', status: 'P', tx: 'FT26112199000003' },
  approved: { no: 'NDP2611219900004', terminal: 'NDP', customer: 'C0000001', status: 'C', tx: 'FT26112199000004', containers: 2 },
  otherCustomer: { no: 'NDP2611219900005', terminal: 'NDP', customer: 'C0000002' },
  farTerminal: { no: 'GML2611219900006', terminal: 'GML', customer: 'C0000002' },
  race: { no: 'NDV2611219900007', terminal: 'NDV', customer: 'C0000003' },
  unpaidWithTx: { no: 'NDP2611219900008', terminal: 'NDP', customer: 'C0000001' },
};
const pinOf = (o: FixtureOrder) => `99${o.no.slice(-6)}-0${o.no.slice(-1)}`;
const containerOf = (o: FixtureOrder, k: number) => `TSTU${o.no.slice(-4)}${k}${k}${k}`.slice(0, 11);

/** Orders written straight into the database, so each rule is tested on a known order. */
async function addOrder(o: FixtureOrder) {
  await t.sql(
    `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount, transaction_id)
     values ($1, $2, $3, $4, $5, 'M', $6, 1300000, $7)`,
    [o.no, pinOf(o), o.terminal, o.customer, o.job ?? 'LAYN', o.status ?? 'A', o.tx ?? null],
  );
  for (let k = 1; k <= (o.containers ?? 1); k++) {
    await t.sql(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, cargo_type_code, class_code, is_local_foreign, cus_hold, temperature, amount)
       values ($1, $2, '45R1', 'F', 2, 'RF', 1, 'F', $3, -18, 650000)`,
      [o.no, containerOf(o, k), k === 1],
    );
  }
  if (o.status === 'C') {
    await t.sql(
      `insert into invoices (order_no, invoice_series, invoice_no, amount, issue_date) values ($1, 'C26TAA', '99000004', 1300000, now())`,
      [o.no],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of Object.values(fixtures)) await addOrder(o);
  [customer, staff, admin] = await Promise.all([t.login('khachhang'), t.login('nhanvien'), t.login('admin')]);
  // Seeding plus fixtures can take over a minute when both database projects run on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const list = (token: string, body: unknown = {}) => t.call(calls.home.dashboardTracking, body, token);
const orderNos = (rows: Row[] = []) => [...new Set(rows.map((r) => r.OrderNo))];

/** A fixture order as the database has it. */
function pickOrder(key: keyof typeof fixtures) {
  const o = fixtures[key] as FixtureOrder;
  return { order_no: o.no, pin_code: pinOf(o) };
}

describe('tracking/DashboadEirSevTracking', () => {
  it('lists, without a condition, only the unpaid orders of the customer, one row per container', async () => {
    const res = await list(customer);
    expect(res.status).toBe(200);
    expect(calls.home.dashboardTracking.response.safeParse(res.body).success).toBe(true);
    const rows = res.body.payload ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.OrderStatus).toBe('A');
      expect(r.TransactionId).toBeNull();
      expect(r.TerminalCode).toBe('NDP');
    }
    const expected = await t.sql<{ order_no: string }>(
      `select order_no from orders where customer_code = 'C0000001' and terminal_code = 'NDP' and order_status = 'A' and transaction_id is null`,
    );
    expect(orderNos(rows).sort()).toEqual(expected.map((e) => e.order_no).sort());
    const containers = await t.sql<{ n: number }>(
      `select count(*)::int n from order_containers c join orders o using (order_no)
        where o.customer_code = 'C0000001' and o.terminal_code = 'NDP' and o.order_status = 'A' and o.transaction_id is null`,
    );
    expect(rows).toHaveLength(containers[0]?.n ?? -1);
    // Containers of one order are numbered 1, 2, … in sort_code.
    const first = rows.filter((r) => r.OrderNo === rows[0]?.OrderNo).map((r) => r.sort_code);
    expect(first).toEqual(first.map((_, i) => i + 1));
  });

  it("gives each container its own amount when the order's container amounts make up its total", async () => {
    const rows = (await list(customer)).body.payload ?? [];
    // 2 × 650,000 = 1,300,000: each row has its container's amount, the order total stays the order's.
    const unpaid = rows.filter((r) => r.OrderNo === fixtures.unpaid?.no);
    expect(unpaid.map((r) => [r.Amount, r.TotalAmount])).toEqual([
      [650_000, 1_300_000],
      [650_000, 1_300_000],
    ]);
    // 5 × 650,000 is not the total of 1,300,000: no amount per container (the screen shows the total once).
    const trar = rows.filter((r) => r.OrderNo === fixtures.trar?.no);
    expect(trar).toHaveLength(5);
    expect(trar.every((r) => r.Amount === null)).toBe(true);
  });

  it('limits staff to their terminals', async () => {
    const rows = (await list(staff)).body.payload ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.TerminalCode)).size).toBeLessThanOrEqual(3);
    for (const r of rows) expect(['NDP', 'NDV', 'NHP']).toContain(r.TerminalCode);
    const adminRows = (await list(admin)).body.payload ?? [];
    expect(adminRows.some((r) => !['NDP', 'NDV', 'NHP'].includes(r.TerminalCode))).toBe(true);
  });

  it('finds an order by the PIN part before the dash, by the whole PIN and by a container number', async () => {
    const o = pickOrder('approved');
    const short = o.pin_code.split('-')[0] as string;
    for (const value of [short, o.pin_code]) {
      const rows = (await list(customer, { FindValue: value })).body.payload ?? [];
      expect(orderNos(rows)).toEqual([o.order_no]);
    }
    const [c] = await t.sql<{ container_no: string }>('select container_no from order_containers where order_no = $1 limit 1', [
      o.order_no,
    ]);
    const byContainer = (await list(customer, { FindValue: c?.container_no.toLowerCase() })).body.payload ?? [];
    expect(orderNos(byContainer)).toContain(o.order_no);
    expect(byContainer.every((r) => r.TerminalCode === 'NDP')).toBe(true);
  });

  it('does not show a customer the orders of another customer, even by its PIN', async () => {
    const other = pickOrder('otherCustomer');
    expect((await list(customer, { FindValue: other.pin_code })).body.payload).toEqual([]);
    expect((await list(customer, { PinCodes: [other.pin_code] })).body.payload).toEqual([]);
    expect(orderNos((await list(staff, { PinCodes: [other.pin_code] })).body.payload)).toEqual([other.order_no]);
  });

  it('loads the tracking list of several PIN codes at once, any status, with the file count when asked', async () => {
    const a = pickOrder('approved');
    const b = pickOrder('race');
    const res = await list(staff, { PinCodes: [a.pin_code.split('-')[0], b.pin_code], getAttach: true });
    expect(orderNos(res.body.payload).sort()).toEqual([a.order_no, b.order_no].sort());
    for (const r of res.body.payload ?? []) expect(r.AttachCount).toBe(0);
  });

  it('counts the TRAR containers of an order for the bill-of-lading warning', async () => {
    const o = pickOrder('trar');
    const rows = (await list(staff, { FindValue: o.pin_code })).body.payload ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.TrarCount).toBe(rows.length);
    const other = (await list(staff)).body.payload?.find((r) => r.JobModeCode !== 'TRAR');
    expect(other?.TrarCount).toBe(0);
  });

  it('refuses a list of more than 50 PIN codes in Vietnamese', async () => {
    const res = await list(staff, { PinCodes: Array.from({ length: 51 }, (_, i) => String(i)) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Tối đa 50 mã PIN một lần');
  });
});

describe('task/accept_order/loadWaintingPaymentOrderCount', () => {
  it('counts the orders (not the containers) the pending list shows', async () => {
    for (const token of [customer, staff]) {
      const res = await t.call(calls.home.waitingPaymentCount, {}, token);
      expect(res.status).toBe(200);
      expect(res.body.payload).toBe(orderNos((await list(token)).body.payload).length);
    }
  });
});

describe('task/update_order/deleteOrder', () => {
  // Bodies as a page might send them, an empty one included; the reply is typed as the contract's.
  const del = (token: string, body: unknown) => t.send(calls.home.deleteOrder, body, token);
  const count = async (token: string) => (await t.call(calls.home.waitingPaymentCount, {}, token)).body.payload;

  it('deletes an unpaid order of the customer: status D, gone from the pending list and the count', async () => {
    const rows = (await list(customer)).body.payload ?? [];
    // The page sends the whole row it shows.
    const row = rows.find((r) => r.OrderNo === fixtures.trar?.no) as Row;
    expect(row).toBeDefined();
    const before = await count(customer);
    const res = await del(customer, row);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Xóa thành công lệnh.' });
    const [o] = await t.sql<{ order_status: string }>('select order_status from orders where order_no = $1', [row.OrderNo]);
    expect(o?.order_status).toBe('D');
    expect(await count(customer)).toBe((before ?? 0) - 1);
    expect(orderNos((await list(customer)).body.payload)).not.toContain(row.OrderNo);

    const again = await del(customer, { OrderNo: row.OrderNo });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(homeMessages.onlyUnpaid(row.OrderNo, 'Đã hủy'));
  });

  it('refuses to delete a paid order, leaving it as it was', async () => {
    const o = pickOrder('paid');
    const res = await del(customer, { OrderNo: o.order_no });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('Chỉ xóa được lệnh chưa thanh toán (trạng thái A)');
    expect(res.body.message).toMatch(vietnamese);
    const [after] = await t.sql<{ order_status: string }>('select order_status from orders where order_no = $1', [o.order_no]);
    expect(after?.order_status).toBe('P');
  });

  it('refuses an order in status A that already has a transaction', async () => {
    const o = pickOrder('unpaidWithTx');
    await t.sql(`update orders set transaction_id = 'FT-TEST-1' where order_no = $1`, [o.order_no]);
    const res = await del(customer, { OrderNo: o.order_no });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(homeMessages.onlyUnpaid(o.order_no, 'Đã thanh toán'));
    await t.sql('update orders set transaction_id = null where order_no = $1', [o.order_no]);
  });

  it("answers 'Không tìm thấy lệnh.' for another customer's order or a terminal outside the staff's list", async () => {
    const other = pickOrder('otherCustomer');
    const far = pickOrder('farTerminal');
    for (const [token, orderNo] of [
      [customer, other.order_no],
      [staff, far.order_no],
    ] as const) {
      const res = await del(token, { OrderNo: orderNo });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Không tìm thấy lệnh.');
    }
    const still = await t.sql<{ order_status: string }>('select order_status from orders where order_no = any($1)', [
      [other.order_no, far.order_no],
    ]);
    expect(still.map((s) => s.order_status)).toEqual(['A', 'A']);
  });

  it('names the missing field in Vietnamese', async () => {
    const res = await del(customer, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('OrderNo');
    expect(res.body.message).toMatch(vietnamese);
  });

  it('deletes once when two deletes of one order race', async () => {
    const o = pickOrder('race');
    const results = await Promise.all([del(staff, { OrderNo: o.order_no }), del(staff, { OrderNo: o.order_no })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('common/getFilesInOrder', () => {
  it('answers an empty list for an order without files, and the files with their content otherwise', async () => {
    const o = pickOrder('unpaid');
    const empty = await t.call(calls.home.getFilesInOrder, { OrderNo: o.order_no }, customer);
    expect(empty.body).toEqual({ success: true, payload: [] });

    const text = 'Giấy giới thiệu nhận hàng';
    await t.sql(
      `insert into order_files (order_no, file_name, content_type, file_size, content) values ($1, 'giay-gioi-thieu.txt', 'text/plain', $2, $3)`,
      [o.order_no, Buffer.byteLength(text), Buffer.from(text)],
    );
    const res = await t.call(calls.home.getFilesInOrder, { OrderNo: o.order_no }, customer);
    expect(calls.home.getFilesInOrder.response.safeParse(res.body).success).toBe(true);
    expect(res.body.payload).toHaveLength(1);
    const file = present(res.body.payload)[0];
    expect(file?.FileName).toBe('giay-gioi-thieu.txt');
    expect(Buffer.from(file?.DataUrl.split(',')[1] ?? '', 'base64').toString()).toBe(text);
    const counted = (await list(customer, { PinCodes: [o.pin_code], getAttach: true })).body.payload ?? [];
    expect(orderNos(counted)).toContain(o.order_no);
    expect(counted.every((r) => r.AttachCount === 1)).toBe(true);
  });

  it("does not give a customer the files of another customer's order", async () => {
    const other = pickOrder('otherCustomer');
    const res = await t.call(calls.home.getFilesInOrder, { OrderNo: other.order_no }, customer);
    expect(res.status).toBe(404);
  });
});

describe('tracking/trackingQrData and tracking/loadOrderDatas', () => {
  it('gives the order QR items whose link opens the public order view', async () => {
    const o = pickOrder('approved');
    const res = await t.call(calls.home.trackingQrData, { OrderNo: o.order_no }, customer);
    expect(res.status).toBe(200);
    expect(calls.home.trackingQrData.response.safeParse(res.body).success).toBe(true);
    const item = present(res.body.payload)[0];
    expect(item?.PinCode).toBe(o.pin_code);
    expect(item?.InvoiceNo).toMatch(/^C\d{2}TAA-\d{8}$/);
    expect(item?.error).toBeNull();
    const token = item?.ord_url.replace(/^\/order\//, '');
    const view = await t.call(calls.orders.viewPublicOrder, { token: present(token) });
    expect(present(view.body.payload).OrderNo).toBe(o.order_no);
  });

  it('tells whether an order is paid', async () => {
    const unpaid = pickOrder('unpaid');
    const paid = pickOrder('paid');
    const state = async (orderNo: string) => (await t.call(calls.home.loadOrderDatas, { OrderNo: orderNo }, staff)).body.payload;
    expect(await state(unpaid.order_no)).toMatchObject({ paid: false, OrderStatus: 'A' });
    expect(await state(paid.order_no)).toMatchObject({ paid: true, OrderStatus: 'P' });
    expect((await t.call(calls.home.loadOrderDatas, { OrderNo: 'KHONGCO' }, staff)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses the home calls to a group without the home page grant', async () => {
    await t.addUser({ UserID: 'nohome', UserGroupCode: 'NOHOME', password: 'Thu@2026x', grants: ['SUP_FAQ'] });
    const token = await t.login('nohome', 'Thu@2026x');
    for (const path of ['tracking/DashboadEirSevTracking', 'task/accept_order/loadWaintingPaymentOrderCount']) {
      const res = await t.call(path, {}, token);
      expect(res.status).toBe(403);
    }
  });
});
