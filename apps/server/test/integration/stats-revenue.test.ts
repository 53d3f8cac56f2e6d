import type { SmpTosRow, StatsRow } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Which orders the statistics count (docs/decisions.md "Which orders the statistics count"), over HTTP: approved
 * orders and paid ones waiting for approval count; unpaid and pay-later-waiting ones are given apart; an unpaid order
 * leaves the figures when the job finds it expired; cancelled and rejected ones are out. The approval report counts by
 * the approval itself: automatic, by staff (with the wait), waiting apart. Figures are read before and after, so the
 * demo data around them does not matter.
 */
let t: TestApp;
let staff: string;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const period = { loadType: 'day' as const, fromTime: `${today} 00:00:00`, toTime: `${today} 23:59:59`, terminalList: ['NDP'] };
const JOB = 'TRAR';

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('nhanvien');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The dashboard's figures of NDP, TRAR, today, summed over the answer's rows. */
async function dashboard() {
  const res = await t.call('crm/dashboard_order_chart_load', period, staff);
  expect(res.status, res.raw.slice(0, 200)).toBe(200);
  const rows = (Object.values((res.body as { data: Record<string, StatsRow[]> }).data).flat() as StatsRow[]).filter(
    (r) => r.JobModeCode === JOB,
  );
  const sum = (k: keyof StatsRow) => rows.reduce((a, r) => a + Number(r[k]), 0);
  return {
    orders: sum('OrderCount'),
    amount: sum('TotalAmount'),
    containers: sum('ContainerCount'),
    unpaid: sum('UnpaidOrderCount'),
    unpaidAmount: sum('UnpaidTotalAmount'),
    pending: sum('PendingOrderCount'),
    pendingAmount: sum('PendingTotalAmount'),
  };
}

/** The approval report's figures of NDP, TRAR, today. */
async function approval() {
  const res = await t.call('crm/sum_cms_smp', period, staff);
  expect(res.status, res.raw.slice(0, 200)).toBe(200);
  const rows = (Object.values((res.body as { data: Record<string, SmpTosRow[]> }).data).flat() as SmpTosRow[]).filter(
    (r) => r.JobModeCode === JOB,
  );
  const sum = (k: keyof SmpTosRow) => rows.reduce((a, r) => a + Number(r[k]), 0);
  return {
    auto: sum('SmpOrderCount'),
    manual: sum('TosOrderCount'),
    autoCount: sum('AutoOrderCount'),
    manualCount: sum('CmsOrderCount'),
    pending: sum('PendingOrderCount'),
    pendingAmount: sum('PendingTotalAmount'),
    wait: sum('ManualWaitSeconds'),
  };
}

const diff = <T extends Record<string, number>>(after: T, before: T) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)])) as T;

/** One order of NDP/TRAR made an hour ago, with one container. */
async function order(no: string, f: { status: string; credit?: string; paid?: boolean; auto?: boolean; expIn?: string; amount: number }) {
  await t.sql(
    `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
                         transaction_id, is_auto_approved, source, created_by, created_time, exp_date)
     values ($1, $1, 'NDP', 'C0000003', '${JOB}', $2, $3, $4, $5, $6, 'SMP', 'khachhang', now() - interval '1 hour', now() + $7::interval)`,
    [no, f.credit ?? 'M', f.status, f.amount, f.paid ? `FT${no}` : null, f.auto ?? true, f.expIn ?? '3 days'],
  );
  await t.sql(`insert into order_containers (order_no, container_no, iso_sizetype, fe, teu) values ($1, $2, '22G1', 'E', 1)`, [
    no,
    `RVCU${no.slice(-7)}`,
  ]);
}

async function expireJob() {
  await t.sql("update scheduled_jobs set last_tick = -1 where name = 'orders.expire-unpaid'");
  await t.portal.jobs.runNow('orders.expire-unpaid');
  expect(t.portal.jobs.stats('orders.expire-unpaid')).toMatchObject({ failed: 0 });
}

