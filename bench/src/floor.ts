// The floor under a route's JavaScript: the smallest app the chosen stack (DESIGN.md §3) can build for a grid screen
// and for a chart screen, with no SmartPort code but the product's own registrations of the grid's modules and the
// charts' parts. React, ReactDOM, react-router's data router, React Query, i18next and one antd Button inside antd's
// ConfigProvider, plus AG Grid (apps/web's ag-grid-setup.ts) or ECharts (apps/web's stats/shared/echarts.ts). Built
// with vite as the web app is, gzip -9 as the portal serves. A route's budget below its floor cannot be met by any
// code of ours: the bench prints the floor beside the budget so the number is measured, not argued.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type BenchContext, root, type Target } from './lib/context';
import { fmtKB } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';

const web = join(root, 'apps/web/src');

/** The frame every signed-in screen needs from the stack: router, queries, texts, antd's provider and a button. */
const frame = (screen: string) => `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Button, ConfigProvider } from 'antd';
${screen}
void i18n.use(initReactI18next).init({ lng: 'vi', resources: { vi: { translation: { title: 'Màn hình' } } } });
function Page() {
  const { t } = useTranslation();
  return h('main', null, h(Button, null, t('title')), h(Screen));
}
const router = createBrowserRouter([{ path: '/', element: h(Page) }]);
createRoot(document.getElementById('root')).render(
  h(QueryClientProvider, { client: new QueryClient() },
    h(ConfigProvider, { theme: { token: { colorPrimary: '#0b63b6' } } }, h(RouterProvider, { router }))),
);
`;

const apps = [
  {
    key: 'floor-grid',
    label: 'Sàn của ngăn xếp cho màn hình lưới (React, router, React Query, i18next, antd Button, AG Grid)',
    screen: `
import { AgGridReact } from 'ag-grid-react';
import { gridTheme } from '${web}/components/data-grid/ag-grid-setup.ts';
function Screen() {
  return h(AgGridReact, { theme: gridTheme, rowData: [{ a: 1 }], columnDefs: [{ field: 'a' }] });
}`,
  },
  {
    key: 'floor-stats',
    label: 'Sàn của ngăn xếp cho màn hình thống kê (React, router, React Query, i18next, antd Button, DatePicker, Table, ECharts)',
    // Spec 02 §2.3: period pickers, doughnuts and an expandable table by period and terminal.
    screen: `
import { useEffect, useRef } from 'react';
import { DatePicker, Table } from 'antd';
import { echarts } from '${web}/features/stats/shared/echarts.ts';
function Screen() {
  const el = useRef(null);
  useEffect(() => {
    const chart = echarts.init(el.current, null, { renderer: 'svg' });
    chart.setOption({ series: [{ type: 'pie', data: [{ name: 'a', value: 1 }] }] });
    return () => chart.dispose();
  }, []);
  return h('section', null,
    h(DatePicker.RangePicker, { picker: 'month' }),
    h('div', { ref: el, style: { height: 300 } }),
    h(Table, { rowKey: 'k', columns: [{ title: 'Kỳ', dataIndex: 'k' }], dataSource: [{ k: '2026-11', children: [{ k: 'NDP' }] }] }));
}`,
  },
] as const;

/** Builds one app in a folder under the repository's node_modules (so its imports resolve) and gzips its scripts. */
async function buildFloor(name: string, screen: string): Promise<{ raw: number; gzip: number; br: number }> {
  const { build } = await import('vite');
  const dir = join(root, 'node_modules/.cache', `smartport-floor-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.ts"></script>');
    writeFileSync(join(dir, 'main.ts'), frame(screen));
    const outDir = join(dir, 'dist');
    await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const assets = join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    let raw = 0;
    let gzip = 0;
    let br = 0;
    for (const f of scripts) {
      const data = readFileSync(join(assets, f));
      raw += data.length;
      gzip += gzipSync(data, { level: 9 }).length;
      br += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { raw, gzip, br };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The heaviest screens are judged against 400 KB gzip (web.ts); their floor is printed against the same figure. */
const ROUTE_BUDGET_KB = 400;

export const provider: RowProvider = {
  name: 'floor',
  keys: apps.map((a) => a.key),
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    if (target !== ctx.targets[0]) return [];
    const out: BenchRow[] = [];
    for (const app of apps) {
      const { raw, gzip, br } = await buildFloor(app.key, app.screen);
      out.push({
        key: app.key,
        label: app.label,
        db: '—',
        figures: `thô ${fmtKB(raw)}, gzip ${fmtKB(gzip)}, br ${fmtKB(br)} (không có mã SmartPort)`,
        ratio: `${(gzip / 1024 / ROUTE_BUDGET_KB).toFixed(2)}× của ${ROUTE_BUDGET_KB} KB`,
        budget: `không có (đo để so với gzip ≤ ${ROUTE_BUDGET_KB} KB của các màn hình nặng)`,
      });
    }
    return out;
  },
};
