// API rows: the catalogue list call through the portal against the bare node:http + database baseline (same SQL,
// same JSON, same connections, runs interleaved), the heaviest home call, and a 50-row catalogue save.
import type { BenchContext, Target } from './lib/context';
import { call, fmtMs, fmtRate, fmtRatio, load, loginToken, median } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';

const LIST = '/api/common/getOperationList';

export async function listRows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
  const { scale } = ctx;
  const portal = await ctx.portal(target);
  const admin = await loginToken(portal.url, 'admin', 'Admin@2026');
  const portalCall = { path: LIST, token: admin.access_token, body: {} };
  // Same answer, byte for byte: the baseline does the same work.
  const [a, b] = await Promise.all([
    fetch(`${portal.url}${LIST}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.text()),
    fetch(`${portal.bareUrl}${LIST}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) =>
      r.text(),
    ),
  ]);
  if (a !== b) throw new Error(`the bare baseline answers differently from the portal:\n${a.slice(0, 300)}\n${b.slice(0, 300)}`);
  const opts = { connections: scale.connections, seconds: scale.seconds };
  // Warm both (JIT, connection pool, caches), then alternate so both see the same machine.
  await load(portal.url, [portalCall], { ...opts, seconds: Math.min(2, scale.seconds) });
  await load(portal.bareUrl, [{ path: LIST }], { ...opts, seconds: Math.min(2, scale.seconds) });
  const p: Awaited<ReturnType<typeof load>>[] = [];
  const q: Awaited<ReturnType<typeof load>>[] = [];
  for (let i = 0; i < scale.runs; i++) {
    p.push(await load(portal.url, [portalCall], opts));
    q.push(await load(portal.bareUrl, [{ path: LIST }], opts));
  }
  const bad = [...p, ...q].reduce((n, r) => n + r.errors + r.non2xx, 0);
  const pr = median(p.map((r) => r.rps));
  const qr = median(q.map((r) => r.rps));
  const overhead = qr / pr;
  const rows = JSON.parse(a).payload.length;
  return [
    {
      key: 'list-call',
      label: `Danh sách common/getOperationList (${rows} dòng, ${scale.connections} kết nối): cổng ÷ http+SQL trần`,
      db: target.name,
      figures:
        `cổng ${fmtRate(pr)} p50 ${fmtMs(median(p.map((r) => r.p50)))} p99 ${fmtMs(median(p.map((r) => r.p99)))}; ` +
        `trần ${fmtRate(qr)} p50 ${fmtMs(median(q.map((r) => r.p50)))} p99 ${fmtMs(median(q.map((r) => r.p99)))}` +
        (bad ? `; ${bad} lỗi` : ''),
      ratio: fmtRatio(overhead),
      budget: target.name === 'PostgreSQL' ? '≤ 1.5×, cổng ≥ 2,500/s' : '≤ 1.5×',
      met: scale.smoke ? undefined : overhead <= 1.5 && bad === 0 && (target.name !== 'PostgreSQL' || pr >= 2500),
    },
  ];
}

export async function homeRows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
  const { scale } = ctx;
  const portal = await ctx.portal(target);
  const customer = await loginToken(portal.url, 'khachhang', 'Smartport@2026');
  const home = { path: '/api/tracking/DashboadEirSevTracking', token: customer.access_token, body: {} };
  const first = await call<{ payload: { OrderNo: string }[] }>(portal.url, home);
  const orders = new Set(first.body.payload.map((r) => r.OrderNo)).size;
  const opts = { connections: Math.min(10, scale.connections), seconds: scale.seconds };
  await load(portal.url, [home], { ...opts, seconds: Math.min(1, scale.seconds) });
  const runs: Awaited<ReturnType<typeof load>>[] = [];
  for (let i = 0; i < scale.runs; i++) runs.push(await load(portal.url, [home], opts));
  const bad = runs.reduce((n, r) => n + r.errors + r.non2xx, 0);
  return [
    {
      key: 'home-pending',
      label: `Trang chủ: lệnh chờ thanh toán của khách hàng (${orders} lệnh, ${first.body.payload.length} dòng; ${opts.connections} kết nối)`,
      db: target.name,
      figures: `${fmtRate(median(runs.map((r) => r.rps)))} p50 ${fmtMs(median(runs.map((r) => r.p50)))} p99 ${fmtMs(median(runs.map((r) => r.p99)))}${bad ? `; ${bad} lỗi` : ''}`,
    },
  ];
}

export async function saveRows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
  const { scale } = ctx;
  const portal = await ctx.portal(target);
  const admin = await loginToken(portal.url, 'admin', 'Admin@2026');
  const token = admin.access_token;
  const rowsOf = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      OperationCode: `BN${String(i).padStart(3, '0')}`,
      OperationName: `Hãng tàu đo hiệu năng ${i}`,
      IsActive: true,
      IsEDO: i % 2 === 0,
      IsLF: i % 3 === 0 ? 'L' : 'F',
      MoneyCredit: i % 4 === 0 ? 'C' : 'M',
    }));
  // The first save inserts the rows; each later one edits all of them (as a person saving an edited grid does).
  const t0 = performance.now();
  const inserted = await call<{ payload: { Rowguid: string }[] }>(portal.url, {
    path: '/api/common/updateOperationList',
    token,
    body: { data: rowsOf(scale.saveRows) },
  });
  const insertMs = performance.now() - t0;
  let saved = inserted.body.payload;
  const times: number[] = [];
  for (let i = 0; i < scale.saveCalls; i++) {
    const edited = saved.map((r, j) => ({
      ...rowsOf(scale.saveRows)[j],
      Rowguid: r.Rowguid,
      OperationName: `Hãng tàu đo hiệu năng ${j} lần ${i}`,
    }));
    const t = performance.now();
    const res = await call<{ payload: { Rowguid: string }[] }>(portal.url, {
      path: '/api/common/updateOperationList',
      token,
      body: { data: edited },
    });
    times.push(performance.now() - t);
    saved = res.body.payload;
  }
  await call(portal.url, { path: '/api/common/deleteOperationList', token, body: { data: saved.map((r) => ({ Rowguid: r.Rowguid })) } });
  const sorted = [...times].sort((x, y) => x - y);
  return [
    {
      key: 'catalogue-save',
      label: `Lưu danh mục hãng tàu ${scale.saveRows} dòng (sửa cả ${scale.saveRows}, ${scale.saveCalls} lần liên tiếp)`,
      db: target.name,
      figures: `p50 ${fmtMs(median(times))} p99 ${fmtMs(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number)}; thêm mới ${fmtMs(insertMs)}`,
    },
  ];
}

export const provider: RowProvider = {
  name: 'api',
  keys: ['list-call', 'home-pending', 'catalogue-save'],
  async rows(ctx, target) {
    return [...(await listRows(ctx, target)), ...(await homeRows(ctx, target)), ...(await saveRows(ctx, target))];
  },
};
