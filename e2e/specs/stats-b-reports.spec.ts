import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { MbSummaryRow, RatingAggregateRow, SmpTosRow } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';
import { expectNoSideOverflow } from '../fixtures/stats';

// The statistics read rollups over the demo data; the first answers can take a while on a loaded machine.
const slow = { timeout: 30_000 };
const shots = '/tmp/stats-web-b';

const vnParts = (d: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as { year: string; month: string; day: string };
const today = vnParts(new Date());
/** 'YYYY-MM' of the month `back` months before this one (Vietnam time). */
const monthBack = (back: number) => {
  const m = Number(today.month) - 1 - back;
  const y = Number(today.year) + Math.floor(m / 12);
  return `${y}-${String((((m % 12) + 12) % 12) + 1).padStart(2, '0')}`;
};
const vnd = (n: number) => Math.round(n).toLocaleString('vi-VN');

async function open(page: Page, menu: string, path: RegExp) {
  await signIn(page, 'admin');
  await openMenu(page, 'Thống kê', menu);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: menu, level: 4 })).toBeVisible(slow);
}

/** A call made as the admin, to check the figures the screen shows against the server's own answer. */
async function call<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const login = await page.request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  const token = (await login.json()).access_token as string;
  const res = await page.request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** The bodies the screen sent to one call, as they go. */
