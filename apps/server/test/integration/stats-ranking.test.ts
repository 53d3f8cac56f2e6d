import { calls, periodLabel, STATS_LIST_SEPARATOR, STATS_OPTIONS_MAX, statsPeriods } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The rankings of the customer and user statistics on the server (crm/customer_ranking, crm/user_ranking): ranks,
 * top-N, pages and the cells' totals checked against SQL over the raw orders; the selectors' search; the answers'
 * sizes.
 */
let t: TestApp;
let admin: string;
let customer: string;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const from = `${year - 1}-01-01`;
const to = `${year - 1}-12-31`;
/** The terminal with the most customers last year (the demo data's busiest). */
let T = 'NDP';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.sql(`insert into group_menus (user_group_code, menu_id) select 'CUSTOMER', m from unnest(array['CRM_CUSTOMER','CRM_USER']) m
               on conflict do nothing`);
  customer = await t.login('khachhang');
  const [busiest] = await t.sql<{ terminal_code: string }>(
    `select terminal_code from orders where (order_status = 'C' or (order_status = 'P' and transaction_id is not null)) and stats_vn_day(created_time) between $1::date and $2::date
      group by 1 order by count(distinct customer_code) desc, 1 limit 1`,
    [from, to],
  );
  T = busiest?.terminal_code ?? T;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The raw orders of the cellRequest at a terminal (Vietnam days), counted by the rule of the rollups, with their group flags. */
const rawOrders = `
  select o.customer_code, coalesce(o.created_by, '') user_id, o.total_amount::float8 amount,
         (select count(*) from order_containers c where c.order_no = o.order_no)::int containers,
         (j.is_lolo or j.is_cfs_stuff or j.is_cfs_unstuff or j.is_cfs_change or j.is_service_yard or j.is_service_non_cont) counted
    from orders o left join job_modes j on j.job_mode_code = o.job_mode_code
   where (o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null)) and o.terminal_code = $1
     and stats_vn_day(o.created_time) between $2::date and $3::date`;

async function rawRanking(party: 'customer_code' | 'user_id', terminal: string, by: 'count(*)' | 'sum(amount)', extra = '') {
  return t.sql<{ id: string; value: number }>(
    `select ${party} id, ${by}::float8 value from (${rawOrders}) r where counted ${extra} group by 1 having ${by} <> 0
      order by 2 desc, ${party} collate "C"`,
    [terminal, from, to],
  );
}

const cellRequest = (extra: Record<string, unknown> = {}) => ({
  loadType: 'year' as const,
  terminalList: [T],
  fromTime: `${from} 00:00:00`,
  toTime: `${to} 23:59:59`,
  ...extra,
});
const label = periodLabel('year', from);

