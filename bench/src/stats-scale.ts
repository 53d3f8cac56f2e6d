// Statistics that stay small and never hold up others (issue 27 item 3):
// - the answer sizes of the statistics calls the customer and user screens make, 3 years by month × 13 terminals, on
//   the statistics bench database (bench/src/stats.ts's seed: 2,000,000 orders on PostgreSQL, BENCH_STATS_ORDERS);
//   budget ≤ 1 MB each; the old whole-range customer answer printed beside them;
// - p99 of a light call (auth/me, common/getMenu) alone and while several users run 3-year reports on the portal.
import { randomBytes } from 'node:crypto';
import { type AuthUser, createStatsRepository, createStatsService, type Database, openDatabase } from '@smartport/server';
import pg from 'pg';
import type { BenchContext, Target } from './lib/context';
import { type CallSpec, call, fmtMs, load, loginToken } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';
import { seedStatsBench } from './stats';

const TERMINALS = ['NDP', 'NDV', 'NHP', 'NHI', 'GML', 'BDP', 'VMD', 'ASL', 'STD', 'PMD', 'PIP', 'IC3', 'GNL'];
const MB = 1024 * 1024;

const staff: AuthUser = {
  UserID: 'bench',
  UserName: 'Bench',
  UserGroupCode: 'ADMIN',
  UserGroupName: '',
  Rank: 1,
  terminals: TERMINALS,
  CustomerCode: null,
  Email: null,
  grants: new Set(),
  jti: '',
};

/** Three whole years by month, ending last month (Vietnam time). */
function threeYears(now: Date) {
  const y = now.getUTCFullYear();
  return { loadType: 'month' as const, fromTime: `${y - 3}-01-01 00:00:00`, toTime: `${y - 1}-12-31 23:59:59` };
}

/** Bytes of each answer the customer and user screens ask for (as sent: `{ success, ...answer }` in JSON). */
async function answerSizes(database: Database, now: Date) {
  const stats = createStatsService({ repo: createStatsRepository(database) });
  const range = threeYears(now);
  const page = { Measure: 'ord' as const, Page: 1, PageSize: 10 };
  const y = now.getUTCFullYear() - 2;
  const cell = { ...range, terminalList: ['NDP'], fromTime: `${y}-06-01 00:00:00`, toTime: `${y}-06-30 23:59:59` };
  const [sales] = await database.query<{ id: string }>(`select business_user_id id from customer_sales limit 1`);
  const bytes = (answer: unknown) => Buffer.byteLength(JSON.stringify({ success: true, ...(answer as object) }));
  const sizes: [string, number][] = [
    ['khách hàng: cấp 1–2', bytes(await stats.customerRanking(staff, { ...range, ...page, Top: 1, PageSize: 1 }))],
    ['khách hàng: một cảng × kỳ, Top 10', bytes(await stats.customerRanking(staff, { ...cell, ...page, Top: 10 }))],
    ['khách hàng: một cảng × kỳ, tất cả, trang 1', bytes(await stats.customerRanking(staff, { ...cell, ...page, Top: 0, PageSize: 50 }))],
    ['một khách hàng: mọi dòng mở', bytes(await stats.customerRanking(staff, { ...range, ...page, Top: 0, CustomerCode: 'C0000042' }))],
    ['người dùng: cấp 1–2', bytes(await stats.userRanking(staff, { ...range, ...page, Top: 1, PageSize: 1 }))],
    ['một người dùng: mọi dòng mở', bytes(await stats.userRanking(staff, { ...range, ...page, Top: 0, UserID: 'u42' }))],
    ...(sales
      ? ([
          ['một NV kinh doanh: mọi dòng mở', bytes(await stats.userRanking(staff, { ...range, ...page, Top: 0, SalesUserID: sales.id }))],
        ] as [string, number][])
      : []),
    ['bộ chọn khách hàng', bytes({ payload: await stats.customerOptions(staff, { Search: '' }) })],
    ['bộ chọn người dùng', bytes({ payload: await stats.userOptions(staff, { Search: '', Sales: false }) })],
    ['xu hướng một khách hàng', bytes(await stats.customerChart(staff, { ...range, CustomerCode: 'C0000042' }))],
  ];
  const before = bytes(await stats.customerChart(staff, range));
  return { sizes, before };
}

