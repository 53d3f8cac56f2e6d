import { calls, type OrderHistoryRow, orderHistoryLimits, orderHistoryMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants } from '../../src/db/seed/access.data';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

/**
 * 'Lịch sử lệnh' (order-history/*) and the home page's recent orders: every order the caller reaches, of every status,
 * filtered, paged and sorted by the server; one order's detail; the filtered list for Excel. A customer reaches only its
 * own customer code's orders, staff with the staff order grant their terminals', nobody else any.
 */
let t: TestApp;
const tok: Record<string, string> = {};

interface Fixture {
  no: string;
  terminal: string;
  customer: string;
  status: 'A' | 'P' | 'C' | 'D';
  job: string;
  bl: string | null;
  booking?: string;
  /** Port wall-clock creation time. */
  created: string;
  amount: number;
  containers: string[];
}
// Far in the past, so the demo data's three years never share their days, and with texts found nowhere else.
const fx = {
  a: {
    no: 'NDP1001019900001',
    terminal: 'NDP',
    customer: 'C0000001',
    status: 'A',
    job: 'LAYN',
    bl: 'HISTBL0001',
    created: '2010-01-01T08:00:00',
    amount: 1_100_000,
    containers: ['HSTU1000001', 'HSTU1000002'],
  },
  p: {
    no: 'NDP1001029900002',
    terminal: 'NDP',
    customer: 'C0000001',
    status: 'P',
    job: 'HBAI',
    bl: null,
    booking: 'HISTBK0002',
    created: '2010-01-02T23:30:00',
    amount: 2_200_000,
    containers: ['HSTU2000001'],
  },
  c: {
    no: 'NDP1001039900003',
    terminal: 'NDP',
    customer: 'C0000001',
    status: 'C',
    job: 'LAYN',
    bl: 'HISTBL0003',
    created: '2010-01-03T00:15:00',
    amount: 3_300_000,
    containers: ['HSTU3000001'],
  },
  d: {
    no: 'NDP1001049900004',
    terminal: 'NDP',
    customer: 'C0000001',
    status: 'D',
    job: 'LAYN',
    bl: 'HISTBL0004',
    created: '2010-01-04T10:00:00',
    amount: 4_400_000,
    containers: ['HSTU4000001'],
  },
  other: {
    no: 'NDP1001059900005',
    terminal: 'NDP',
    customer: 'C0000002',
    status: 'C',
    job: 'LAYN',
    bl: 'HISTBL0005',
    created: '2010-01-05T10:00:00',
    amount: 5_500_000,
    containers: ['HSTU5000001'],
  },
  far: {
    no: 'GML1001069900006',
    terminal: 'GML',
    customer: 'C0000001',
    status: 'A',
    job: 'LAYN',
    bl: 'HISTBL0006',
    created: '2010-01-06T10:00:00',
    amount: 6_600_000,
    containers: ['HSTU6000001'],
  },
} satisfies Record<string, Fixture>;
const pinOf = (o: Fixture) => `10${o.no.slice(-6)}-${o.no.slice(-2)}`;
const shownPin = (o: Fixture) => pinOf(o).split('-')[0] as string;

/** Port wall-clock time → instant, moved by `hours`. */
const at = (created: string, hours = 0) => new Date(new Date(`${created}+07:00`).getTime() + hours * 3_600_000);

