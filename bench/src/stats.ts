// Statistics bench: seeds N orders over three years × 13 terminals in bulk, then times each
// statistics answer from the rollups and the same answer from the raw rows (median of several runs) and prints
// the ratio. A row provider for `npm run bench` (`statsRows`), runnable alone:
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/src/stats.ts --orders 2000000 [--pglite-orders 200000] [--runs 7]
// On PostgreSQL it works in a fresh database of that server (dropped afterwards).
import { randomBytes } from 'node:crypto';
import {
  type AuthUser,
  createStatsRepository,
  createStatsService,
  type Database,
  jobModeSeed,
  openDatabase,
  type StatsService,
  seedDatabase,
} from '@smartport/server';
import pg from 'pg';
import type { BenchContext, Target } from './lib/context';
import type { BenchRow, RowProvider } from './lib/table';

export interface StatsBenchRow {
  name: string;
  rollupMedianMs: number;
  rawMedianMs: number;
  ratio: number;
}

const TERMINALS = ['NDP', 'NDV', 'NHP', 'NHI', 'GML', 'BDP', 'VMD', 'ASL', 'STD', 'PMD', 'PIP', 'IC3', 'GNL'];
const CUSTOMERS = 500;
const USERS = 800;
const DAY = 86_400_000;

/**
 * Bulk-seeds `orders` orders spread over the three years before `now` across the 13 terminals (500
 * customers, 800 users, 11 job modes, 70 % SMARTPORT / 30 % TOS, 80 % automatic approval, 5 % cancelled),
 * 1–2 containers each, an MB payment with its fee for a third of them, ratings for a twentieth; all with
 * `generate_series` in a few statements, the rollup triggers off, then one rollup rebuild.
 */
export async function seedStatsBench(database: Database, orders: number, now = new Date()): Promise<{ seedMs: number; rebuildMs: number }> {
  const q = database.query;
  await seedDatabase(database, { demo: false, seedOrders: 0 });
  await q(
    `insert into job_modes (job_mode_code, job_mode_name, is_lolo, is_cfs_stuff, is_cfs_unstuff, is_cfs_change, is_service_yard, is_service_non_cont, extra_mode)
     select * from unnest($1::text[], $2::text[], $3::bool[], $4::bool[], $5::bool[], $6::bool[], $7::bool[], $8::bool[], $9::int[]) on conflict do nothing`,
    Array.from({ length: 9 }, (_, col) => jobModeSeed.map((j) => j[col])),
  );
  await q(`insert into customers (customer_code, tax_code, customer_name)
           select 'C' || lpad(g::text, 7, '0'), lpad((100000000 + g * 7919)::text, 10, '0'), 'Khách hàng ' || g from generate_series(1, ${CUSTOMERS}) g
           on conflict do nothing`);
  await q(
    `insert into questions (question_code, question_name) select g, 'Tiêu chí ' || g from generate_series(1, 5) g on conflict do nothing`,
  );
  const t0 = performance.now();
  const tables = ['orders', 'order_containers', 'payments', 'ratings'];
  for (const t of tables) await q(`alter table ${t} disable trigger user`);
  try {
    const end = now.getTime();
    const span = 3 * 365 * DAY;
    // Hash-like spreading by multiplication keeps every column deterministic and independent enough.
    await q(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
                           is_auto_approved, skip_approval, source, created_by, created_time)
       select 'B' || lpad(g::text, 9, '0'), 'P' || g,
              ($1::text[])[(1 + (g * 7) % 13)::int],
              'C' || lpad((1 + (g * 7919) % ${CUSTOMERS})::text, 7, '0'),
              ($2::text[])[(1 + (g * 31) % 11)::int],
              'M',
              case when g % 20 = 0 then 'D' when g % 20 = 1 then 'A' when g % 20 = 2 then 'P' else 'C' end,
              650000 + (g % 7) * 110000,
              (g * 13) % 10 < 8, true,
              case when (g * 17) % 10 < 7 then 'SMP' else 'TOS' end,
              'u' || ((g * 104729) % ${USERS}),
              to_timestamp(($3::float8 - ((g::bigint * 7777) % $4::bigint)::float8 * ($5::float8 / $4::float8)) / 1000.0)
         from generate_series(1::bigint, $4::bigint) g`,
      [TERMINALS, jobModeSeed.map((j) => j[0]), end, orders, span],
    );
    await q(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu)
       select 'B' || lpad(g::text, 9, '0'), 'BNCU' || lpad((g * 2 + k)::text, 7, '0'), case when k = 1 then '22G1' else '45G1' end, 'F', k
         from generate_series(1::bigint, $1::bigint) g, generate_series(1, (1 + g % 2)::int) k`,
      [orders],
    );
    await q(
      `insert into payments (order_no, partner_code, idempotency_key, amount, status, transaction_id, created_time, completed_time, user_id, service_fee)
       select o.order_no, 'MB', 'b-' || o.order_no, o.total_amount, 1, 'FT' || o.order_no, o.created_time, o.created_time, o.created_by,
              greatest(1100, round(o.total_amount * 0.0011 / 100) * 100)
         from orders o where o.order_status in ('P', 'C') and right(o.order_no, 1) in ('0', '3', '6')`,
    );
    await q(
      `insert into ratings (terminal_code, user_id, customer_code, order_no, pin_code, job_mode_code, question_code, rating, created_time)
       select o.terminal_code, o.created_by, o.customer_code, o.order_no, o.pin_code, o.job_mode_code, qn, 1 + (qn + length(o.order_no) + ascii(right(o.order_no, 1))) % 5,
              o.created_time + interval '1 hour'
         from orders o, generate_series(1, 5) qn where right(o.order_no, 2) = '17'`,
    );
  } finally {
    for (const t of tables) await q(`alter table ${t} enable trigger user`);
  }
  const seedMs = performance.now() - t0;
  const t1 = performance.now();
  await createStatsRepository(database).rebuild();
  const rebuildMs = performance.now() - t1;
  // Planner statistics for the fresh tables (PGlite has no autovacuum to gather them).
  await q('analyze');
  return { seedMs, rebuildMs };
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up (plans, caches)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

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

