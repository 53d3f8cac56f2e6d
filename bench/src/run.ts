// `npm run bench`: seeding speed of the demo data generator (bulk `unnest` inserts) and container comparison, on PGlite and,
// with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL. Prints ratios measured in one run.
import { randomBytes } from 'node:crypto';
import { openDatabase, seedDatabase, seedDemoData } from '@smartport/server';
import pg from 'pg';
import { timeCompare } from './compare';

const orders = Number(process.env.BENCH_ORDERS ?? 50_000);

async function timeSeed(label: string, target: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(target);
  await seedDatabase(database, { demo: false, seedOrders: 0 });
  const t0 = performance.now();
  await seedDemoData(database, { orders });
  const ms = performance.now() - t0;
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from order_containers');
  // Row-by-row for comparison: 500 single-row inserts of the same shape.
  const t1 = performance.now();
  for (let i = 0; i < 500; i++) {
    await database.query(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, total_amount)
       values ($1, $2, 'NDP', 'C0000001', 'TRAR', 'M', 650000)`,
      [`BENCH${i}`, `P${i}`],
    );
  }
  const perRowMs = (performance.now() - t1) / 500;
  await database.close();
  const perOrderMs = ms / orders;
  console.log(
    `${label}: ${orders} lệnh + ${row?.n ?? 0} container trong ${(ms / 1000).toFixed(1)} s ` +
      `(${Math.round(orders / (ms / 1000))} lệnh/s); chèn từng dòng chậm hơn ${(perRowMs / perOrderMs).toFixed(1)} lần`,
  );
}

await timeSeed('PGlite', { kind: 'pglite' });
await timeCompare('PGlite', await openDatabase({ kind: 'pglite' }));

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const name = `sp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    await timeSeed('PostgreSQL', { kind: 'postgres', url: u.toString() });
    const compareDb = `${name}_cmp`;
    await admin.query(`create database ${compareDb}`);
    try {
      u.pathname = `/${compareDb}`;
      await timeCompare('PostgreSQL', await openDatabase({ kind: 'postgres', url: u.toString() }));
    } finally {
      await admin.query(`drop database ${compareDb} with (force)`);
    }
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL: bỏ qua (đặt BENCH_DATABASE_URL để đo).');
}
