import { type CallDef, calls, periodLabel, STATS_LIST_SEPARATOR, statsMeasures, statsMessages, statsPeriods } from '@smartport/contract';
import { demoTosAccount, type RunningSimulator, startSimulator, tosSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTos } from '../../src/adapters/tos/tos.adapter';
import { createTosOrdersRepository } from '../../src/modules/stats/tos-orders.repository';
import { createTosOrderImport } from '../../src/modules/stats/tos-orders.service';
import { createOutboundPolicy } from '../../src/security/outbound-policy';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The simulator listens on loopback, which this test deployment lists. */
const loopbackOnly = createOutboundPolicy({ allow: ['127.0.0.1'] });

/**
 * The statistics calls over HTTP: every call's reply against its contract, period
 * arithmetic (quarters from months 1, 4, 7, 10; the day picker's raw text; clipped periods), the
 * totals rule of spec 02 §4, terminal and customer scoping per role, and the TOS order feed.
 */
let t: TestApp;
let admin: string;
let staff: string;
let customer: string;
let outsider: string;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('nhanvien');
  // The demo customer group has no CRM menu; this test gives it every statistics entry so that the
  // scoping (its own customer only), not the grant, is what limits it.
  await t.sql(`insert into group_menus (user_group_code, menu_id)
               select 'CUSTOMER', m from unnest(array['CRM_DASHBOARD','CRM_CUSTOMER','CRM_USER','CRM_RATING','CRM_MB_SUMMARY','CRM_USAGE','CRM_APPROVAL']) m
               on conflict do nothing`);
  customer = await t.login('khachhang');
  await t.addUser({
    UserID: 'kd.gml',
    UserGroupCode: 'STAFF_GML',
    password: 'Gml@2026x',
    terminals: ['GML'],
    grants: ['CRM_DASHBOARD', 'CRM_CUSTOMER'],
  });
  outsider = await t.login('kd.gml', 'Gml@2026x');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const range = { loadType: 'month' as const, fromTime: `${year - 2}-01-01 00:00:00`, toTime: `${today} 23:59:59` };

/** Parses a reply with the call's response schema (the contract's word on the shape). */
function shaped(call: CallDef, body: unknown) {
  const r = call.response.safeParse(body);
  if (!r.success) throw new Error(`${call.path}: ${JSON.stringify(r.error.issues.slice(0, 3))}`);
  return r.data as Record<string, unknown>;
}