/** The statistics questions timed: the first is the budget's one-year month-by-terminal dashboard. */
function cases(now: Date) {
  const day = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
  const y = now.getUTCFullYear() - 1;
  const year = { loadType: 'month' as const, fromTime: `${y}-01-01 00:00:00`, toTime: `${y}-12-31 23:59:59` };
  const lastMonth = day(now.getTime() - 30 * DAY);
  return [
    { name: 'crm/dashboard_order_chart_load (1 năm theo tháng × 13 cảng)', run: (s: StatsService) => s.orderChart(staff, year) },
    {
      name: 'crm/dashboard_order_chart_load (3 năm theo quý)',
      run: (s: StatsService) => s.orderChart(staff, { ...year, loadType: 'quarter', fromTime: `${y - 2}-01-01` }),
    },
    {
      name: 'crm/dashboard_order_chart_load (30 ngày theo ngày)',
      run: (s: StatsService) => s.orderChart(staff, { loadType: 'day', fromTime: lastMonth, toTime: day(now.getTime()) }),
    },
    {
      name: 'crm/dashboard_customer_chart_load (1 cảng, 1 tháng)',
      run: (s: StatsService) =>
        s.customerChart(staff, { loadType: 'month', terminalList: ['NDP'], fromTime: `${y}-06-01`, toTime: `${y}-06-30` }),
    },
    {
      name: 'crm/dashboard_customer_chart_load (1 khách hàng, 1 năm)',
      run: (s: StatsService) => s.customerChart(staff, { ...year, CustomerCode: 'C0000042' }),
    },
    {
      name: 'crm/dashboard_user_chart_load (1 cảng, 1 tháng)',
      run: (s: StatsService) =>
        s.userChart(staff, { loadType: 'month', terminalList: ['NDP'], fromTime: `${y}-06-01`, toTime: `${y}-06-30` }),
    },
    { name: 'crm/dashboard_mb_chart_load (1 năm)', run: (s: StatsService) => s.mbChart(staff, year) },
    { name: 'crm/sum_tos_smp (1 năm)', run: (s: StatsService) => s.tosSmp(staff, year) },
    { name: 'crm/sum_cms_smp (1 năm, nh)', run: (s: StatsService) => s.cmsSmp(staff, { ...year, JobType: 'nh' }) },
    { name: 'crm/TotalRating (1 năm)', run: (s: StatsService) => s.totalRating(staff, { fromdate: `${y}-01-01`, todate: `${y}-12-31` }) },
    {
      name: 'personal_info/order_summary (1 năm)',
      run: (s: StatsService) => s.orderSummary({ ...staff, UserID: 'u42' }, { fromDate: `${y}-01-01`, toDate: `${y}-12-31` }),
    },
  ];
}

