// Container comparison (DESIGN.md §7): 10,000 spreadsheet rows checked through `common/checkContaierData`
// in batches of 70 with a few in flight, as the screen sends them; and the batch query against one
// query per row, to show what checking row by row would cost.
import { COMPARE_BATCH_SIZE } from '@smartport/contract';
import { buildApp, createCompareRepository, type Database, portContainerPlan, seedDatabase } from '@smartport/server';

const ROWS = Number(process.env.BENCH_COMPARE_ROWS ?? 10_000);
/** Spec 03 §9: rows per call (COMPARE_BATCH_SIZE, as the screen sends them); the screen keeps a few calls in flight. */
const IN_FLIGHT = 4;

/** Rows as a spreadsheet would have them: known containers (some twice) and about one in six unknown. */
function sheetRows(count: number) {
  const known = [...new Set(portContainerPlan().map((v) => v.ContainerNo))];
  return Array.from({ length: count }, (_, i) => ({
    ContainerNo: i % 6 === 5 ? `ZZZU${String(900000 + i).padStart(7, '0')}` : (known[(i * 7) % known.length] as string),
    VesselName: 'MSC ANNA',
    FE: 'F',
    DateIn: new Date(Date.UTC(2026, 10, 1, 8, 30)).toISOString(),
  }));
}

/** Seeds demo data into `database`, checks the rows, prints the measurements and closes it. */
export async function timeCompare(label: string, database: Database) {
  await seedDatabase(database, { demo: true, seedOrders: 1000 });
  const { app } = await buildApp({
    database,
    seed: false,
    logger: false,
    config: { demo: true, webDist: undefined, redisUrl: undefined, corsOrigins: [], port: 0 },
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { UserID: 'admin', Password: 'Admin@2026' } });
    const token = (login.json() as { access_token: string }).access_token;
    const rows = sheetRows(ROWS);
    const batches: (typeof rows)[] = [];
    for (let i = 0; i < rows.length; i += COMPARE_BATCH_SIZE) batches.push(rows.slice(i, i + COMPARE_BATCH_SIZE));

    const counts = { OK: 0, ERROR: 0, NONE: 0 };
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++] as typeof rows;
        const res = await app.inject({
          method: 'POST',
          url: '/api/common/checkContaierData',
          headers: { authorization: `Bearer ${token}` },
          payload: { data: batch },
        });
        if (res.statusCode !== 200) throw new Error(`checkContaierData ${res.statusCode}: ${res.body}`);
        for (const r of (res.json() as { data: { CompareStatus: keyof typeof counts }[] }).data) counts[r.CompareStatus]++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const callMs = performance.now() - t0;

    // The query alone: one per batch of 70 against one per row.
    const repo = createCompareRepository(database.db);
    const terminals = (await database.query<{ c: string }>('select terminal_code as c from terminals')).map((r) => r.c);
    const t1 = performance.now();
    for (const batch of batches) {
      await repo.latestVisits(
        batch.map((r) => r.ContainerNo),
        terminals,
      );
    }
    const batchQueryMs = performance.now() - t1;
    const t2 = performance.now();
    for (const r of rows) await repo.latestVisits([r.ContainerNo], terminals);
    const perRowMs = performance.now() - t2;

    console.log(
      `${label} – đối chiếu ${ROWS} dòng qua common/checkContaierData (${batches.length} lô × ${COMPARE_BATCH_SIZE}, ${IN_FLIGHT} lô song song): ` +
        `${(callMs / 1000).toFixed(2)} s (${Math.round(ROWS / (callMs / 1000))} dòng/s; ${counts.OK} trùng khớp, ${counts.ERROR} sai khác, ${counts.NONE} không tồn tại); ` +
        `truy vấn theo lô ${(batchQueryMs / 1000).toFixed(2)} s, từng dòng ${(perRowMs / 1000).toFixed(2)} s: theo lô nhanh hơn ${(perRowMs / batchQueryMs).toFixed(1)} lần`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
