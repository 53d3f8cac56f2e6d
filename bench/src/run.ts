// `npm run bench`: one table of the measurements of docs/performance.md, on PGlite and, with BENCH_DATABASE_URL,
// on PostgreSQL; ratios measured side by side in the same run, absolute figures as medians of the runs.
// `npm run bench -- --smoke`: the same rows at tiny counts in seconds (npm test runs it; no figure is judged).
// `--only=api,web`: only those providers; `--postgres-only`: skip PGlite (with BENCH_DATABASE_URL).
//
// Rows come from the row providers listed in providers.ts (one import and one entry there adds rows).
import { spawnSync } from 'node:child_process';
import { BenchContext, pgliteTarget, postgresTarget, root, scales, type Target } from './lib/context';
import { type BenchRow, formatTable } from './lib/table';
import { providers } from './providers';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = only ? providers.filter((p) => only.includes(p.name)) : providers;

if (!process.env.BENCH_NO_BUILD) spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { cwd: root, stdio: 'inherit' });

const ctxTmp = new BenchContext(smoke ? scales.smoke : scales.full, []);
const url = process.env.BENCH_DATABASE_URL;
const targets: Target[] = url && args.includes('--postgres-only') ? [] : [pgliteTarget(ctxTmp.tmp)];
if (url) targets.push(await postgresTarget(url, ctxTmp.tmp));
const ctx = Object.assign(ctxTmp, { targets }) as BenchContext;

const rows: BenchRow[] = [];
let failed = false;
const started = performance.now();
try {
  for (const target of targets) {
    for (const p of chosen) {
      const t0 = performance.now();
      process.stderr.write(`bench: ${p.name} trên ${target.name}…`);
      try {
        rows.push(...(await p.rows(ctx, target)));
      } catch (err) {
        failed = true;
        for (const key of p.keys)
          rows.push({ key, label: `${p.name}: LỖI`, db: target.name, figures: String((err as Error).stack ?? err).slice(0, 400) });
      }
      process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    await ctx.stopPortal(target);
  }
} finally {
  await ctx.close().catch(() => undefined);
}

console.log(
  `\nSmartPort bench${smoke ? ' (--smoke: số đếm nhỏ, không đánh giá)' : ''} — ${new Date().toISOString()}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (!url) console.log('PostgreSQL: bỏ qua (đặt BENCH_DATABASE_URL để đo).');
console.log(formatTable(rows));
process.exit(failed ? 1 : 0);