/** Times every statistics question on a seeded database: rollups vs raw rows, medians and their ratio. */
export async function statsRows(opts: { database: Database; runs?: number; now?: Date }): Promise<StatsBenchRow[]> {
  const repo = createStatsRepository(opts.database);
  const rollup = createStatsService({ repo });
  const raw = createStatsService({ repo, source: repo.raw });
  const runs = opts.runs ?? 7;
  const rows: StatsBenchRow[] = [];
  for (const c of cases(opts.now ?? new Date())) {
    const rollupMedianMs = await median(runs, () => c.run(rollup));
    const rawMedianMs = await median(Math.max(3, Math.floor(runs / 2)), () => c.run(raw));
    rows.push({ name: c.name, rollupMedianMs, rawMedianMs, ratio: rawMedianMs / rollupMedianMs });
  }
  return rows;
}

export function printStatsRows(label: string, orders: number, rows: StatsBenchRow[]) {
  console.log(`\n${label}, ${orders.toLocaleString('vi-VN')} lệnh: trung vị từ bảng tổng hợp / từ dữ liệu gốc / tỷ lệ`);
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(62)} ${r.rollupMedianMs.toFixed(1).padStart(8)} ms ${r.rawMedianMs.toFixed(1).padStart(10)} ms ${r.ratio.toFixed(0).padStart(7)}×`,
    );
  }
}

/** Seeds and times on a fresh database (a new PostgreSQL database of `url`, dropped afterwards; or an in-memory PGlite). */
export async function benchStats(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }, orders: number, runs = 7) {
  const now = new Date();
  if (target.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const s = await seedStatsBench(database, orders, now);
      console.log(
        `PGlite: ${orders} lệnh tạo trong ${(s.seedMs / 1000).toFixed(1)} s, bảng tổng hợp dựng lại trong ${(s.rebuildMs / 1000).toFixed(1)} s`,
      );
      const rows = await statsRows({ database, runs, now });
      printStatsRows('PGlite', orders, rows);
      return rows;
    } finally {
      await database.close();
    }
  }
  const name = `sp_bench_stats_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(target.url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
    try {
      const s = await seedStatsBench(database, orders, now);
      console.log(
        `PostgreSQL: ${orders} lệnh tạo trong ${(s.seedMs / 1000).toFixed(1)} s, bảng tổng hợp dựng lại trong ${(s.rebuildMs / 1000).toFixed(1)} s`,
      );
      const rows = await statsRows({ database, runs, now });
      printStatsRows('PostgreSQL', orders, rows);
      return rows;
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Stable row keys (the smoke test checks each is printed): one per statistics question, in case order. */
export const statsKeys = cases(new Date()).map((_, i) => `stats-${String(i + 1).padStart(2, '0')}`);

/** The headline question: a one-year month-by-terminal dashboard (budget ≤ 50 ms, ratio ≥ 50×). */
const HEADLINE = 0;

/**
 * `npm run bench` rows: rollups vs raw rows on a fresh statistics database per target — 2,000,000 orders on
 * PostgreSQL and 200,000 on PGlite (BENCH_STATS_ORDERS / BENCH_STATS_PGLITE_ORDERS), a few thousand in smoke mode.
 */
export const provider: RowProvider = {
  name: 'statistics (rollups vs raw rows)',
  keys: statsKeys,
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    const smoke = ctx.scale.smoke;
    const postgres = target.name === 'PostgreSQL';
    const orders = smoke
      ? 3_000
      : postgres
        ? Number(process.env.BENCH_STATS_ORDERS ?? 2_000_000)
        : Number(process.env.BENCH_STATS_PGLITE_ORDERS ?? 200_000);
    const url = target.env.DATABASE_URL;
    const rows = await benchStats(postgres && url ? { kind: 'postgres', url } : { kind: 'pglite' }, orders, smoke ? 1 : 7);
    return rows.map((r, i) => {
      const headline = i === HEADLINE;
      return {
        key: statsKeys[i] as string,
        label: `${r.name}, ${orders.toLocaleString('vi-VN')} lệnh`,
        db: target.name,
        figures: `tổng hợp ${r.rollupMedianMs.toFixed(1)} ms · gốc ${r.rawMedianMs.toFixed(1)} ms`,
        ratio: `${r.ratio.toFixed(0)}×`,
        ...(headline && postgres ? { budget: '≤ 50 ms, ≥ 50×' } : {}),
        ...(headline && postgres && !smoke ? { met: r.rollupMedianMs <= 50 && r.ratio >= 50 } : {}),
      };
    });
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const orders = Number(flag('orders') ?? 2_000_000);
  const pgliteOrders = Number(flag('pglite-orders') ?? 200_000);
  const runs = Number(flag('runs') ?? 7);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await benchStats({ kind: 'postgres', url }, orders, runs);
  else console.log('PostgreSQL: bỏ qua (đặt BENCH_DATABASE_URL để đo).');
  if (pgliteOrders > 0) await benchStats({ kind: 'pglite' }, pgliteOrders, runs);
}