describe('customer ranking', () => {
  it('ranks every customer of the cell as the raw orders do, by orders and by revenue, a page at a time', async () => {
    const raw = await rawRanking('customer_code', T, 'count(*)');
    expect(raw.length).toBeGreaterThan(6);
    const all = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ PageSize: 50 }), admin);
    expect(all.status, all.raw).toBe(200);
    const cell = all.body.data?.[label]?.[0];
    expect(cell?.TerminalCode).toBe(T);
    expect(cell?.Count).toBe(raw.length);
    expect(cell?.Rows.map((r) => [r.Rank, r.Id, r.Measures.ord_])).toEqual(raw.slice(0, 50).map((r, i) => [i + 1, r.id, r.value]));
    // The cell's totals are every customer's.
    expect(cell?.Measures.ord_).toBe(raw.reduce((s, r) => s + r.value, 0));
    // Every ranked customer is described once.
    expect(new Set(all.body.subjects?.map((s) => s.CustomerCode))).toEqual(new Set(cell?.Rows.map((r) => r.Id)));

    const page2 = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ Page: 2, PageSize: 3 }), admin);
    expect(page2.body.data?.[label]?.[0]?.Rows.map((r) => [r.Rank, r.Id])).toEqual(raw.slice(3, 6).map((r, i) => [i + 4, r.id]));
    expect(page2.body.subjects?.length).toBe(3);

    const byRevenue = await rawRanking('customer_code', T, 'sum(amount)');
    const sum = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ Measure: 'sum', PageSize: 5 }), admin);
    expect(sum.body.data?.[label]?.[0]?.Rows.map((r) => [r.Id, r.Measures.sum_])).toEqual(
      byRevenue.slice(0, 5).map((r) => [r.id, r.value]),
    );
  });

  it('Top N keeps ranks 1..N only, and Count says so', async () => {
    const raw = await rawRanking('customer_code', T, 'count(*)');
    const top3 = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ Top: 3, PageSize: 10 }), admin);
    const cell = top3.body.data?.[label]?.[0];
    expect(cell?.Count).toBe(3);
    expect(cell?.Rows.map((r) => r.Id)).toEqual(raw.slice(0, 3).map((r) => r.id));
    const past = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ Top: 3, Page: 2, PageSize: 3 }), admin);
    expect(past.body.data?.[label]?.[0]?.Rows).toEqual([]);
  });

  it("with a customer chosen, the cells' totals are that customer's (every terminal, every period)", async () => {
    const [c] = await t.sql<{ customer_code: string }>(
      `select customer_code from orders where (order_status = 'C' or (order_status = 'P' and transaction_id is not null)) group by 1 order by count(*) desc limit 1`,
    );
    const code = c?.customer_code as string;
    const res = await t.call(
      calls.stats.dashboardCustomerRanking,
      { loadType: 'month', fromTime: `${year - 1}-01-01`, toTime: `${year - 1}-12-31`, CustomerCode: code, PageSize: 5 },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(Object.keys(res.body.data ?? {})).toEqual(statsPeriods('month', `${year - 1}-01-01`, `${year - 1}-12-31`).map((p) => p.label));
    const cells = Object.values(res.body.data ?? {}).flat();
    const raw = await t.sql<{ n: number; amount: number }>(
      `select count(*)::int n, coalesce(sum(o.total_amount), 0)::float8 amount from orders o join job_modes j on j.job_mode_code = o.job_mode_code
        where (o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null)) and o.customer_code in (select c2.customer_code from customers c1 join customers c2 on c2.tax_code = c1.tax_code
                                                             where c1.customer_code = $1 union select $1)
          and (j.is_lolo or j.is_cfs_stuff or j.is_cfs_unstuff or j.is_cfs_change or j.is_service_yard or j.is_service_non_cont)
          and to_char(stats_vn_day(o.created_time), 'YYYY') = $2`,
      [code, String(year - 1)],
    );
    expect(cells.reduce((s, x) => s + x.Measures.ord_, 0)).toBe(raw[0]?.n);
    expect(cells.reduce((s, x) => s + x.Measures.sum_, 0)).toBe(raw[0]?.amount);
    expect(cells.every((x) => x.Rows.every((r) => r.Id === code || res.body.subjects?.some((s) => s.CustomerCode === r.Id)))).toBe(true);
  });

  it('a customer account ranks only its own customer; another code gives nothing', async () => {
    const own = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ terminalList: undefined, PageSize: 50 }), customer);
    expect(own.status, own.raw).toBe(200);
    const ids = new Set(Object.values(own.body.data ?? {}).flatMap((cells) => cells.flatMap((c) => c.Rows.map((r) => r.Id))));
    const [me] = await t.sql<{ customer_code: string }>(`select customer_code from users where user_id = 'khachhang'`);
    expect([...ids].every((id) => id === me?.customer_code)).toBe(true);
    const other = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ CustomerCode: 'ZZZ-NOPE' }), customer);
    expect(Object.values(other.body.data ?? {}).flat()).toEqual([]);
  });

  it('refuses a page size over the limit with a Vietnamese message', async () => {
    const res = await t.call(calls.stats.dashboardCustomerRanking, cellRequest({ PageSize: 500 }), admin);
    expect(res.status).toBe(400);
    expect(res.raw).toContain('Số dòng mỗi trang');
  });
});