async function addOrder(o: Fixture) {
  const paid = o.status === 'P' || o.status === 'C';
  await t.sql(
    `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
        transaction_id, bl_no, booking_no, created_by, created_time, approved_by, approved_time, reject_reason, cancelled_by, cancelled_time)
     values ($1, $2, $3, $4, $5, 'M', $6, $7, $8, $9, $10, 'khachhang', $11, $12, $13, $14, $15, $16)`,
    [
      o.no,
      pinOf(o),
      o.terminal,
      o.customer,
      o.job,
      o.status,
      o.amount,
      paid ? `FT${o.no.slice(-8)}` : null,
      o.bl,
      o.booking ?? null,
      at(o.created),
      o.status === 'C' ? 'nhanvien' : null,
      o.status === 'C' ? at(o.created, 2) : null,
      o.status === 'D' ? 'Khách hàng đổi kế hoạch' : null,
      o.status === 'D' ? 'nhanvien' : null,
      o.status === 'D' ? at(o.created, 3) : null,
    ],
  );
  for (const c of o.containers) {
    await t.sql(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, amount) values ($1, $2, '22G1', 'F', 1, $3)`,
      [o.no, c, o.amount / o.containers.length],
    );
  }
  if (paid) {
    await t.sql(
      `insert into payments (order_no, partner_code, idempotency_key, amount, status, transaction_id, created_time, completed_time, user_id)
       values ($1, 'MB', $2, $3, 1, $4, $5, $5, 'khachhang')`,
      [o.no, `hist-${o.no}`, o.amount, `FT${o.no.slice(-8)}`, at(o.created, 1)],
    );
  }
  if (o.status === 'C') {
    await t.sql(
      `insert into invoices (order_no, invoice_series, invoice_no, amount, issue_date)
       values ($1, 'C10TAA', $2, $3, $4)`,
      [o.no, `9${o.no.slice(-7)}`, o.amount, at(o.created, 2.5)],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of Object.values(fx)) await addOrder(o);
  // Priced lines of the approved order (the draft invoice), as the order screens keep them.
  await t.sql(
    `insert into order_charges (order_no, line_no, container_no, job_mode_code, job_mode_name, charge_kind, source, tariff_code, tariff_name,
        quantity, unit, unit_price, tariff_currency, tariff_price, amount, vat_rate, vat_amount, total, explanation)
     values ($1, 1, 'HSTU3000001', 'LAYN', 'Lấy nguyên', 'job', 'standard', 'NH20F', 'Nâng hạ 20 hàng', 1, 'cont', 3000000, 'VND', 3000000,
             3000000, 10, 300000, 3300000, 'Biểu cước chuẩn')`,
    [fx.c.no],
  );
  // Staff of a group holding the history screen but not the staff order grant: the screen, no customer's orders.
  await t.addUser({
    UserID: 'nvlichsu',
    UserGroupCode: 'STAFF_HISTORY_ONLY',
    password: 'Lich@Su2026',
    terminals: ['NDP'],
    grants: [...(defaultGrants.STAFF as string[]).filter((g) => g !== 'CFG_APPROVAL')],
  });
  for (const u of ['khachhang', 'nhanvien', 'haiquan', 'hangtau', 'admin']) tok[u] = await t.login(u);
  tok.nvlichsu = await t.login('nvlichsu', 'Lich@Su2026');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const list = async (body: Record<string, unknown>, who = 'khachhang') => {
  const res = await t.call(calls.orderHistory.listOrderHistory, body as never, tok[who]);
  expect(res.status, res.raw).toBe(200);
  return { rows: present(res.body.payload, 'payload') as OrderHistoryRow[], total: present(res.body.total, 'total') };
};
const nos = (rows: OrderHistoryRow[]) => rows.map((r) => r.OrderNo);
const period = { FromDate: '2010-01-01', ToDate: '2010-01-31' };

describe('order-history/list: filters', () => {
  it('lists the customer its own orders of every status, of its terminals only, newest first', async () => {
    const { rows, total } = await list({ ...period });
    expect(nos(rows)).toEqual([fx.d.no, fx.c.no, fx.p.no, fx.a.no]);
    expect(total).toBe(4);
    expect(rows.map((r) => r.OrderStatusName)).toEqual(['Đã hủy', 'Đã duyệt', 'Chờ duyệt', 'Chưa thanh toán']);
    const c = present(rows.find((r) => r.OrderNo === fx.c.no));
    expect(c).toMatchObject({
      Paid: true,
      InvoiceNo: `C10TAA-9${fx.c.no.slice(-7)}`,
      ContainerNos: fx.c.containers,
      CustomerCode: 'C0000001',
    });
    expect(present(rows.find((r) => r.OrderNo === fx.a.no)).ContainerNos).toEqual(fx.a.containers);
  });

  it('counts every order of the customer without a filter, as the database holds them', async () => {
    const [row] = await t.sql<{ n: number }>(
      `select count(*)::int n from orders where customer_code = 'C0000001' and terminal_code = 'NDP'`,
    );
    const { total, rows } = await list({});
    expect(total).toBe(row?.n);
    expect(rows).toHaveLength(Math.min(20, total));
    expect(rows.every((r) => r.CustomerCode === 'C0000001' && r.TerminalCode === 'NDP')).toBe(true);
  });

  it('takes the period as port days (Asia/Ho_Chi_Minh): 00:15 on the 3rd is the 3rd, 23:30 on the 2nd is the 2nd', async () => {
    expect(nos((await list({ FromDate: '2010-01-03', ToDate: '2010-01-03' })).rows)).toEqual([fx.c.no]);
    expect(nos((await list({ FromDate: '2010-01-02', ToDate: '2010-01-02' })).rows)).toEqual([fx.p.no]);
    expect(nos((await list({ ToDate: '2010-01-01' })).rows)).toEqual([fx.a.no]);
  });

  it('filters by status, job mode, container (whole or its beginning), B/L or booking and PIN (shown part or whole)', async () => {
    expect(nos((await list({ ...period, OrderStatus: 'P' })).rows)).toEqual([fx.p.no]);
    expect(nos((await list({ ...period, JobModeCode: 'hbai' })).rows)).toEqual([fx.p.no]);
    expect(nos((await list({ ContainerNo: 'HSTU1000002' })).rows)).toEqual([fx.a.no]);
    expect(nos((await list({ ContainerNo: 'hstu3' })).rows)).toEqual([fx.c.no]);
    expect(nos((await list({ BLNo: 'histbl0004' })).rows)).toEqual([fx.d.no]);
    expect(nos((await list({ BLNo: 'HISTBK0002' })).rows)).toEqual([fx.p.no]);
    expect(nos((await list({ PinCode: shownPin(fx.c) })).rows)).toEqual([fx.c.no]);
    expect(nos((await list({ PinCode: pinOf(fx.a) })).rows)).toEqual([fx.a.no]);
    expect((await list({ ...period, OrderStatus: 'P', JobModeCode: 'LAYN' })).total).toBe(0);
  });

  it('refuses a bad filter with a Vietnamese message (400), never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ FromDate: '2010-01-05', ToDate: '2010-01-01' }, orderHistoryMessages.badPeriod],
      [{ FromDate: '2010-02-30' }, orderHistoryMessages.badDate('Từ ngày')],
      [{ ToDate: '01/02/2010' }, orderHistoryMessages.badDate('Đến ngày')],
      [{ PageSize: 101 }, `Tối đa ${orderHistoryLimits.maxPageSize} dòng mỗi trang`],
      [{ SortField: 'pin_code; drop table orders' }, 'Cột sắp xếp không hợp lệ'],
      [{ OrderStatus: 'X' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await t.send(calls.orderHistory.listOrderHistory, body, tok.khachhang);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      if (message) expect(res.body.message).toContain(message);
    }
  });
});

describe('order-history/list: paging and sorting on the server', () => {
  it('gives pages that do not overlap and together make the whole list', async () => {
    const whole = await list({ PageSize: 100 });
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.total / 7); page++) {
      const p = await list({ Page: page, PageSize: 7 });
      expect(p.total).toBe(whole.total);
      pages.push(...nos(p.rows));
    }
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.slice(0, 100)).toEqual(nos(whole.rows));
    expect((await list({ Page: 10_000, PageSize: 7 })).rows).toEqual([]);
  });

  it('sorts by the column asked, both ways', async () => {
    const up = (await list({ ...period, SortField: 'TotalAmount', SortOrder: 'asc' })).rows;
    expect(up.map((r) => r.TotalAmount)).toEqual([1_100_000, 2_200_000, 3_300_000, 4_400_000]);
    const down = (await list({ ...period, SortField: 'OrderStatus', SortOrder: 'desc' })).rows;
    expect(down.map((r) => r.OrderStatus)).toEqual(['P', 'D', 'C', 'A']);
    const byNo = (await list({ ...period, SortField: 'OrderNo', SortOrder: 'asc' })).rows;
    expect(nos(byNo)).toEqual([fx.a.no, fx.p.no, fx.c.no, fx.d.no]);
  });
});

describe('order-history: whose orders (tested as each role)', () => {
  it("hides another customer's order from a customer: not listed, not found by its PIN, its detail 404", async () => {
    expect((await list({ PinCode: shownPin(fx.other) })).total).toBe(0);
    expect((await list({ ContainerNo: fx.other.containers[0] })).total).toBe(0);
    const res = await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.other.no }, tok.khachhang);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: orderHistoryMessages.notFound });
    // Its own order at a terminal it does not work at is out of reach too.
    expect((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.far.no }, tok.khachhang)).status).toBe(404);
  });

  it("shows staff every customer's orders of their terminals, none of another terminal", async () => {
    const { rows } = await list({ ...period, PageSize: 100 }, 'nhanvien');
    expect(nos(rows)).toContain(fx.other.no);
    expect(nos(rows)).not.toContain(fx.far.no);
    expect((await list({ ...period, PageSize: 100 }, 'admin')).rows.map((r) => r.OrderNo)).toContain(fx.far.no);
    const detail = await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.far.no }, tok.nhanvien);
    expect(detail.status).toBe(404);
  });

  it('shows staff without the staff order grant no order, and refuses groups without the screen (403)', async () => {
    expect((await list({}, 'nvlichsu')).total).toBe(0);
    expect((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.a.no }, tok.nvlichsu)).status).toBe(404);
    for (const who of ['haiquan', 'hangtau']) {
      for (const [call, body] of [
        [calls.orderHistory.listOrderHistory, {}],
        [calls.orderHistory.exportOrderHistory, {}],
        [calls.orderHistory.orderHistoryOrder, { OrderNo: fx.a.no }],
      ] as const) {
        const res = await t.send(call, body, tok[who]);
        expect(res.status, `${who} ${call.path}`).toBe(403);
        expect(res.body.success).toBe(false);
      }
    }
  });
});

describe('order-history/detail', () => {
  it('gives the containers, charge lines, invoice with its PDF, payment, public link and the timeline in order', async () => {
    const res = await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.c.no.toLowerCase() }, tok.khachhang);
    expect(res.status, res.raw).toBe(200);
    const d = present(res.body.data);
    expect(d).toMatchObject({ OrderNo: fx.c.no, OrderStatus: 'C', Paid: true, TotalAmount: 3_300_000 });
    expect(d.ord_url).toMatch(/^\/order\/[\w.-]+$/);
    expect(d.containers.map((c) => c.ContainerNo)).toEqual(fx.c.containers);
    expect(d.charges).toEqual([
      expect.objectContaining({ LineNo: 1, TariffCode: 'NH20F', Amount: 3_000_000, VatAmount: 300_000, Total: 3_300_000 }),
    ]);
    const [invoice] = d.invoices;
    expect(invoice).toMatchObject({ InvoiceSeries: 'C10TAA', Status: 'Y', StatusName: 'Đã phát hành' });
    // The provider's own address of the PDF (its port's pdfUrl; none when no provider is configured, as here).
    expect(invoice?.pdf_url).toBe(t.portal.services.invoicePdfUrl(present(invoice)));
    expect(d.payments).toEqual([expect.objectContaining({ PartnerCode: 'MB', Status: 1, StatusName: 'Thành công' })]);
    expect(d.events.map((e) => e.Kind)).toEqual(['created', 'paid', 'approved', 'invoiced']);
    expect(d.events[0]?.Time).toBe(new Date('2010-01-03T00:15:00+07:00').toISOString());
    // The public link opens the order without signing in.
    const view = await t.call(calls.orders.viewPublicOrder, { token: d.ord_url.slice('/order/'.length) });
    expect(view.status).toBe(200);
  });

  it('tells why a cancelled order ended, and shows the gate times once order containers carry them', async () => {
    const d = present((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.d.no }, tok.khachhang)).body.data);
    expect(d.events.map((e) => e.Kind)).toEqual(['created', 'rejected']);
    expect(d.events[1]).toMatchObject({ Title: 'Từ chối lệnh', Detail: 'Khách hàng đổi kế hoạch', By: 'nhanvien' });
    expect(d.containers[0]).toMatchObject({ GateInTime: null, GateOutTime: null });

    // The yard's gate columns (added by the gate work; here on this file's own database copy only).
    await t.sql('alter table order_containers add column if not exists gate_in_time timestamptz');
    await t.sql('alter table order_containers add column if not exists gate_out_time timestamptz');
    await t.sql(
      `update order_containers set gate_in_time = '2010-01-01T05:00:00Z', gate_out_time = '2010-01-01T06:30:00Z' where container_no = $1`,
      [fx.a.containers[0]],
    );
    const a = present((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: fx.a.no }, tok.khachhang)).body.data);
    expect(a.containers[0]).toMatchObject({ GateInTime: '2010-01-01T05:00:00.000Z', GateOutTime: '2010-01-01T06:30:00.000Z' });
    expect(a.events.map((e) => e.Kind)).toEqual(['created', 'gateIn', 'gateOut']);
  });

  it('refuses an empty order number with a Vietnamese message', async () => {
    const res = await t.send(calls.orderHistory.orderHistoryOrder, { OrderNo: ' ' }, tok.khachhang);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Vui lòng chọn lệnh');
  });
});

describe('order-history/export', () => {
  it('gives exactly the orders the filter matches, in the list order, not only a page', async () => {
    const filter = { ...period, SortField: 'TotalAmount', SortOrder: 'asc' } as const;
    const res = await t.call(calls.orderHistory.exportOrderHistory, filter, tok.khachhang);
    expect(res.status).toBe(200);
    expect(nos(present(res.body.payload))).toEqual([fx.a.no, fx.p.no, fx.c.no, fx.d.no]);
    const all = present((await t.call(calls.orderHistory.exportOrderHistory, {}, tok.khachhang)).body.payload);
    expect(all.length).toBe((await list({})).total);
    const held = present(
      (await t.call(calls.orderHistory.exportOrderHistory, { OrderStatus: 'D', ...period }, tok.khachhang)).body.payload,
    );
    expect(nos(held)).toEqual([fx.d.no]);
  });

  it(`refuses more than ${orderHistoryLimits.maxExport} orders with the count, rather than a cut-short file`, async () => {
    const [row] = await t.sql<{ n: number }>(`select count(*)::int n from orders where terminal_code = any($1::text[])`, [
      ['NDP', 'NDV', 'NHP'],
    ]);
    const missing = orderHistoryLimits.maxExport + 1 - (row?.n ?? 0);
    if (missing > 0) {
      await t.sql(
        `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount, created_time)
         select 'NHP0901' || lpad(g::text, 9, '0'), '09' || lpad(g::text, 6, '0') || '-01', 'NHP', 'C0000003', 'LAYN', 'M', 'A', 1000,
                timestamptz '2009-01-01' + g * interval '1 minute'
           from generate_series(1, $1::int) g`,
        [missing],
      );
    }
    const res = await t.call(calls.orderHistory.exportOrderHistory, {}, tok.nhanvien);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/vượt quá 5\.000 lệnh mỗi lần xuất Excel/);
    // A narrower filter exports.
    expect((await t.call(calls.orderHistory.exportOrderHistory, { ...period }, tok.nhanvien)).status).toBe(200);
  });
});

describe('tracking/recentOrders (home page)', () => {
  it('gives the customer its five latest orders of every status, newest first', async () => {
    const res = await t.call(calls.home.recentOrders, {}, tok.khachhang);
    expect(res.status).toBe(200);
    const rows = present(res.body.payload);
    const latest = await t.sql<{ order_no: string }>(
      `select order_no from orders where customer_code = 'C0000001' and terminal_code = 'NDP' order by created_time desc, order_no desc limit 5`,
    );
    expect(nos(rows)).toEqual(latest.map((r) => r.order_no));
  });

  it('gives customs officers and shipping lines no order', async () => {
    for (const who of ['haiquan', 'hangtau']) {
      const res = await t.call(calls.home.recentOrders, {}, tok[who]);
      expect(res.status).toBe(200);
      expect(res.body.payload).toEqual([]);
    }
  });
});