describe('every statistics call answers in its contract shape', () => {
  it('period calls: data keyed by every period label in time order, rows of the §3 fields', async () => {
    for (const call of [
      calls.stats.dashboardOrderChartLoad,
      calls.stats.dashboardCustomerChartLoad,
      calls.stats.dashboardUserChartLoad,
      calls.stats.dashboardMbChartLoad,
      calls.stats.tosSmpOrderChartLoad,
      calls.stats.sumTosSmp,
      calls.stats.sumCmsSmp,
    ] as CallDef[]) {
      const res = await t.call(call.path, range, admin);
      expect(res.status, `${call.path} ${res.raw.slice(0, 200)}`).toBe(200);
      const body = shaped(call, res.body) as { data: Record<string, unknown[]>; periods: { label: string }[] };
      const expected = statsPeriods('month', `${year - 2}-01-01`, today).map((p) => p.label);
      expect(Object.keys(body.data), call.path).toEqual(expected);
      expect(body.periods.map((p) => p.label)).toEqual(expected);
      expect(Object.values(body.data).flat().length, `${call.path} has figures`).toBeGreaterThan(0);
    }
  });

  it('detail, rating, terminal and personal calls', async () => {
    const from = `${year - 2}-01-01`;
    const detail = await t.call(calls.stats.dashboardCustomerInfoLoad, { CustomerCode: 'C0000001', FromDate: from, ToDate: today }, admin);
    const lines = shaped(calls.stats.dashboardCustomerInfoLoad, detail.body).data as { OrderNo: string; STT: number; TaxCode: string }[];
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.TaxCode)).size).toBe(1);
    // Sorted by order number, STT numbering the orders (one per order, containers share it).
    expect(lines.map((l) => l.OrderNo)).toEqual([...lines.map((l) => l.OrderNo)].sort());
    expect(lines.at(-1)?.STT).toBe(new Set(lines.map((l) => l.OrderNo)).size);

    const byUser = await t.call(
      calls.stats.dashboardUserInfoLoad,
      { CreatedBy: 'khachhang', FromDate: from, ToDate: today, IsUser: 1 },
      admin,
    );
    expect(
      (shaped(calls.stats.dashboardUserInfoLoad, byUser.body).data as { CreatedBy: string }[]).every((l) => l.CreatedBy === 'khachhang'),
    ).toBe(true);

    const total = await t.call(calls.stats.totalRating, { fromdate: `${year - 2}-01-01`, todate: `${today} 23:59:59` }, admin);
    const agg = shaped(calls.stats.totalRating, total.body).payload as {
      QuestionCode: number;
      QuestionName: string;
      CountRating: number;
      TotalRating: number;
    }[];
    expect(agg.map((r) => r.QuestionCode)).toEqual([1, 2, 3, 4, 5, 0]);
    expect(agg.every((r) => r.CountRating > 0)).toBe(true);
    const detailRows = await t.call(calls.stats.dataRating, { fromdate: from, todate: today, QuestionCode: 2 }, admin);
    const rows = shaped(calls.stats.dataRating, detailRows.body).payload as { Rating: number; CreatedTime: string }[];
    expect(rows.length).toBe(agg.find((r) => r.QuestionCode === 2)?.CountRating);
    expect(rows.reduce((s, r) => s + r.Rating, 0)).toBe(agg.find((r) => r.QuestionCode === 2)?.TotalRating);
    expect(rows[0]?.CreatedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const notes = await t.call(calls.stats.dataRatingNote, { fromdate: from, todate: today }, admin);
    const noteRows = shaped(calls.stats.dataRatingNote, notes.body).payload as { RatingNote: string }[];
    expect(noteRows.length).toBe(agg.find((r) => r.QuestionCode === 0)?.CountRating);
    expect(agg.find((r) => r.QuestionCode === 0)?.QuestionName).toBe('Ghi chú đánh giá');
    expect(noteRows.every((n) => n.RatingNote.length > 0)).toBe(true);

    const terminals = await t.call(calls.shell.getTerminalList, { TerminalCode: 'NDP' }, admin);
    expect(terminals.body.payload?.[0]).toMatchObject({
      TerminalCode: 'NDP',
      TerminalNameEnglish: expect.any(String),
      Address: expect.any(String),
    });

    for (const call of [calls.stats.orderSummary, calls.stats.invoiceSummary, calls.stats.transactionSummary] as CallDef[]) {
      const res = await t.call(call.path, { fromDate: from, toDate: today }, customer);
      expect(res.status, res.raw).toBe(200);
      const data = shaped(call, res.body).data as { TerminalCode: string; Status: string; Counting: number }[];
      expect(data.length, call.path).toBeGreaterThan(0);
      expect(data.every((r) => r.TerminalCode === 'NDP' && r.Counting > 0)).toBe(true);
    }
    const orders = await t.call(calls.stats.orderSummary, { fromDate: from, toDate: today }, customer);
    const [raw] = await t.sql<{ n: number }>(
      `select count(*)::int n from orders where created_by = 'khachhang' and terminal_code = 'NDP' and created_time >= $1::date - interval '7 hours'`,
      [from],
    );
    expect(orders.body.data?.reduce((s, r) => s + r.Counting, 0)).toBe(raw?.n);
  });

  it('user rows name the user, mark a user without an account, and list the sales people of its customers', async () => {
    // An order made through an older channel by a creator who has no account of the portal (the demo's orders are all
    // made by accounts): a counted order of another terminal than the ones checked below.
    await t.sql(
      `update orders set created_by = 'web.khongtaikhoan' where order_no = (select order_no from orders
         where order_status = 'C' and terminal_code <> 'NDP' and created_time >= $1::date order by order_no limit 1)`,
      [`${year - 2}-01-01`],
    );
    const res = await t.call(calls.stats.dashboardUserChartLoad, { ...range, loadType: 'year' }, admin);
    const rows = Object.values(res.body.data ?? {}).flat();
    expect(rows.find((r) => r.UserID === 'khachhang')?.UserName).toBe('Đỗ Thị Mai Anh');
    // Creators without an account of the portal: the screen shows '(Tài khoản không tồn tại)'.
    expect(rows.find((r) => r.UserID.startsWith('web.'))?.UserName).toBeNull();
    const mine = rows.filter((r) => r.UserID === 'khachhang' && r.TerminalCode === 'NDP' && r.FromDate.startsWith(String(year - 1)));
    expect(mine.length).toBeGreaterThan(0);
    // The sales people of the customers khachhang's orders of that year and terminal were for.
    const [sales] = await t.sql<{ ids: string }>(
      `select string_agg(distinct s.business_user_id, $1 order by s.business_user_id) ids
         from customer_sales s
        where s.customer_code in (select customer_code from orders where created_by = 'khachhang' and terminal_code = 'NDP'
                                     and order_status <> 'D' and expired_unpaid_at is null
                                     and to_char(stats_vn_day(created_time), 'YYYY') = $2)`,
      [STATS_LIST_SEPARATOR, String(year - 1)],
    );
    expect(mine.every((r) => r.BusinessUserIDs === sales?.ids)).toBe(true);
    expect(mine[0]?.BusinessUserNames).not.toBe('');
  });
});

