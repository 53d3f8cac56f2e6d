import { type JobType, nextDay, type StatsLoadType, statsLoadTypes } from '@smartport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTerminalCodes } from '../../src/db/seed/terminals.data';
import type { AuthUser } from '../../src/http/context';
import { createStatsRepository } from '../../src/modules/stats/stats.repository';
import { createStatsService, type StatsService } from '../../src/modules/stats/stats.service';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every statistics call gives the same answer from the rollups (what the calls
 * read) as from the raw rows (orders, containers, payments, invoices, ratings), randomised over
 * period types, ranges, terminals, customers, users and job types — on the demo data, then again
 * after orders are added, get containers, are paid, cancelled, rejected with a refund, approved by staff after a wait,
 * expire unpaid (the job), are invoiced, and ratings are given. The raw source applies the revenue rule written out
 * in its own SQL (docs/decisions.md "Which orders the statistics count"), so the comparison checks the rule as well.
 */
let t: TestApp;
let rollup: StatsService;
let raw: StatsService;

beforeAll(async () => {
  t = await createTestApp({ config: { seedOrders: 1500 } });
  const repo = createStatsRepository(t.database);
  rollup = t.portal.services.stats;
  raw = createStatsService({ repo, source: repo.raw });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const now = Date.now();
const dayOf = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
const customers = Array.from({ length: 60 }, (_, i) => `C${String(i + 1).padStart(7, '0')}`);
const creators = ['khachhang', 'nhanvien', 'hangtau', 'web.haiminh', 'web.phutai', 'TOS'];

function caller(opts: { terminals: string[]; customer: string | null; userId?: string }): AuthUser {
  return {
    UserID: opts.userId ?? 'kiemtra',
    UserName: 'Kiểm tra',
    UserGroupCode: opts.customer ? 'CUSTOMER' : 'STAFF',
    UserGroupName: '',
    Rank: 2,
    terminals: opts.terminals,
    CustomerCode: opts.customer,
    Email: null,
    grants: new Set(),
    jti: '',
  };
}

/** A random question: period type, range (days ≤ 400 periods), terminals of the caller and asked, customer, user, job type. */
const question = fc
  .record({
    type: fc.constantFrom<StatsLoadType>(...statsLoadTypes),
    startBack: fc.integer({ min: -5, max: 3 * 365 + 40 }),
    span: fc.integer({ min: 0, max: 900 }),
    own: fc.subarray([...allTerminalCodes], { minLength: 1 }),
    asked: fc.option(fc.subarray([...allTerminalCodes]), { nil: undefined }),
    customer: fc.option(fc.constantFrom(...customers), { nil: null, freq: 3 }),
    filterCustomer: fc.option(fc.constantFrom(...customers), { nil: undefined, freq: 2 }),
    filterUser: fc.option(fc.constantFrom(...creators), { nil: undefined, freq: 2 }),
    jobType: fc.option(fc.constantFrom<JobType>('nh', 'dr', 'dv'), { nil: undefined }),
    me: fc.constantFrom(...creators),
  })
  .map((q) => {
    const from = dayOf(now - q.startBack * DAY);
    const span = q.type === 'day' ? q.span % 120 : q.span;
    let to = from;
    for (let i = 0; i < span; i++) to = nextDay(to);
    return { ...q, from, to };
  });

type Q = typeof question extends fc.Arbitrary<infer T> ? T : never;

/** Every statistics answer of the service for one question. */
async function answers(s: StatsService, q: Q) {
  const user = caller({ terminals: q.own, customer: q.customer, userId: q.me });
  const period = {
    loadType: q.type,
    fromTime: `${q.from} 00:00:00`,
    toTime: `${q.to} 23:59:59`,
    ...(q.asked ? { terminalList: q.asked } : {}),
  };
  const range = { fromdate: q.from, todate: q.to, ...(q.asked ? { TerminalList: q.asked } : {}) };
  const personal = { fromDate: q.from, toDate: q.to, ...(q.jobType ? { makeOrderType: q.jobType } : {}) };
  return {
    order: await s.orderChart(user, period),
    customer: await s.customerChart(user, { ...period, ...(q.filterCustomer ? { CustomerCode: q.filterCustomer } : {}) }),
    user: await s.userChart(user, { ...period, ...(q.filterUser ? { UserID: q.filterUser } : {}) }),
    mb: await s.mbChart(user, period),
    tos: await s.tosSmp(user, { ...period, ...(q.jobType ? { JobType: q.jobType } : {}) }),
    cms: await s.cmsSmp(user, { ...period, ...(q.jobType ? { JobType: q.jobType } : {}) }),
    rating: await s.totalRating(user, { ...range, ...(q.filterUser ? { UserID: q.filterUser } : {}) }),
    orders: await s.orderSummary(user, personal),
    invoices: await s.invoiceSummary(user, personal),
    transactions: await s.transactionSummary(user, personal),
  };
}

async function rollupEqualsRaw(runs: number, seed: number) {
  let nonEmpty = 0;
  await fc.assert(
    fc.asyncProperty(question, async (q) => {
      const a = await answers(rollup, q);
      const b = await answers(raw, q);
      expect(a).toEqual(b);
      if (Object.values(a.order.data).some((rows) => rows.length)) nonEmpty++;
    }),
    { numRuns: runs, seed },
  );
  // The property is not vacuous: most questions found figures.
  expect(nonEmpty).toBeGreaterThan(runs / 4);
}

/** Whole-range sanity on top of the random questions: all terminals, three years, by month. */
async function wholeRangeEqual() {
  const q: Q = {
    type: 'month',
    startBack: 3 * 365 + 30,
    span: 0,
    own: [...allTerminalCodes],
    asked: undefined,
    customer: null,
    filterCustomer: undefined,
    filterUser: undefined,
    jobType: undefined,
    me: 'khachhang',
    from: dayOf(now - (3 * 365 + 30) * DAY),
    to: dayOf(now + 5 * DAY),
  };
  const a = await answers(rollup, q);
  expect(a).toEqual(await answers(raw, q));
  return a;
}

describe('rollups = raw rows for every statistics call', () => {
  it('on the demo data (random periods, terminals, customers, users, job types)', async () => {
    await wholeRangeEqual();
    await rollupEqualsRaw(40, 11);
  }, 300_000);

  it('after orders are added, get containers, are paid (MB with a fee), invoiced, cancelled, approved by staff, expire unpaid and are rated', async () => {
    const before = await wholeRangeEqual();
    const q = t.sql;
    const stamp = (back: number) => new Date(now - back * DAY).toISOString();
    // New orders over the whole span, in one statement, then their containers in another.
    await q(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
                           is_auto_approved, source, created_by, created_time)
       select 'PT' || lpad(g::text, 8, '0'), 'PT' || g, (array['NDP','GML','IC3','NHP'])[1 + g % 4], 'C' || lpad((1 + g % 60)::text, 7, '0'),
              (array['TRAR','DONG','DVKC','RUT','HBAI'])[1 + g % 5], 'M', 'A', 1000000 + g * 1000, g % 3 <> 0, 'SMP',
              (array['khachhang','nhanvien','web.phutai'])[1 + g % 3], $1::timestamptz - (g * interval '9 days')
         from generate_series(1, 120) g`,
      [stamp(0)],
    );
    await q(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu)
       select 'PT' || lpad(g::text, 8, '0'), 'PTCU' || lpad((g * 10 + k)::text, 7, '0'), '45G1', 'F', 2
         from generate_series(1, 120) g, generate_series(1, 1 + g % 3) k`,
    );
    // Paid: an MB payment started (status 0) then confirmed (status 1), the order moves to P/C.
    await q(
      `insert into payments (order_no, partner_code, idempotency_key, amount, status, user_id, service_fee, created_time)
       select order_no, 'MB', 'pt-' || order_no, total_amount, 0, created_by, 1100, created_time + interval '1 hour'
         from orders where order_no like 'PT%' and right(order_no, 1) in ('1','2','3','4')`,
    );
    await q(`update payments set status = 1, completed_time = created_time + interval '2 minutes' where idempotency_key like 'pt-%'`);
    await q(`update orders set order_status = case when skip_approval then 'C' else 'P' end, transaction_id = 'FT' || order_no
              where order_no like 'PT%' and right(order_no, 1) in ('1','2','3','4')`);
    await q(
      `insert into invoices (order_no, invoice_series, invoice_no, amount, issue_date)
       select order_no, 'C26TPT', right(order_no, 8), total_amount, created_time + interval '3 hours' from orders where order_no like 'PT%' and order_status = 'C'`,
    );
    // Cancelled: some new orders and some demo orders (through the home call, then in bulk).
    const customer = await t.login('khachhang');
    const [unpaid] = await q<{ order_no: string }>(
      `select order_no from orders where customer_code = 'C0000001' and order_status = 'A' and transaction_id is null and terminal_code = 'NDP' limit 1`,
    );
    if (unpaid) expect((await t.call('task/update_order/deleteOrder', { OrderNo: unpaid.order_no }, customer)).status).toBe(200);
    await q(`update orders set order_status = 'D' where order_no like 'PT%' and right(order_no, 1) in ('7','8')`);
    await q(
      `update orders set order_status = 'D' where order_status = 'A' and order_no in (select order_no from orders where order_no not like 'PT%' order by order_no limit 25)`,
    );
    // A container moved between orders, a container removed, an invoice cancelled, a job mode changed, a payment failed.
    await q(`update order_containers set order_no = 'PT00000010' where container_no = 'PTCU0000111'`);
    await q(`delete from order_containers where container_no = 'PTCU0000121'`);
    await q(`update invoices set status = 'C' where invoice_series = 'C26TPT' and right(invoice_no, 1) = '1'`);
    await q(`update orders set job_mode_code = 'LAYN', terminal_code = 'VMD' where order_no = 'PT00000005'`);
    await q(`update payments set status = -1 where idempotency_key = 'pt-PT00000004'`);
    // The revenue rule's states: pay-later orders waiting for approval (W), some approved by staff after a wait (M), a
    // paid waiting one rejected with its money recorded for refund (out), unpaid ones past their expiry found by the job
    // (out), one of them paid afterwards (counted again).
    await q(`update orders set money_credit = 'C', order_status = 'P' where order_no like 'PT%' and right(order_no, 1) = '5'`);
    await q(`update orders set order_status = 'C', is_auto_approved = false, approved_by = 'nhanvien',
                               approved_time = waiting_since + (length(order_no) * interval '7 minutes')
              where order_no like 'PT%' and order_status = 'P' and right(order_no, 2) in ('05', '13', '21', '22')`);
    await q(`insert into payment_followups (kind, order_no, partner_code, idempotency_key, transaction_id, amount, reason)
             select 'refund', order_no, 'MB', 'pt-' || order_no, transaction_id, total_amount, 'order_rejected'
               from orders where order_no like 'PT%' and order_status = 'P' and transaction_id is not null and right(order_no, 2) = '12'`);
    await q(`update orders set order_status = 'D' where order_no like 'PT%' and order_status = 'P' and right(order_no, 2) = '12'`);
    await q(`update orders set exp_date = created_time + interval '1 day' where order_no like 'PT%' and order_status = 'A'`);
    await q("update scheduled_jobs set last_tick = -1 where name = 'orders.expire-unpaid'");
    await t.portal.jobs.runNow('orders.expire-unpaid');
    expect(
      Number(
        (await q<{ n: number }>(`select count(*)::int n from orders where order_no like 'PT%' and expired_unpaid_at is not null`))[0]?.n,
      ),
    ).toBeGreaterThan(10);
    await q(`update orders set order_status = 'C', transaction_id = 'FT' || order_no where order_no = 'PT00000006'`);
    // Ratings, one statement, notes among them.
    await q(
      `insert into ratings (terminal_code, user_id, customer_code, order_no, pin_code, screen_name, job_mode_code, question_code, rating, rating_note, created_time)
       select o.terminal_code, o.created_by, o.customer_code, o.order_no, o.pin_code, 'Đăng ký lệnh', o.job_mode_code, qn, case when qn = 0 then null else 1 + (qn + length(o.order_no)) % 5 end,
              case when qn = 0 then 'Ghi chú thử ' || o.order_no end, o.created_time + interval '30 minutes'
         from orders o, generate_series(0, 5) qn where o.order_no like 'PT%'`,
    );
    await q(`delete from ratings where order_no = 'PT00000003' and question_code = 2`);

    const after = await wholeRangeEqual();
    expect(after).not.toEqual(before);
    await rollupEqualsRaw(40, 23);
  }, 400_000);

  it('after deleting orders (their payments, invoices and containers go by cascade), and after a full rebuild', async () => {
    await t.sql(`delete from orders where order_no in ('PT00000001', 'PT00000012', 'PT00000024')`);
    await wholeRangeEqual();
    const before = await wholeRangeEqual();
    await rollup.rebuild();
    expect(await wholeRangeEqual()).toEqual(before);
    await rollupEqualsRaw(15, 37);
  }, 300_000);
});
