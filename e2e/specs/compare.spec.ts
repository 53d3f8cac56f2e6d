import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { COMPARE_BATCH_SIZE, compareColumns } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { portContainerPlan } from '../../apps/server/src/db/seed/port-containers.data';
import { containerNumber } from '../../apps/server/src/db/seed/random';
import { grid } from '../fixtures/grid';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

type Values = Record<string, string | null>;
type Expected = 'OK' | 'ERROR' | 'NONE';

/** DD/MM/YYYY HH:mm:ss in Asia/Ho_Chi_Minh (UTC+7 all year), the spec's import format. */
const sheetTime = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(new Date(iso).getTime() + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};
/** HH:mm DD/MM/YYYY, as the screen shows comparison times. */
const screenTime = (iso: string) => {
  const s = sheetTime(iso) as string;
  return `${s.slice(11, 16)} ${s.slice(0, 10)}`;
};

const fields = compareColumns.filter((c) => c.field !== 'CompareStatus');

/** The port's records of the planned containers, read through the call itself (as the admin, all terminals). */
async function portRecords(request: APIRequestContext, count: number): Promise<Values[]> {
  const login = await request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  const token = (await login.json()).access_token as string;
  const numbers = [...new Set(portContainerPlan().map((v) => v.ContainerNo))].slice(0, count);
  const records: Values[] = [];
  for (let i = 0; i < numbers.length; i += COMPARE_BATCH_SIZE) {
    const res = await request.post('/api/common/checkContaierData', {
      headers: { Authorization: `Bearer ${token}` },
      data: { data: numbers.slice(i, i + COMPARE_BATCH_SIZE).map((ContainerNo) => ({ ContainerNo })) },
    });
    expect(res.status()).toBe(200);
    for (const row of (await res.json()).data as { loaded: Values | null }[]) {
      expect(row.loaded).not.toBeNull();
      records.push(row.loaded as Values);
    }
  }
  return records;
}

interface Sheet {
  rows: { values: Values; expected: Expected }[];
  /** A differing row: its container, the vessel name written in the file, the port's. */
  wrongVessel: { ContainerNo: string; written: string; port: string };
  wrongDateIn: { ContainerNo: string; port: string };
}

/** 1,000 rows: 600 as the port has them, 250 with a wrong field, 150 containers the port does not know. */
function buildRows(records: Values[]): Sheet {
  const rows: Sheet['rows'] = [];
  const asSheet = (r: Values): Values => ({ ...r, DateIn: sheetTime(r.DateIn ?? null), DateOut: sheetTime(r.DateOut ?? null) });
  records.slice(0, 600).forEach((r) => {
    rows.push({ values: asSheet(r), expected: 'OK' });
  });
  records.slice(600, 850).forEach((r, i) => {
    const v = asSheet(r);
    if (i % 2 === 0) v.VesselName = `TÀU SAI ${i}`;
    else v.DateIn = sheetTime(new Date(new Date(r.DateIn as string).getTime() + 3_600_000).toISOString());
    rows.push({ values: v, expected: 'ERROR' });
  });
  for (let i = 0; i < 150; i++) {
    rows.push({ values: { ...asSheet(records[i] as Values), ContainerNo: containerNumber('ZZZU', 900_000 + i) }, expected: 'NONE' });
  }
  // A fixed shuffle, so each batch holds all three kinds.
  let seed = 7;
  for (let i = rows.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [rows[i], rows[j]] = [rows[j] as Sheet['rows'][number], rows[i] as Sheet['rows'][number]];
  }
  const vessel = records[600] as Values;
  const date = records[601] as Values;
  return {
    rows,
    wrongVessel: { ContainerNo: vessel.ContainerNo as string, written: 'TÀU SAI 0', port: vessel.VesselName as string },
    wrongDateIn: { ContainerNo: date.ContainerNo as string, port: date.DateIn as string },
  };
}

async function writeWorkbook(path: string, rows: Sheet['rows']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Đối chiếu');
  ws.addRow(fields.map((c) => c.title));
  for (const r of rows) ws.addRow(fields.map((c) => r.values[c.field] ?? null));
  await writeFile(path, new Uint8Array(await wb.xlsx.writeBuffer()));
}