describe('period arithmetic', () => {
  it('cuts quarters at months 1, 4, 7, 10 and clips the first and last periods to the range', async () => {
    const res = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'quarter', fromTime: `${year - 1}-02-15 08:00:00`, toTime: `${year - 1}-11-03 10:00:00` },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.periods).toEqual([
      { label: `Quý 1 năm ${year - 1}`, FromDate: `${year - 1}-02-15 00:00:00`, ToDate: `${year - 1}-03-31 23:59:59` },
      { label: `Quý 2 năm ${year - 1}`, FromDate: `${year - 1}-04-01 00:00:00`, ToDate: `${year - 1}-06-30 23:59:59` },
      { label: `Quý 3 năm ${year - 1}`, FromDate: `${year - 1}-07-01 00:00:00`, ToDate: `${year - 1}-09-30 23:59:59` },
      { label: `Quý 4 năm ${year - 1}`, FromDate: `${year - 1}-10-01 00:00:00`, ToDate: `${year - 1}-11-03 23:59:59` },
    ]);
    // A quarter's figures are its months' figures.
    const months = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'month', fromTime: `${year - 1}-04-01`, toTime: `${year - 1}-06-30` },
      admin,
    );
    const sum = (rows: { OrderCount: number }[]) => rows.reduce((s, r) => s + r.OrderCount, 0);
    expect(sum(res.body.data?.[`Quý 2 năm ${year - 1}`] ?? [])).toBe(sum(Object.values(months.body.data ?? {}).flat()));
    expect(Object.keys(months.body.data ?? {})).toEqual([`Tháng 4 năm ${year - 1}`, `Tháng 5 năm ${year - 1}`, `Tháng 6 năm ${year - 1}`]);
  });

  it('takes the day type raw picker text (YYYY-MM-DD) and answers per Vietnam day; year and DD/MM/YYYY texts too', async () => {
    const [row] = await t.sql<{ day: string; n: number }>(
      `select to_char(stats_vn_day(created_time), 'YYYY-MM-DD') as day, count(*)::int n from orders
        where (order_status = 'C' or (order_status = 'P' and transaction_id is not null)) and terminal_code = 'NDP'
        group by 1 order by 2 desc, 1 limit 1`,
    );
    if (!row) throw new Error('no orders');
    const res = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'day', terminalList: ['NDP'], fromTime: row.day, toTime: row.day },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    const label = periodLabel('day', row.day);
    expect(label).toBe(`Ngày ${row.day.slice(8, 10)}/${row.day.slice(5, 7)}/${row.day.slice(0, 4)}`);
    expect((res.body.data?.[label] ?? []).reduce((s, r) => s + r.OrderCount, 0)).toBe(row.n);
    const dmy = `${row.day.slice(8, 10)}/${row.day.slice(5, 7)}/${row.day.slice(0, 4)}`;
    const again = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'day', terminalList: ['NDP'], fromTime: dmy, toTime: dmy },
      admin,
    );
    expect(again.body.data).toEqual(res.body.data);
    const years = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'year', fromTime: `${year - 1}`, toTime: `${year}` },
      admin,
    );
    expect(Object.keys(years.body.data ?? {})).toEqual([`Năm ${year - 1}`, `Năm ${year}`]);
  });

  it('refuses bad ranges with a Vietnamese message on the field, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ fromTime: '2026-02-30', toTime: '2026-03-01' }, statsMessages.fromTime],
      [{ fromTime: '2026-03-01', toTime: 'hôm nay' }, statsMessages.toTime],
      [{ fromTime: '2026-03-01', toTime: '2026-02-01' }, statsMessages.order],
      [{ loadType: 'day', fromTime: '2024-01-01', toTime: '2026-01-01' }, statsMessages.tooLong],
      [{ loadType: 'week', fromTime: '2026-01-01', toTime: '2026-01-02' }, statsMessages.loadType],
      [{ fromTime: '2026-01-01', toTime: '2026-01-02', JobType: 'xx' }, statsMessages.jobType],
    ];
    for (const [body, message] of cases) {
      const call = (body as { JobType?: string }).JobType ? calls.stats.sumTosSmp : calls.stats.dashboardOrderChartLoad;
      const res = await t.call<{ success: boolean; message: string }>(call.path, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});