describe('user ranking', () => {
  it('ranks users as the raw orders do; a sales person keeps the users with orders for its customers, totals theirs', async () => {
    const raw = await rawRanking('user_id', T, 'count(*)');
    const res = await t.call(calls.stats.dashboardUserRanking, cellRequest({ PageSize: 50 }), admin);
    expect(res.body.data?.[label]?.[0]?.Rows.map((r) => [r.Id, r.Measures.ord_])).toEqual(raw.slice(0, 50).map((r) => [r.id, r.value]));

    const [sp] = await t.sql<{ business_user_id: string }>(
      `select s.business_user_id from customer_sales s join orders o on o.customer_code = s.customer_code
        where o.terminal_code = $3 and (o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null)) and stats_vn_day(o.created_time) between $1::date and $2::date
        group by 1 order by count(*) desc limit 1`,
      [from, to, T],
    );
    const sales = sp?.business_user_id as string;
    const users = `and user_id in (select o.created_by from orders o join customer_sales s on s.customer_code = o.customer_code
                     where s.business_user_id = '${sales}' and (o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null)) and o.terminal_code = '${T}'
                       and stats_vn_day(o.created_time) between '${from}'::date and '${to}'::date)`;
    const rawSales = await rawRanking('user_id', T, 'count(*)', users);
    expect(rawSales.length).toBeGreaterThan(0);
    const bySales = await t.call(calls.stats.dashboardUserRanking, cellRequest({ SalesUserID: sales, PageSize: 50 }), admin);
    const cell = bySales.body.data?.[label]?.[0];
    expect(cell?.Rows.map((r) => r.Id)).toEqual(rawSales.map((r) => r.id));
    expect(cell?.Measures.ord_).toBe(rawSales.reduce((s, r) => s + r.value, 0));
    expect(bySales.body.subjects?.every((u) => u.BusinessUserIDs.split(', ').includes(sales))).toBe(true);
  });

  it("'NV kinh doanh' lists the sales people of the customers of the user's counted orders only, as the filter does", async () => {
    const res = await t.call(calls.stats.dashboardUserRanking, cellRequest({ PageSize: 50 }), admin);
    const user = res.body.data?.[label]?.[0]?.Rows[0]?.Id as string;
    expect(user).toBeTruthy();
    /** The sales people of the customers of `user`'s counted orders at T last year, from the raw orders. */
    const rawSales = async () =>
      (
        await t.sql<{ ids: string | null }>(
          `select string_agg(id, '${STATS_LIST_SEPARATOR}' order by id collate "C") ids from (
             select distinct s.business_user_id id from orders o join customer_sales s on s.customer_code = o.customer_code
              where o.created_by = $1 and o.terminal_code = $2 and stats_vn_day(o.created_time) between $3::date and $4::date
                and (o.order_status = 'C' or (o.order_status = 'P' and o.transaction_id is not null))) x`,
          [user, T, from, to],
        )
      )[0]?.ids ?? '';
    const column = async () => {
      const answer = await t.call(calls.stats.dashboardUserRanking, cellRequest({ UserID: user }), admin);
      return answer.body.subjects?.find((u) => u.UserID === user)?.BusinessUserIDs;
    };
    expect(await column()).toBe(await rawSales());

    // An unpaid order of the user for a customer of another sales person: not counted, so that one is not listed.
    const [other] = await t.sql<{ customer_code: string; business_user_id: string }>(
      `select s.customer_code, s.business_user_id from customer_sales s
        where not (s.business_user_id = any(string_to_array($1, '${STATS_LIST_SEPARATOR}')))
        order by s.customer_code, s.business_user_id limit 1`,
      [await rawSales()],
    );
    expect(other).toBeDefined();
    const { customer_code: otherCustomer, business_user_id: otherSales } = other as { customer_code: string; business_user_id: string };
    await t.sql(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
                           transaction_id, is_auto_approved, source, created_by, created_time, exp_date)
       values ('RK00000001', 'RK00000001', $1, $2, (select job_mode_code from job_modes where is_lolo order by 1 limit 1), 'M', 'A',
               1000000, null, true, 'SMP', $3, $4::timestamptz, $4::timestamptz + interval '3 days')`,
      [T, otherCustomer, user, `${to} 10:00:00+07`],
    );
    const after = await column();
    expect(after).toBe(await rawSales());
    expect(after?.split(STATS_LIST_SEPARATOR)).not.toContain(otherSales);
    // The sales-person filter agrees: that sales person does not keep the user.
    const bySales = await t.call(calls.stats.dashboardUserRanking, cellRequest({ SalesUserID: otherSales, PageSize: 50 }), admin);
    expect(bySales.body.data?.[label]?.[0]?.Rows.map((r) => r.Id) ?? []).not.toContain(user);
  });
});

describe('selectors search on the server', () => {
  it('customers by code, name or tax code, at most a page; a customer account finds only its own', async () => {
    const [c] = await t.sql<{ customer_code: string; tax_code: string }>(
      `select customer_code, tax_code from customers order by 1 limit 1`,
    );
    const byTax = await t.call(calls.stats.customerOptions, { Search: c?.tax_code }, admin);
    expect(byTax.status, byTax.raw).toBe(200);
    expect(byTax.body.payload?.some((o) => o.Id === c?.customer_code)).toBe(true);
    const first = await t.call(calls.stats.customerOptions, {}, admin);
    expect(first.body.payload?.length).toBeLessThanOrEqual(STATS_OPTIONS_MAX);
    const mine = await t.call(calls.stats.customerOptions, { Search: '' }, customer);
    expect(mine.body.payload?.length).toBe(1);
    const nothing = await t.call(calls.stats.customerOptions, { Search: '%_%' }, admin);
    expect(nothing.body.payload).toEqual([]);
  });

  it('users by ID or name; sales people only with Sales', async () => {
    const res = await t.call(calls.stats.userOptions, { Search: 'khachhang' }, admin);
    expect(res.body.payload?.map((o) => o.Id)).toContain('khachhang');
    const sales = await t.call(calls.stats.userOptions, { Sales: true }, admin);
    const [n] = await t.sql<{ n: number }>(`select count(distinct business_user_id)::int n from customer_sales`);
    expect(sales.body.payload?.length).toBe(Math.min(n?.n ?? 0, STATS_OPTIONS_MAX));
  });
});
