// Container comparison (DESIGN.md §7, ≤ 3 s end to end): N spreadsheet rows checked through
// `common/checkContaierData` in batches of 70 with 4 in flight, as the screen sends them; and end to end in
// Chromium, from choosing the file on /common/compare to the last counter.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COMPARE_BATCH_SIZE, compareColumns } from '@smartport/contract';
import { portContainerPlan } from '@smartport/server';
import ExcelJS from 'exceljs';
import { launch, visitAs } from './lib/browser';
import type { BenchContext, Target } from './lib/context';
import { fmtMs, fmtRate, fmtRatio, loginToken, median } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';

/** The screen keeps a few calls in flight (features/compare/CompareRunner). */
const IN_FLIGHT = 4;

/** Rows as a spreadsheet would have them: known containers (some twice) and about one in six unknown. */
function sheetRows(count: number) {
  const known = [...new Set(portContainerPlan().map((v) => v.ContainerNo))];
  return Array.from({ length: count }, (_, i) => ({
    ContainerNo: i % 6 === 5 ? `ZZZU${String(900000 + i).padStart(7, '0')}` : (known[(i * 7) % known.length] as string),
    VesselName: 'MSC ANNA',
    FE: 'F',
  }));
}

async function throughApi(base: string, token: string, rows: ReturnType<typeof sheetRows>) {
  const batches: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += COMPARE_BATCH_SIZE) batches.push(rows.slice(i, i + COMPARE_BATCH_SIZE));
  let next = 0;
  let checked = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as typeof rows;
      const res = await fetch(`${base}/api/common/checkContaierData`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: batch }),
      });
      if (res.status !== 200) throw new Error(`checkContaierData ${res.status}: ${await res.text()}`);
      checked += ((await res.json()) as { data: unknown[] }).data.length;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (checked !== rows.length) throw new Error(`checked ${checked} of ${rows.length} rows`);
  return performance.now() - t0;
}

async function workbook(path: string, rows: ReturnType<typeof sheetRows>) {
  const fields = compareColumns.filter((c) => c.field !== 'CompareStatus');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Đối chiếu');
  ws.addRow(fields.map((c) => c.title));
  for (const r of rows) ws.addRow(fields.map((c) => (r as Record<string, string>)[c.field] ?? null));
  await writeFile(path, new Uint8Array(await wb.xlsx.writeBuffer()));
}

async function inChromium(ctx: BenchContext, base: string, file: string, count: number): Promise<number[]> {
  const browser = await launch(ctx);
  const times: number[] = [];
  try {
    for (let i = 0; i < ctx.scale.runs; i++) {
      const context = await visitAs(browser, base, 'admin');
      const page = await context.newPage();
      await page.goto(`${base}/common/compare`);
      await page.getByRole('button', { name: 'Nhập Excel' }).waitFor({ timeout: 60_000 });
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Nhập Excel' }).click();
      const fc = await chooser;
      const t0 = performance.now();
      await fc.setFiles(file);
      await page.waitForFunction(
        (n) => {
          const el = document.querySelector('[role="status"][aria-label="Kết quả đối chiếu"]');
          const sum = [...(el?.textContent ?? '').matchAll(/(?:Trùng khớp|Sai Khác|Không tồn tại): (\d+)/g)].reduce(
            (a, m) => a + Number(m[1]),
            0,
          );
          return sum === n;
        },
        count,
        { polling: 20, timeout: 120_000 },
      );
      times.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

export const provider: RowProvider = {
  name: 'compare',
  keys: ['compare-api', 'compare-chromium'],
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    const n = ctx.scale.compareRows;
    const portal = await ctx.portal(target);
    const { access_token } = await loginToken(portal.url, 'admin', 'Admin@2026');
    const rows = sheetRows(n);
    await throughApi(portal.url, access_token, rows.slice(0, COMPARE_BATCH_SIZE * IN_FLIGHT));
    const api: number[] = [];
    for (let i = 0; i < ctx.scale.runs; i++) api.push(await throughApi(portal.url, access_token, rows));
    const apiMs = median(api);
    const out: BenchRow[] = [
      {
        key: 'compare-api',
        label: `Đối chiếu ${n.toLocaleString('en-US')} dòng qua API (lô ${COMPARE_BATCH_SIZE}, ${IN_FLIGHT} lô song song)`,
        db: target.name,
        figures: `${fmtMs(apiMs)} (${fmtRate(n / (apiMs / 1000))} dòng)`,
        budget: '≤ 3 s',
        met: ctx.scale.smoke ? undefined : apiMs <= 3000,
      },
    ];
    if (!ctx.hasChromium || !ctx.hasWeb) {
      out.push({
        key: 'compare-chromium',
        label: 'Đối chiếu trong Chromium',
        db: target.name,
        figures: 'bỏ qua: không có Chromium hoặc bản build web',
      });
      return out;
    }
    const file = join(ctx.tmp, `compare-${n}.xlsx`);
    await workbook(file, rows);
    const ui = median(await inChromium(ctx, portal.url, file, n));
    out.push({
      key: 'compare-chromium',
      label: `Đối chiếu ${n.toLocaleString('en-US')} dòng trong Chromium: chọn tệp → bộ đếm cuối`,
      db: target.name,
      figures: fmtMs(ui),
      ratio: `${fmtRatio(ui / apiMs)} API`,
      budget: '≤ 3 s',
      met: ctx.scale.smoke ? undefined : ui <= 3000,
    });
    return out;
  },
};