describe('totals count only rows with a lifting, stuffing/unstuffing/change or service flag (spec 02 §4)', () => {
  it('keeps a job mode without flags in the rows but out of every total', async () => {
    await t.sql(
      `insert into job_modes (job_mode_code, job_mode_name) values ('KHAC', 'Phương án không thuộc nhóm nào') on conflict do nothing`,
    );
    await t.sql(`insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount, created_by, created_time)
                 values ('KHAC0000001', 'KHAC1', 'NHP', 'C0000002', 'KHAC', 'M', 'C', 5000000, 'nhanvien', '${year - 2}-06-10T03:00:00Z')`);
    const res = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { fromTime: `${year - 2}-06-01`, toTime: `${year - 2}-06-30`, terminalList: ['NHP'] },
      admin,
    );
    const rows = res.body.data?.[`Tháng 6 năm ${year - 2}`] ?? [];
    const khac = rows.find((r) => r.JobModeCode === 'KHAC');
    expect(khac).toMatchObject({ OrderCount: 1, TotalAmount: 5000000, IsLoLo: false, IsServiceYard: false });
    const m = statsMeasures(rows);
    const flagged = rows.filter((r) => r.JobModeCode !== 'KHAC');
    expect(m.ord_).toBe(flagged.reduce((s, r) => s + r.OrderCount, 0));
    expect(m.sum_).toBe(flagged.reduce((s, r) => s + r.TotalAmount, 0));
    expect(m.ord_nh + m.ord_dr + m.ord_dv).toBe(m.ord_);
  });
});