/** The status radio is drawn as buttons: a person clicks the label. */
async function chooseStatus(page: Page, label: string) {
  const group = page.getByRole('radiogroup', { name: 'Lọc theo kết quả đối chiếu' });
  await group.getByText(label, { exact: true }).click();
  await expect(group.getByRole('radio', { name: label })).toBeChecked();
}
const counters = (page: Page) => page.getByRole('status', { name: 'Kết quả đối chiếu' });

test.describe('container data comparison (/common/compare)', () => {
  test('imports a 1,000-row file, checks it in batches with a progress dialog, marks differences, filters and exports', async ({
    page,
    request,
  }) => {
    // 1,000 rows through the browser on a shared two-core machine: allow for a slow one.
    test.setTimeout(300_000);
    const dir = await mkdtemp(join(tmpdir(), 'sp-compare-'));
    const sheet = buildRows(await portRecords(request, 850));
    const file = join(dir, 'doi-chieu-1000.xlsx');
    await writeWorkbook(file, sheet.rows);

    // One batch is lost on the way (its connection drops): it is skipped and reported, the others go on.
    // (a batch other than the ones holding the two rows whose red cells are looked at below)
    const batchOf = (no: string) => Math.floor(sheet.rows.findIndex((r) => r.values.ContainerNo === no) / COMPARE_BATCH_SIZE);
    const watched = new Set([batchOf(sheet.wrongVessel.ContainerNo), batchOf(sheet.wrongDateIn.ContainerNo)]);
    let lostIndex = 1;
    while (watched.has(lostIndex)) lostIndex++;
    const lostBatch = lostIndex * COMPARE_BATCH_SIZE;
    const lostContainer = sheet.rows[lostBatch]?.values.ContainerNo as string;
    const batches: number[] = [];
    await page.route('**/api/common/checkContaierData', async (route) => {
      const body = route.request().postDataJSON() as { data: Values[] };
      batches.push(body.data.length);
      if (body.data[0]?.ContainerNo === lostContainer) await route.abort('connectionreset');
      else {
        // Answers take a moment, as over a real network, so the dialog's counters can be watched.
        await new Promise((done) => setTimeout(done, 250));
        await route.continue();
      }
    });
    const lost = sheet.rows.slice(lostBatch, lostBatch + COMPARE_BATCH_SIZE);
    const expected = (status: Expected) =>
      sheet.rows.filter((r) => r.expected === status).length - lost.filter((r) => r.expected === status).length;

    await signIn(page, 'admin');
    await openMenu(page, 'Danh mục', 'Đối chiếu dữ liệu container');
    await expect(page).toHaveURL(/\/common\/compare$/);
    await expect(page.getByRole('heading', { name: 'Đối chiếu dữ liệu container' })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    await (await chooser).setFiles(file);

    const progress = page.getByRole('dialog').filter({ hasText: 'Đang nhập liệu !' });
    await expect(progress).toBeVisible({ timeout: 60_000 });
    await expect(progress).toContainText(/Trùng khớp: \d+/);
    await expect(progress).toContainText(/Sai Khác: \d+\/1000/);
    await expect(progress).toContainText(/Không tồn tại: \d+/);
    await expect(progress).toBeHidden({ timeout: 120_000 });

    expect(batches.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.max(...batches)).toBe(COMPARE_BATCH_SIZE);
    await expect(page.getByText(`${COMPARE_BATCH_SIZE} dòng chưa được đối chiếu do lỗi`)).toBeVisible();
    // Named by its rows in the sheet (the header is row 1).
    await expect(page.getByText(`Dòng ${lostBatch + 2}–${lostBatch + COMPARE_BATCH_SIZE + 1}:`, { exact: false })).toBeVisible();
    await expect(counters(page)).toContainText(`Trùng khớp: ${expected('OK')}`);
    await expect(counters(page)).toContainText(`Sai Khác: ${expected('ERROR')}`);
    await expect(counters(page)).toContainText(`Không tồn tại: ${expected('NONE')}`);
    await expect(counters(page)).toContainText(`Bỏ qua do lỗi: ${COMPARE_BATCH_SIZE}`);
    await expect(counters(page)).toContainText('1000 / 1000 dòng');

    // A differing cell is red and its hover hint is the port's value.
    const search = page.getByRole('textbox', { name: 'Tìm kiếm' });
    await search.fill(sheet.wrongVessel.ContainerNo);
    const vesselCell = grid(page).getByRole('gridcell', { name: sheet.wrongVessel.written, exact: true });
    await expect(vesselCell).toHaveClass(/sp-compare-diff/);
    await expect(grid(page).getByRole('gridcell', { name: 'Sai Khác', exact: true })).toBeVisible();
    await vesselCell.hover();
    // The tooltip being shown (a previous one may still be fading out).
    const tooltip = page.locator('.ag-tooltip:not(.ag-tooltip-hiding)');
    await expect(tooltip).toHaveText(`Dữ liệu cảng: ${sheet.wrongVessel.port}`);

    await search.fill(sheet.wrongDateIn.ContainerNo);
    const shifted = screenTime(new Date(new Date(sheet.wrongDateIn.port).getTime() + 3_600_000).toISOString());
    const dateCell = grid(page).getByRole('gridcell', { name: shifted, exact: true });
    await expect(dateCell).toHaveClass(/sp-compare-diff/);
    await dateCell.hover();
    await expect(tooltip).toHaveText(`Dữ liệu cảng: ${screenTime(sheet.wrongDateIn.port)}`);
    await page.screenshot({ path: join(dir, 'compare-1366.png') });
    await search.fill('');

    // The status radio filters the grid.
    await chooseStatus(page, 'Không tồn tại');
    await expect(counters(page)).toContainText(`${expected('NONE')} / 1000 dòng`);
    await expect(grid(page).getByRole('gridcell', { name: 'Trùng khớp', exact: true })).toHaveCount(0);
    await expect(grid(page).getByRole('gridcell', { name: 'Không tồn tại', exact: true }).first()).toBeVisible();

    await chooseStatus(page, 'Sai Khác');
    await expect(counters(page)).toContainText(`${expected('ERROR')} / 1000 dòng`);

    // At 800 px the toolbar wraps and stays usable.
    await page.setViewportSize({ width: 800, height: 768 });
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeInViewport();
    await page.screenshot({ path: join(dir, 'compare-800.png') });
    console.log(`Ảnh màn hình: ${dir}`);

    // Export: the rows shown, under the column titles, with the status and the port's values.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const saved = join(dir, 'ket-qua.xlsx');
    await (await download).saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['STT', ...compareColumns.map((c) => c.title), 'Dữ liệu cảng (các ô sai khác)']);
    expect(ws.actualRowCount).toBe(expected('ERROR') + 1);
    const statusCol = header.indexOf('Kết quả đối chiếu') + 1;
    const portCol = header.indexOf('Dữ liệu cảng (các ô sai khác)') + 1;
    for (let n = 2; n <= ws.actualRowCount; n++) {
      expect(ws.getRow(n).getCell(statusCol).value).toBe('Sai Khác');
      expect(String(ws.getRow(n).getCell(portCol).value)).toMatch(/^(Tên tàu|Ngày vào bãi): /);
    }
  });

  test("a file that is not .xlsx is refused with 'Sai định dạng file excel ! '", async ({ page }) => {
    test.setTimeout(120_000);
    const file = join(await mkdtemp(join(tmpdir(), 'sp-compare-')), 'khong-phai-excel.xlsx');
    await writeFile(file, 'Số container;Tên tàu\nMSCU1234565;MSC ANNA\n');
    await signIn(page, 'nhanvien');
    await openMenu(page, 'Danh mục', 'Đối chiếu dữ liệu container');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    await (await chooser).setFiles(file);
    await expect(page.getByRole('dialog')).toContainText('Sai định dạng file excel ! ', { timeout: 30_000 });
  });
});
