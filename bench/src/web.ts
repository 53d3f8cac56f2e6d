// JavaScript per route (raw, gzip and brotli bytes, and what Chromium actually received with which encoding) and
// Largest Contentful Paint in headless Chromium on loopback, each visit with an empty cache.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { launch, visitAs } from './lib/browser';
import { type BenchContext, type Target, webDist } from './lib/context';
import { fmtKB, fmtMs, median } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';

interface Route {
  key: string;
  label: string;
  path: string;
  user: string | null;
  /** Visible when the screen is there. */
  ready: (page: Page) => Locator;
  /** What the user does next to see the screen's point (counted: its scripts are the screen's too). */
  act?: (page: Page) => Promise<void>;
  gzipBudgetKB: number;
  lcpBudgetMs?: number;
}

export const routes: Route[] = [
  {
    key: 'route-login',
    label: '/login',
    path: '/login',
    user: null,
    ready: (p) => p.getByRole('button', { name: 'Đăng nhập' }),
    gzipBudgetKB: 200,
    lcpBudgetMs: 1000,
  },
  {
    key: 'route-home',
    label: 'trang chủ (khách hàng)',
    path: '/',
    user: 'khachhang',
    ready: (p) => p.getByTestId('pending-count'),
    gzipBudgetKB: 300,
    lcpBudgetMs: 1000,
  },
  {
    key: 'route-catalogue',
    label: 'danh mục hãng tàu (quản trị)',
    path: '/common/operation',
    user: 'admin',
    ready: (p) => p.locator('[role=grid],[role=treegrid]'),
    gzipBudgetKB: 400,
  },
  {
    key: 'route-customs-scan',
    label: 'quét qua KVGS (hải quan)',
    path: '/Custom/GateScan',
    user: 'haiquan',
    ready: (p) => p.getByRole('heading', { name: 'CONTAINER ĐỦ ĐIỀU KIỆN QUA KVGS' }),
    gzipBudgetKB: 400,
  },
  {
    key: 'route-stats',
    label: 'thống kê tổng hợp (nhân viên)',
    path: '/CRM/Dashboard',
    user: 'nhanvien',
    ready: (p) => p.getByRole('button', { name: 'Tra cứu' }),
    // ECharts comes with the screen (its figures say 'Không có dữ liệu' until the first 'Tra cứu'); the search draws
    // the doughnuts of the current month, so what drawing needs counts too. The smoke run's few orders may leave the
    // month empty: then no chart is drawn and the row goes on.
    act: async (p) => {
      await p.getByRole('button', { name: 'Tra cứu' }).click();
      await p
        .locator('figure svg')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
    },
    gzipBudgetKB: 400,
  },
];

const compressed = new Map<string, { raw: number; gzip: number; br: number }>();
function sizesOf(path: string) {
  let s = compressed.get(path);
  if (!s) {
    const data = readFileSync(join(webDist, path));
    s = {
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    compressed.set(path, s);
  }
  return s;
}

interface Visit {
  files: string[];
  transferred: number;
  encodings: Set<string>;
  lcp: number;
}

async function visit(browser: Awaited<ReturnType<typeof launch>>, base: string, route: Route): Promise<Visit> {
  const context = await visitAs(browser, base, route.user);
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpWhat: string };
    w.__lcp = 0;
    w.__lcpWhat = '';
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__lcp = e.startTime;
        const el = (e as PerformanceEntry & { element?: Element | null; url?: string }).element;
        w.__lcpWhat = `${el?.tagName ?? '?'} ${(e as PerformanceEntry & { url?: string }).url || (el?.textContent ?? '').slice(0, 60)}`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true } as PerformanceObserverInit);
  });
  const page = await context.newPage();
  const scripts: Promise<{ file: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('.js') || url.origin !== base) return;
    scripts.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        return { file: url.pathname.slice(1), bytes: sizes.responseBodySize, encoding: res?.headers()['content-encoding'] ?? 'không nén' };
      })(),
    );
  });
  await page.goto(`${base}${route.path}`);
  await route.ready(page).first().waitFor({ timeout: 60_000 });
  await route.act?.(page);
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input; a frame or two after the screen settles is enough here.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  if (process.env.BENCH_WEB_FILES) {
    // What the LCP was, and when the page's requests started and ended (ms from navigation), to see what it waited for.
    const what = await page.evaluate(() => (window as unknown as { __lcpWhat: string }).__lcpWhat);
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map(
          (r) =>
            `${Math.round(r.startTime)}–${Math.round((r as PerformanceResourceTiming).responseEnd)} ${r.name.replace(location.origin, '')}`,
        ),
    );
    process.stderr.write(`\n${route.path} LCP ${Math.round(lcp)} ms: ${what}\n  ${timeline.join('\n  ')}\n`);
  }
  const got = await Promise.all(scripts);
  await context.close();
  return {
    files: [...new Set(got.map((g) => g.file))],
    transferred: got.reduce((a, g) => a + g.bytes, 0),
    encodings: new Set(got.map((g) => g.encoding)),
    lcp,
  };
}

export const provider: RowProvider = {
  name: 'web',
  keys: routes.map((r) => r.key),
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    // Bytes and paint do not depend on the database: measured once, on the first.
    if (target !== ctx.targets[0]) return [];
    if (!ctx.hasChromium || !ctx.hasWeb) {
      return routes.map((r) => ({
        key: r.key,
        label: `JavaScript ${r.label}`,
        db: '—',
        figures: 'bỏ qua: không có Chromium hoặc bản build web',
      }));
    }
    const portal = await ctx.portal(target);
    const browser = await launch(ctx);
    const out: BenchRow[] = [];
    try {
      for (const route of routes) {
        const visits: Visit[] = [];
        for (let i = 0; i < ctx.scale.runs; i++) visits.push(await visit(browser, portal.url, route));
        const first = visits[0] as Visit;
        const total = first.files
          .map(sizesOf)
          .reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, br: a.br + s.br }), { raw: 0, gzip: 0, br: 0 });
        const lcp = median(visits.map((v) => v.lcp));
        if (process.env.BENCH_WEB_FILES) {
          const listed = first.files.map((f) => [sizesOf(f).gzip, f] as const).sort((x, y) => y[0] - x[0]);
          process.stderr.write(`\n${route.path}:\n${listed.map(([g, f]) => `  ${fmtKB(g).padStart(7)} ${f}`).join('\n')}\n`);
        }
        const bytesOk = total.gzip <= route.gzipBudgetKB * 1024;
        const lcpOk = route.lcpBudgetMs === undefined || lcp <= route.lcpBudgetMs;
        out.push({
          key: route.key,
          label: `JavaScript ${route.label}: ${first.files.length} tệp`,
          db: '—',
          figures:
            `thô ${fmtKB(total.raw)}, gzip ${fmtKB(total.gzip)}, br ${fmtKB(total.br)}; ` +
            `nhận ${fmtKB(first.transferred)} (${[...first.encodings].join('/')}); LCP ${fmtMs(lcp)}`,
          budget: `gzip ≤ ${route.gzipBudgetKB} KB${route.lcpBudgetMs ? `, LCP ≤ ${fmtMs(route.lcpBudgetMs)}` : ''}`,
          met: ctx.scale.smoke ? undefined : bytesOk && lcpOk,
        });
      }
    } finally {
      await browser.close();
    }
    return out;
  },
};