describe('revenue and volume count approved and paid orders only', () => {
  it('unpaid and pay-later orders are apart, an expired unpaid order leaves, cancelled and rejected ones are out', async () => {
    const d0 = await dashboard();
    const a0 = await approval();
    await order('RV00000001', { status: 'A', amount: 1_000_000 }); // unpaid
    await order('RV00000002', { status: 'A', amount: 2_000_000, expIn: '2 seconds' }); // unpaid, about to expire
    await order('RV00000003', { status: 'P', paid: true, amount: 4_000_000 }); // paid, waiting in 'Duyệt lệnh'
    await order('RV00000004', { status: 'P', credit: 'C', amount: 8_000_000 }); // pay later, waiting
    await order('RV00000005', { status: 'C', paid: true, amount: 16_000_000 }); // approved at payment
    await order('RV00000006', { status: 'D', amount: 32_000_000 }); // cancelled

    expect(diff(await dashboard(), d0)).toEqual({
      orders: 2,
      amount: 20_000_000,
      containers: 2,
      unpaid: 2,
      unpaidAmount: 3_000_000,
      pending: 1,
      pendingAmount: 8_000_000,
    });
    // Approval by the event: the automatic one counts, both waiting ones are apart, the rest is no approval at all.
    expect(diff(await approval(), a0)).toEqual({
      auto: 1,
      manual: 0,
      autoCount: 1,
      manualCount: 0,
      pending: 2,
      pendingAmount: 12_000_000,
      wait: 0,
    });

    // Time passes: the job finds the second one expired unpaid and it leaves the figures (the trigger-kept rollups
    // learn it from the order's change); the first is still unpaid.
    await new Promise((r) => setTimeout(r, 2500));
    await expireJob();
    expect((await t.sql(`select expired_unpaid_at is not null e from orders where order_no = 'RV00000002'`))[0]).toEqual({ e: true });
    expect(diff(await dashboard(), d0)).toMatchObject({ orders: 2, unpaid: 1, unpaidAmount: 1_000_000 });

    // Staff approve the paid one (it waited about an hour: it entered 'Duyệt lệnh' when it was made) and reject the
    // pay-later one.
    const ok = await t.call('task/accept_order/approveOrder', { OrderNo: 'RV00000003' }, staff);
    expect(ok.status, ok.raw).toBe(200);
    const no = await t.call('task/accept_order/rejectOrder', { OrderNo: 'RV00000004', Reason: 'Thiếu chứng từ' }, staff);
    expect(no.status, no.raw).toBe(200);
    const a1 = diff(await approval(), a0);
    expect(a1).toMatchObject({ auto: 1, manual: 1, autoCount: 1, manualCount: 1, pending: 0, pendingAmount: 0 });
    expect(a1.wait).toBeGreaterThanOrEqual(3600);
    expect(a1.wait).toBeLessThan(3700);
    const [who] = await t.sql<{ approved_by: string; state: string }>(
      `select approved_by, state from stats_order_facts where order_no = 'RV00000003'`,
    );
    expect(who).toEqual({ approved_by: 'nhanvien', state: 'M' });
    expect(diff(await dashboard(), d0)).toEqual({
      orders: 2,
      amount: 20_000_000,
      containers: 2,
      unpaid: 1,
      unpaidAmount: 1_000_000,
      pending: 0,
      pendingAmount: 0,
    });

    // A paid order cancelled (its money recorded for refund) leaves revenue and volume: refunds are netted.
    await t.sql(`update orders set order_status = 'D', cancelled_by = 'nhanvien', cancelled_time = now() where order_no = 'RV00000005'`);
    expect(diff(await dashboard(), d0)).toMatchObject({ orders: 1, amount: 4_000_000, containers: 1 });
    expect(diff(await approval(), a0)).toMatchObject({ auto: 0, manual: 1 });

    // An unpaid order paid at last counts; the detail lines list exactly the counted orders.
    await t.sql(`update orders set order_status = 'C', transaction_id = 'FTRV1' where order_no = 'RV00000001'`);
    expect(diff(await dashboard(), d0)).toMatchObject({ orders: 2, amount: 5_000_000, unpaid: 0 });
    const detail = await t.call(
      'crm/dashboard_customer_info_load',
      { FromDate: today, ToDate: today, TerminalCode: 'NDP', CustomerCode: 'C0000003' },
      await t.login('admin'),
    );
    expect(detail.status, detail.raw.slice(0, 200)).toBe(200);
    const listed = new Set(
      ((detail.body as { data?: { OrderNo: string }[] }).data ?? []).map((l) => l.OrderNo).filter((n) => n.startsWith('RV')),
    );
    expect([...listed].sort()).toEqual(['RV00000001', 'RV00000003']);
  }, 60_000);
});