async function withStatsDatabase<T>(target: Target, orders: number, fn: (database: Database, now: Date) => Promise<T>): Promise<T> {
  const now = new Date();
  const url = target.name === 'PostgreSQL' ? target.env.DATABASE_URL : undefined;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await seedStatsBench(database, orders, now);
      return await fn(database, now);
    } finally {
      await database.close();
    }
  }
  const name = `sp_bench_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
    try {
      await seedStatsBench(database, orders, now);
      return await fn(database, now);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

/** Report users asking 3-year statistics in a loop until `stop`: the ranking screens' calls and the old whole-range one. */
async function reportLoad(base: string, token: string, users: number, stop: { done: boolean }) {
  const range = threeYears(new Date());
  const calls: CallSpec[] = [
    { path: '/api/crm/dashboard_customer_chart_load', token, body: range },
    { path: '/api/crm/dashboard_user_chart_load', token, body: range },
    { path: '/api/crm/customer_ranking', token, body: { ...range, Top: 1, PageSize: 1 } },
    { path: '/api/crm/dashboard_order_chart_load', token, body: range },
  ];
  let answered = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: users }, async (_, i) => {
      for (let n = i; !stop.done; n++) {
        const r = await call(base, calls[n % calls.length] as CallSpec, [503]).catch(() => ({ status: 0 }));
        if (r.status === 503) refused++;
        else answered++;
      }
    }),
  );
  return { answered, refused };
}

export const provider: RowProvider = {
  name: 'stats-scale',
  keys: ['stats-answer-size', 'stats-light-p99'],
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    const smoke = ctx.scale.smoke;
    const postgres = target.name === 'PostgreSQL';
    const orders = smoke
      ? 3_000
      : postgres
        ? Number(process.env.BENCH_STATS_ORDERS ?? 2_000_000)
        : Number(process.env.BENCH_STATS_PGLITE_ORDERS ?? 200_000);
    const { sizes, before } = await withStatsDatabase(target, orders, answerSizes);
    const largest = Math.max(...sizes.map(([, n]) => n));
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

    // Light calls alone, then while report users run 3-year statistics on the shared portal.
    const portal = await ctx.portal(target);
    const adminToken = (await loginToken(portal.url, 'admin', 'Admin@2026')).access_token;
    const staffToken = (await loginToken(portal.url, 'nhanvien', 'Smartport@2026')).access_token;
    const light: CallSpec[] = [
      { path: '/api/auth/me', token: staffToken, body: {} },
      { path: '/api/common/getMenu', token: staffToken, body: {} },
    ];
    const seconds = smoke ? 1 : 20;
    const connections = smoke ? 4 : 20;
    const alone = await load(portal.url, light, { connections, seconds });
    const stop = { done: false };
    const reports = reportLoad(portal.url, adminToken, smoke ? 2 : 8, stop);
    await new Promise((r) => setTimeout(r, smoke ? 200 : 2000));
    const during = await load(portal.url, light, { connections, seconds });
    stop.done = true;
    const r = await reports;
    const lightFailed = during.non2xx + during.errors;
    return [
      {
        key: 'stats-answer-size',
        label: `Câu trả lời thống kê của màn hình theo khách hàng / người dùng, 3 năm theo tháng × 13 cảng, ${orders.toLocaleString('vi-VN')} lệnh`,
        db: target.name,
        figures: `lớn nhất ${kb(largest)} (${sizes.map(([name, n]) => `${name} ${kb(n)}`).join('; ')}); trước đây cả khoảng theo khách hàng ${kb(before)}`,
        budget: '≤ 1 MB mỗi câu trả lời',
        met: smoke ? undefined : largest <= MB,
      },
      {
        key: 'stats-light-p99',
        label: `Lời gọi nhẹ (auth/me, common/getMenu) ${connections} kết nối × ${seconds} s, khi ${smoke ? 2 : 8} người chạy báo cáo 3 năm`,
        db: target.name,
        figures:
          `một mình p99 ${fmtMs(alone.p99)}; khi có báo cáo p99 ${fmtMs(during.p99)}, lỗi/503 ${lightFailed} / ${during.total}; ` +
          `báo cáo trả lời ${r.answered}, từ chối 503 ${r.refused}`,
        budget: 'p99 ≤ 300 ms, lời gọi nhẹ không lỗi',
        met: smoke || !postgres ? undefined : during.p99 <= 300 && lightFailed === 0,
      },
    ];
  },
};