describe('scoping: the caller’s terminals, a customer’s own figures', () => {
  const all = (body: { data?: Record<string, { TerminalCode: string }[]> }) => Object.values(body.data ?? {}).flat();

  it('limits staff to its terminals, drops a terminal it does not have, and answers no terminal with empty periods', async () => {
    const res = await t.call(calls.stats.dashboardOrderChartLoad, { ...range, terminalList: ['GML', 'NDP', 'NDV'] }, staff);
    expect(new Set(all(res.body).map((r) => r.TerminalCode))).toEqual(new Set(['NDP', 'NDV']));
    const mine = await t.call(calls.stats.dashboardOrderChartLoad, range, staff);
    expect(new Set(all(mine.body).map((r) => r.TerminalCode))).toEqual(new Set(['NDP', 'NDV', 'NHP']));
    const none = await t.call(calls.stats.dashboardOrderChartLoad, { ...range, terminalList: [] }, staff);
    expect(all(none.body)).toEqual([]);
    expect(Object.keys(none.body.data ?? {}).length).toBeGreaterThan(0);
    const other = await t.call(calls.stats.dashboardOrderChartLoad, { ...range, terminalList: ['NDP'] }, outsider);
    expect(all(other.body)).toEqual([]);
    const detail = await t.call(
      calls.stats.dashboardCustomerInfoLoad,
      { CustomerCode: 'C0000001', FromDate: `${year - 2}-01-01`, ToDate: today },
      outsider,
    );
    expect((detail.body.data ?? []).every((l) => l.TerminalCode === 'GML')).toBe(true);
  });

  it("gives a customer only its own customer's figures, whatever it asks for", async () => {
    const mine = await t.call(calls.stats.dashboardCustomerChartLoad, range, customer);
    const rows = Object.values(mine.body.data ?? {}).flat();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.CustomerCode))).toEqual(new Set(['C0000001']));
    const other = await t.call(calls.stats.dashboardCustomerChartLoad, { ...range, CustomerCode: 'C0000002' }, customer);
    expect(Object.values(other.body.data ?? {}).flat()).toEqual([]);
    // The dashboard totals of the customer equal its own rows, not the terminal's.
    const dash = await t.call(calls.stats.dashboardOrderChartLoad, range, customer);
    const total = (xs: { OrderCount: number }[]) => xs.reduce((s, r) => s + r.OrderCount, 0);
    expect(total(Object.values(dash.body.data ?? {}).flat())).toBe(total(rows));
    const [raw] = await t.sql<{ n: number }>(
      `select count(*)::int n from orders where customer_code = 'C0000001' and terminal_code = 'NDP'
          and (order_status = 'C' or (order_status = 'P' and transaction_id is not null)) and created_time >= ($1::date - interval '7 hours')`,
      [`${year - 2}-01-01`],
    );
    expect(total(rows)).toBe(raw?.n);
    const users = await t.call(calls.stats.dashboardUserChartLoad, range, customer);
    expect(Object.values(users.body.data ?? {}).flat().length).toBeGreaterThan(0);
    const detail = await t.call(
      calls.stats.dashboardCustomerInfoLoad,
      { CustomerCode: 'C0000002', FromDate: `${year - 2}-01-01`, ToDate: today },
      customer,
    );
    expect(detail.body.data).toEqual([]);
    const staffView = await t.call(
      calls.stats.dashboardCustomerChartLoad,
      { ...range, CustomerCode: 'C0000002', terminalList: ['NDP'] },
      staff,
    );
    expect(
      new Set(
        Object.values(staffView.body.data ?? {})
          .flat()
          .map((r) => r.CustomerCode),
      ),
    ).toEqual(new Set(['C0000002']));
  });

  it('refuses the statistics to a role whose menus do not offer them (403)', async () => {
    const haiquan = await t.login('haiquan');
    for (const call of [
      calls.stats.dashboardOrderChartLoad,
      calls.stats.totalRating,
      calls.stats.dashboardMbChartLoad,
      calls.stats.sumCmsSmp,
    ] as CallDef[]) {
      expect((await t.call(call.path, range, haiquan)).status, call.path).toBe(403);
    }
  });
});

describe('TOS-side orders come from the TOS order feed, each once', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(tosSimulator, 0);
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('imports the feed after its cursor, counts the orders as TOS in the usage report, and adds nothing twice', async () => {
    const url = new URL(sim.url);
    const conn = { host: url.hostname, port: Number(url.port), user: demoTosAccount.user, password: demoTosAccount.pass };
    const importer = createTosOrderImport({
      tos: createHttpTos({ timeoutMs: 10_000, outbound: loopbackOnly }),
      connection: () => conn,
      repo: createTosOrdersRepository(t.database),
    });
    const before = await t.call(calls.stats.sumTosSmp, range, admin);
    const tosBefore = Object.values(before.body.data ?? {})
      .flat()
      .reduce((s, r) => s + r.TosOrderCount, 0);
    const first = await importer.importNew();
    expect(first.ok && first.imported).toBeGreaterThan(3 * 365 * 8 - 20);
    const [db] = await t.sql<{ n: number }>(`select count(*)::int n from orders where source = 'TOS'`);
    expect(db?.n).toBe(first.imported);
    const again = await importer.importNew();
    expect(again).toMatchObject({ ok: true, imported: 0 });
    const after = await t.call(calls.stats.sumTosSmp, range, admin);
    const tosAfter = Object.values(after.body.data ?? {})
      .flat()
      .reduce((s, r) => s + r.TosOrderCount, 0);
    const [inRange] = await t.sql<{ n: number }>(
      `select count(*)::int n from orders where source = 'TOS' and created_time >= ($1::date - interval '7 hours')`,
      [`${year - 2}-01-01`],
    );
    expect(tosAfter - tosBefore).toBe(inRange?.n);
    // A TOS that refuses the account: nothing imported, the failure named.
    const refused = createTosOrderImport({
      tos: createHttpTos({ timeoutMs: 5_000, outbound: loopbackOnly }),
      connection: () => ({ ...conn, password: 'sai' }),
      repo: createTosOrdersRepository(t.database),
    });
    expect(await refused.importNew()).toMatchObject({ ok: false, failure: 'login_refused', imported: 0 });
  }, 180_000);
});
