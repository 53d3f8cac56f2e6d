// `npx tsx bench/src/profile.ts`: where the portal's time goes on the list call. Starts the portal with
// --cpu-prof (on BENCH_DATABASE_URL, else PGlite), loads `common/getOperationList` for a few seconds, stops it and
// prints the self time grouped by package (and the top functions). Findings: docs/decisions.md.
// PROFILE_CALL=/api/tracking/DashboadEirSevTracking PROFILE_USER=khachhang profiles another call (demo password).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteTarget, postgresTarget, startPortal } from './lib/context';
import { load, loginToken } from './lib/measure';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const dir = mkdtempSync(join(tmpdir(), 'sp-prof-'));
const url = process.env.BENCH_DATABASE_URL;
const target = url ? await postgresTarget(url, dir) : pgliteTarget(dir);
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const portal = await startPortal(
  { ...target.env, SEED_ORDERS: process.env.PROFILE_ORDERS ?? '200' },
  { logFile: join(dir, 'portal.log'), execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
);
try {
  const user = process.env.PROFILE_USER ?? 'admin';
  const { access_token } = await loginToken(portal.url, user, user === 'admin' ? 'Admin@2026' : 'Smartport@2026');
  const path = process.env.PROFILE_CALL ?? '/api/common/getOperationList';
  const r = await load(portal.url, [{ path, token: access_token, body: {} }], { connections: 50, seconds });
  console.log(`${Math.round(r.rps)} req/s p99 ${r.p99} ms under the profiler`);
} finally {
  await portal.stop();
  await target.close();
}
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (u: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (m) return m[1] as string;
  if (u.includes('/apps/server/')) return 'apps/server';
  if (u.includes('/packages/contract/')) return 'packages/contract';
  if (u.startsWith('node:')) return u;
  return u ? 'other' : '(native/idle/gc)';
};
const groups = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id) as Node;
  groups.set(where(n.callFrame.url), (groups.get(where(n.callFrame.url)) ?? 0) + us);
  const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/[^ ]*?\/(apps|packages)\//, '$1/')}:${n.callFrame.lineNumber}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const show = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`Self time by package:\n${show(groups, 25)}\n\nTop functions:\n${show(fns, 40)}\nProfile: ${join(dir, file)}`);