function sentBodies(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/${path}`)) bodies.push(JSON.parse(r.postData() ?? '{}'));
  });
  return bodies;
}

/** Rows of the first sheet as text ('|' between cells), a merged range read once. */
async function sheetTexts(path: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const out: string[] = [];
  wb.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((cell) => {
      if (cell.master === cell && cell.value !== null && cell.value !== '') cells.push(String(cell.value));
    });
    out.push(cells.join('|'));
  });
  return out;
}

async function download(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  const path = `${shots}/${file.suggestedFilename()}`;
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

/** The header of §2.6.1 that every report export carries: letterhead, title, range, signatures, time of export. */
function expectReportHeader(lines: string[], title: string, range: RegExp) {
  expect(lines[0]).toMatch(/\S/); // terminal name
  expect(lines[1]).toMatch(/\S/); // English name
  expect(lines[2]).toMatch(/^Địa chỉ: /);
  expect(lines[3]).toMatch(/^Điện thoại: .* - Fax: .* - Web: /);
  expect(lines).toContain(title);
  expect(lines.some((l) => range.test(l))).toBe(true);
  expect(lines.some((l) => /^Ngày xuất: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(l))).toBe(true);
  expect(lines.some((l) => l.includes('Người nhận') && l.includes('Người lập'))).toBe(true);
  expect(lines.filter((l) => l.includes('(Ký, ghi rõ họ tên)')).length).toBeGreaterThan(0);
}

async function screenshots(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${shots}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  // At 800 px nothing sticks out sideways (the tables scroll inside their cards).
  await expectNoSideOverflow(page);
  await page.screenshot({ path: `${shots}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row of an expandable table whose first cell reads `text`. */
const treeRow = (scope: Page | Locator, text: string, level: number) =>
  scope.locator(`tr.ant-table-row-level-${level}`).filter({ hasText: new RegExp(`^${escapeRe(text)}`) });
const expand = (row: Locator) => row.locator('.ant-table-row-expand-icon').first().click();

test.describe('statistics reports (spec 02 §2.6–2.7)', () => {
  test.describe.configure({ timeout: 240_000 });

  test("'Chi tiết đánh giá khách hàng': defaults, average = total / count, overview and detail modals on Enter, notes, warning, export header", async ({
    page,
  }) => {
    await open(page, 'Chi tiết đánh giá khách hàng', /\/Report\/Rating$/);
    await expect(page.getByLabel('Từ ngày')).toHaveValue(`01/01/${today.year}`);
    await expect(page.getByLabel('Đến ngày')).toHaveValue(`${today.day}/${today.month}/${today.year}`);
    await expect(page.getByRole('group', { name: 'Cảng' }).getByRole('button', { name: 'Bỏ chọn tất cả' })).toBeVisible(slow);

    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const answer = await call<{ payload: RatingAggregateRow[] }>(page, 'crm/TotalRating', {
      fromdate: `${today.year}-01-01 00:00:00`,
      todate: `${today.year}-${today.month}-${today.day} 23:59:59`,
    });
    const rated = answer.payload.find((r) => r.QuestionCode !== 0 && r.CountRating > 0);
    const notes = answer.payload.find((r) => r.QuestionCode === 0);
    expect(rated, 'demo ratings this year').toBeTruthy();
    if (!rated) return;
    const row = page.getByRole('row').filter({ hasText: rated.QuestionName });
    await expect(row.locator('[col-id="count"]')).toHaveText(vnd(rated.CountRating), slow);
    await expect(row.locator('[col-id="total"]')).toHaveText(vnd(rated.TotalRating));
    const average = (rated.TotalRating / rated.CountRating).toLocaleString('vi-VN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(row.locator('[col-id="average"]')).toHaveText(average);

    // Overview: 5, 4, 3, 2, 1 stars with their counts; OK is bound to Enter.
    await row.getByRole('button', { name: `Tổng quan: ${rated.QuestionName}` }).click();
    const overview = page.getByRole('dialog', { name: `Tổng quan đánh giá: ${rated.QuestionName}` });
    const items = overview.getByRole('listitem');
    await expect(items).toHaveCount(5);
    await expect(items.nth(0)).toHaveAccessibleName(`5 sao: ${rated.Count5Rating}`);
    await expect(items.nth(4)).toHaveAccessibleName(`1 sao: ${rated.Count1Rating}`);
    await page.screenshot({ path: `${shots}/rating-overview.png` });
    await page.keyboard.press('Enter');
    await expect(overview).toBeHidden();

    // Detail: one line per rating of the criterion, time as YYYY-MM-DD HH:mm:ss; Enter closes it.
    await row.getByRole('button', { name: `Chi tiết: ${rated.QuestionName}` }).click();
    const detail = page.getByRole('dialog', { name: `Chi tiết đánh giá: ${rated.QuestionName}` });
    // Every rating of the criterion is a row (the grid counts its header row too).
    await expect(detail.getByRole('grid')).toHaveAttribute('aria-rowcount', String(rated.CountRating + 1), slow);
    await expect(detail.locator('[col-id="time"]').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.screenshot({ path: `${shots}/rating-detail.png` });
    await page.keyboard.press('Enter');
    await expect(detail).toBeHidden();

    // The notes row (QuestionCode 0) has no overview; its detail lists the free-text notes.
    if (notes) {
      const notesRow = page.getByRole('row').filter({ hasText: notes.QuestionName });
      await expect(notesRow.getByRole('button', { name: /^Tổng quan/ })).toHaveCount(0);
      await notesRow.getByRole('button', { name: `Chi tiết: ${notes.QuestionName}` }).click();
      const notesDialog = page.getByRole('dialog', { name: 'Ghi chú đánh giá' });
      await expect(notesDialog.getByRole('columnheader', { name: 'Ghi chú' })).toBeVisible();
      if (notes.CountRating > 0) await expect(notesDialog.locator('[col-id="note"]').nth(1)).not.toBeEmpty(slow);
      await notesDialog.getByRole('button', { name: 'OK' }).click();
      await expect(notesDialog).toBeHidden();
    }

    // Export: the full header of §2.6.1 and the table.
    const file = await download(page, () => page.getByRole('button', { name: 'Xuất Excel' }).click());
    expect(file.name).toBe('Chi tiết đánh giá khách hàng.xlsx');
    const lines = await sheetTexts(file.path);
    expectReportHeader(
      lines,
      'CHI TIẾT ĐÁNH GIÁ KHÁCH HÀNG',
      new RegExp(`^Từ ngày 01/01/${today.year} 00:00:00 đến ngày ${today.day}/${today.month}/${today.year} 23:59:59$`),
    );
    expect(lines.some((l) => l.startsWith('STT|Tiêu chí đánh giá|Điểm trung bình|Tổng điểm|Số lượt đánh giá'))).toBe(true);
    expect(lines.some((l) => l.includes(rated.QuestionName))).toBe(true);
    await screenshots(page, 'rating');

    // A refused search (from after to) warns 'Không tìm thấy dữ liệu.'.
    await page.getByLabel('Từ ngày').click();
    await page.getByLabel('Từ ngày').fill(`31/12/${Number(today.year) + 1}`);
    await page.getByLabel('Từ ngày').press('Enter');
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(page.getByText('Không tìm thấy dữ liệu.').first()).toBeVisible(slow);
  });

  test("'Thống kê tổng hợp - MB': 5 months to this month, GML off at first, cards drive the charts, sorted expandable table, export header", async ({
    page,
  }) => {
    const sent = sentBodies(page, 'crm/dashboard_mb_chart_load');
    await open(page, 'Thống kê tổng hợp - MB', /\/Report\/MBSummary$/);
    await expect(page.getByRole('radiogroup', { name: 'Loại thời gian' }).getByRole('radio', { name: 'Tháng' })).toBeChecked();
    await expect(page.getByLabel('Từ', { exact: true })).toHaveValue(monthBack(5));
    await expect(page.getByLabel('Đến', { exact: true })).toHaveValue(monthBack(0));
    const chips = page.getByRole('group', { name: 'Cảng' });
    await expect(chips.getByRole('button', { name: 'GML', exact: true })).toHaveAttribute('aria-pressed', 'false', slow);
    await expect(chips.getByRole('button', { name: 'NDP', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // The silent preload goes 1 s after the page opens, already without GML.
    await expect.poll(() => sent.length, slow).toBeGreaterThan(0);
    expect(sent[0]?.terminalList).not.toContain('GML');
    expect(sent[0]?.terminalList).toContain('NDP');

    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const body = sent.at(-1) as Record<string, unknown>;
    const answer = await call<{ data: Record<string, MbSummaryRow[]> }>(page, 'crm/dashboard_mb_chart_load', body);
    const rows = Object.values(answer.data).flat();
    const fee = rows.reduce((s, r) => s + r.ThanhToan, 0);
    const count = rows.reduce((s, r) => s + r.SoLuong, 0);
    expect(count, 'demo MB payments in the last 6 months').toBeGreaterThan(0);
    const feeCard = page.getByRole('button', { name: 'Tổng phí dịch vụ' });
    await expect(feeCard).toHaveAttribute('aria-pressed', 'true');
    await expect(feeCard).toContainText(`${vnd(fee)} VNĐ`, slow);
    const countCard = page.getByRole('button', { name: 'Số lượng thanh toán' });
    await expect(countCard).toContainText(`${vnd(count)} giao dịch`);
    await expect(page.getByRole('figure', { name: 'Tỷ trọng Tổng phí dịch vụ theo cảng' })).toBeVisible();
    await countCard.click();
    await expect(countCard).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('figure', { name: 'Tỷ trọng Số lượng thanh toán theo cảng' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Số lượng thanh toán theo kỳ' })).toBeVisible();

    // The busiest shown period, expanded: its terminals by payment count, descending; no zero rows, no GML.
    const [label, periodRows] = Object.entries(answer.data)
      .filter(([, r]) => r.some((x) => x.SoLuong > 0))
      .sort((a, b) => b[1].reduce((s, r) => s + r.SoLuong, 0) - a[1].reduce((s, r) => s + r.SoLuong, 0))[0] as [string, MbSummaryRow[]];
    const periodRow = treeRow(page, label, 0);
    await expect(periodRow).toBeVisible();
    await expand(periodRow);
    const expected = periodRows
      .filter((r) => r.SoLuong || r.TongTien || r.ThanhToan)
      .sort((a, b) => b.SoLuong - a.SoLuong || a.TerminalCode.localeCompare(b.TerminalCode))
      .map((r) => r.TerminalCode);
    await expect(page.locator('tr.ant-table-row-level-1 td:first-child')).toHaveText(expected);
    expect(expected).not.toContain('GML');
    for (const [l, r] of Object.entries(answer.data)) {
      if (!r.some((x) => x.SoLuong || x.TongTien || x.ThanhToan)) await expect(treeRow(page, l, 0)).toHaveCount(0);
    }

    const file = await download(page, () => page.getByRole('button', { name: 'Xuất Excel' }).click());
    const lines = await sheetTexts(file.path);
    expectReportHeader(lines, 'THỐNG KÊ TỔNG HỢP - MB', /^Từ ngày 01\/\d{2}\/\d{4} 00:00:00 đến ngày \d{2}\/\d{2}\/\d{4} 23:59:59$/);
    expect(lines.some((l) => l.startsWith(`${label}|`))).toBe(true);
    await screenshots(page, 'mb-summary');
  });

  test("usage report: 'Chưa tải dữ liệu', job type 'Tất cả' omits JobType, cards split SMARTPORT and TOS, three-level table", async ({
    page,
  }) => {
    const sent = sentBodies(page, 'crm/sum_tos_smp');
    const preloads = sentBodies(page, 'crm/TosSmp_order_chart_load');
    await open(page, 'Thống kê sử dụng theo loại tác nghiệp', /\/Report\/Usage$/);
    await expect(page.getByText('Chưa tải dữ liệu').first()).toBeVisible();
    await expect.poll(() => preloads.length, slow).toBeGreaterThan(0);
    await expect(page.getByRole('group', { name: 'Cảng' }).getByRole('button', { name: 'Bỏ chọn tất cả' })).toBeVisible(slow);
    await page.getByRole('radiogroup', { name: 'Loại thời gian' }).getByText('Năm', { exact: true }).click();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect.poll(() => sent.length, slow).toBe(1);
    expect(sent[0]).not.toHaveProperty('JobType');
    const answer = await call<{ data: Record<string, SmpTosRow[]> }>(page, 'crm/sum_tos_smp', sent[0] as Record<string, unknown>);
    const rows = Object.values(answer.data).flat();
    const smp = rows.reduce((s, r) => s + r.SmpOrderCount, 0);
    const tos = rows.reduce((s, r) => s + r.TosOrderCount, 0);
    expect(smp, 'SMARTPORT orders this year').toBeGreaterThan(0);
    expect(tos, 'TOS orders this year').toBeGreaterThan(0);
    const ordersCard = page.getByRole('button', { name: 'Tổng lệnh' });
    await expect(ordersCard).toHaveAttribute('aria-pressed', 'true');
    await expect(ordersCard).toContainText(`${vnd(smp + tos)} lệnh`, slow);
    await expect(ordersCard).toContainText(`SMARTPORT: ${vnd(smp)} · TOS: ${vnd(tos)}`);
    const doughnut = page.getByRole('figure', { name: 'Tỷ trọng SMARTPORT / TOS', exact: true });
    await expect(doughnut).toContainText('%');
    await expect(page.getByRole('figure', { name: 'Tỷ trọng SMARTPORT / TOS theo cảng' })).toBeVisible();

    const [label] = Object.entries(answer.data).find(([, r]) => r.length > 0) as [string, SmpTosRow[]];
    await expand(treeRow(page, label, 0));
    const firstTerminal = page.locator('tr.ant-table-row-level-1').first();
    await expand(firstTerminal);
    await expect(page.locator('tr.ant-table-row-level-2').first()).toBeVisible();
    await expect(page.locator('tr.ant-table-row-level-2').first()).toContainText('%');
    await screenshots(page, 'usage');

    // A job type is sent as JobType.
    await page.getByRole('radiogroup', { name: 'Loại tác nghiệp' }).getByText('Nâng hạ', { exact: true }).click();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect.poll(() => sent.at(-1)?.JobType, slow).toBe('nh');
  });

  test('approval report TỰ ĐỘNG / DUYỆT TAY and the §2.7 dashboard: sorted terminals, three levels, export titled THỐNG KÊ', async ({
    page,
  }) => {
    await open(page, 'Thống kê duyệt lệnh theo loại tác nghiệp', /\/Report\/Approval$/);
    await expect(page.getByRole('group', { name: 'Cảng' }).getByRole('button', { name: 'Bỏ chọn tất cả' })).toBeVisible(slow);
    await page.getByRole('button', { name: 'Tra cứu' }).first().click();
    const ordersCard = page.getByRole('button', { name: 'Tổng lệnh' }).first();
    await expect(ordersCard).toContainText('TỰ ĐỘNG: ', slow);
    await expect(ordersCard).toContainText('DUYỆT TAY: ');
    await expect(page.getByRole('figure', { name: 'Tỷ trọng TỰ ĐỘNG / DUYỆT TAY', exact: true })).toContainText('%');

    // §2.7 at the end of the screen: its own ports and query.
    const dashboard = page.locator('.ant-card').filter({ has: page.getByRole('group', { name: 'Danh sách cảng' }) });
    await expect(dashboard.getByText("Chọn cảng và bấm 'Tra cứu'")).toBeVisible();
    await dashboard.getByRole('checkbox', { name: 'GML' }).uncheck();
    const sent = sentBodies(page, 'crm/sum_cms_smp');
    await dashboard.getByRole('button', { name: 'Tra cứu' }).click();
    await expect.poll(() => sent.length, slow).toBeGreaterThan(0);
    const body = sent.at(-1) as Record<string, unknown>;
    expect(body.terminalList).not.toContain('GML');
    expect(body).not.toHaveProperty('JobType');
    const answer = await call<{ data: Record<string, SmpTosRow[]> }>(page, 'crm/sum_cms_smp', body);
    const [label, rows] = Object.entries(answer.data).find(([, r]) => r.length > 0) as [string, SmpTosRow[]];
    const byTerminal = new Map<string, number>();
    for (const r of rows) byTerminal.set(r.TerminalCode, (byTerminal.get(r.TerminalCode) ?? 0) + r.SmpOrderCount + r.TosOrderCount);
    const expected = [...byTerminal.entries()]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([c]) => c);

    const periodRow = treeRow(dashboard, label, 0);
    await expect(periodRow).toBeVisible(slow);
    const auto = rows.reduce((s, r) => s + r.SmpOrderCount, 0);
    const manual = rows.reduce((s, r) => s + r.TosOrderCount, 0);
    const pct = (n: number) =>
      auto + manual ? (Math.round((n / (auto + manual)) * 10_000) / 100).toLocaleString('vi-VN', { minimumFractionDigits: 2 }) : '0,00';
    await expect(periodRow).toContainText(`${vnd(auto)} (${pct(auto)}%)`);
    await expect(periodRow).toContainText(`${vnd(manual)} (${pct(manual)}%)`);
    await expect(periodRow).toContainText(`${vnd(auto + manual)} (100,00%)`);
    await expand(periodRow);
    await expect(dashboard.locator('tr.ant-table-row-level-1 td:first-child')).toHaveText(expected);
    const first = dashboard.locator('tr.ant-table-row-level-1').first();
    await expand(first);
    await expect(dashboard.locator('tr.ant-table-row-level-2').first()).toBeVisible();
    // The plus/minus icon folds it again.
    await first.locator('.ant-table-row-expand-icon').first().click();
    await expect(dashboard.locator('tr.ant-table-row-level-2')).toHaveCount(0);

    const file = await download(page, () => dashboard.getByRole('button', { name: 'Xuất Excel' }).click());
    const lines = await sheetTexts(file.path);
    expectReportHeader(lines, 'THỐNG KÊ', /^Từ ngày 01\/\d{2}\/\d{4} 00:00:00 đến ngày \d{2}\/\d{2}\/\d{4} 23:59:59$/);
    expect(lines.some((l) => l.startsWith(`${label}|${auto}|`))).toBe(true);
    await screenshots(page, 'approval');
  });
});
