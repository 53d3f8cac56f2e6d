import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { type StatsRow, statsMeasures } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { demo, loginAs } from '../fixtures/portal';
import { test } from '../fixtures/server';

// The statistics read rollups over the demo orders; the first answers can take a while on a loaded machine.
const slow = { timeout: 30_000 };
const shots = '/tmp/stats-web-a';

/** The current year as the year picker sends it (Vietnam time). */
const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric' }).format(new Date());

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await loginAs(page, 'admin');
  await expect(page).toHaveTitle(title, slow);
}

async function chooseYear(page: Page) {
  await page.getByRole('radiogroup', { name: 'Loại thời gian' }).getByText('Năm', { exact: true }).click();
}

/** A table row by the key the table writes on it (period 'p:<label>', terminal 't:<label>:<code>'). */
const rowByKey = (page: Page, key: string) => page.locator(`tr[data-key="${key}"]`);
const expand = (row: Locator) => row.locator('.ant-table-row-expand-icon').click();

/** The dashboard's answer read through the call itself, to check the figures the screen shows. */
async function orderStats(page: Page, body: Record<string, unknown>) {
  const login = await page.request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  const token = (await login.json()).access_token as string;
  const res = await page.request.post('/api/crm/dashboard_order_chart_load', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status()).toBe(200);
  return (await res.json()) as { success: boolean; data: Record<string, StatsRow[]> };
}

/** Rows of the first sheet as text, a merged range read once. */
async function sheetTexts(path: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const out: string[] = [];
  wb.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((cell) => {
      if (cell.master === cell && cell.value !== null) cells.push(String(cell.value));
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

async function screenshots(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.describe('CRM dashboards (spec 02 §2.3–2.5)', () => {
  test.describe.configure({ timeout: 240_000 });

  test("'Thống kê tổng hợp': cards switch the doughnuts, the table expands by terminal, the export has its header", async ({ page }) => {
    await open(page, '/CRM/Dashboard', 'Thống kê tổng hợp');
    const terminals = page.getByRole('group', { name: 'Cảng' });
    // All terminals at first: the button offers to deselect them all.
    await expect(terminals.getByRole('button', { name: 'Bỏ chọn tất cả' })).toBeVisible(slow);
    await chooseYear(page);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const periodRow = rowByKey(page, `p:Năm ${year}`);
    await expect(periodRow).toBeVisible(slow);
    await expect(periodRow).toContainText('100,00%');

    // The orders card shows the answer's total (rows with a group flag only).
    const answer = await orderStats(page, { loadType: 'year', fromTime: `${year}-01-01 00:00:00`, toTime: `${year}-12-31 23:59:59` });
    const m = statsMeasures(Object.values(answer.data).flat());
    expect(m.ord_).toBeGreaterThan(0);
    const ordCard = page.getByRole('button', { name: 'Tổng lệnh' });
    await expect(ordCard).toHaveAttribute('aria-pressed', 'true');
    await expect(ordCard).toContainText(`${m.ord_.toLocaleString('vi-VN')} Lệnh`);
    await expect(page.getByRole('figure', { name: 'Nâng hạ – Tổng lệnh' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Đóng rút – Tổng lệnh' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Dịch vụ – Tổng lệnh' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Nâng hạ – Tổng lệnh' })).toContainText(
      `Tổng lệnh: ${m.ord_nh.toLocaleString('vi-VN')} Lệnh`,
    );

    // The revenue card switches the charts and the table to revenue.
    await page.getByRole('button', { name: 'Doanh thu' }).click();
    await expect(page.getByRole('button', { name: 'Doanh thu' })).toHaveAttribute('aria-pressed', 'true');
    const revenueChart = page.getByRole('figure', { name: 'Nâng hạ – Doanh thu' });
    await expect(revenueChart).toBeVisible();
    await expect(revenueChart).toContainText(`${m.sum_nh.toLocaleString('vi-VN')} VNĐ`);
    await expect(page.getByRole('columnheader', { name: 'Tổng (VNĐ)' })).toBeVisible();
    await expect(periodRow).toContainText(m.sum_.toLocaleString('vi-VN'));

    // Expanding the period shows its terminals with their shares.
    await expand(periodRow);
    const terminalRows = page.locator(`tr[data-key^="t:Năm ${year}:"]`);
    await expect(terminalRows.first()).toBeVisible();
    await expect(terminalRows.first()).toContainText('%');
    await screenshots(page, 'dashboard');

    // Excel export: letterhead, title of the chosen measure, range, header row.
    const file = await download(page, () => page.getByRole('button', { name: 'Xuất Excel' }).click());
    expect(file.name).toBe('THỐNG KÊ DOANH THU TỔNG HỢP.xlsx');
    const texts = await sheetTexts(file.path);
    expect(texts).toContain('THỐNG KÊ DOANH THU TỔNG HỢP');
    expect(texts).toContain(`Từ ngày 01/01/${year} 00:00:00 đến ngày 31/12/${year} 23:59:59`);
    expect(texts).toContain('Kỳ / Cảng|Nâng hạ|Đóng rút|Dịch vụ|Tổng (VNĐ)|Tỷ trọng (%)');
    expect(texts.some((t) => t.startsWith(`Năm ${year}|`))).toBe(true);
    expect(texts.some((t) => t.includes('Người nhận') && t.includes('Người lập'))).toBe(true);

    // Deselecting every terminal: the button then offers to select them all; the search sends an empty list.
    await terminals.getByRole('button', { name: 'Bỏ chọn tất cả' }).click();
    await expect(terminals.getByRole('button', { name: 'Chọn tất cả' })).toBeVisible();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(page.getByRole('figure', { name: 'Nâng hạ – Doanh thu' })).toContainText('Không có dữ liệu');
    await expect(periodRow).toHaveCount(0);
  });

  test('an unsuccessful summary shows the server message', async ({ page }) => {
    await open(page, '/CRM/Dashboard', 'Thống kê tổng hợp');
    await page.getByRole('radiogroup', { name: 'Loại thời gian' }).getByText('Chọn ngày', { exact: true }).click();
    const from = page.getByRole('textbox', { name: 'Từ' });
    await from.click();
    await from.fill(`${Number(year) - 2}-01-01`);
    await from.press('Enter');
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(page.getByText('Khoảng thời gian quá dài: tối đa 400 kỳ thống kê')).toBeVisible(slow);
  });

  test("'Thống kê theo khách hàng': rank filter, rows on expand, trend modal, detail modal with export, not-found notice", async ({
    page,
  }) => {
    await open(page, '/CRM/CustomerReport', 'Thống kê theo khách hàng');
    await chooseYear(page);
    const rank = page.getByRole('radiogroup', { name: 'Xếp hạng' });
    await expect(rank.getByRole('radio', { name: 'Top 5' })).toBeChecked();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const periodRow = rowByKey(page, `p:Năm ${year}`);
    await expect(periodRow).toBeVisible(slow);
    await expect(periodRow).toContainText('100,00%');
    // Rows start collapsed; expanding a terminal loads its ranked customers (Top 5 at most).
    await expect(page.locator(`tr[data-key^="t:Năm ${year}:"]`)).toHaveCount(0);
    await expand(periodRow);
    const firstTerminal = page.locator(`tr[data-key^="t:Năm ${year}:"]`).first();
    const terminalKey = (await firstTerminal.getAttribute('data-key')) as string;
    await expand(firstTerminal);
    const customers = page.locator(`tr[data-key^="${terminalKey}:"][data-level="3"]`);
    await expect(customers.first()).toBeVisible(slow);
    const count = await customers.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    await expect(customers.first().getByRole('button', { name: 'Hạng 1', exact: true })).toBeVisible();
    await expect(customers.first().locator('[data-bar]')).toHaveCount(3);
    // Top 3 keeps ranks 1–3.
    await rank.getByText('Top 3', { exact: true }).click();
    await expect.poll(() => customers.count()).toBeLessThanOrEqual(3);
    await screenshots(page, 'customer-report');

    // The rank number opens the trend: one line per active terminal and the red total.
    const firstName = (await customers.first().locator('td').nth(1).innerText()).trim();
    await customers.first().getByRole('button', { name: 'Hạng 1', exact: true }).click();
    const trend = page.getByRole('dialog');
    await expect(trend).toContainText(`Biểu đồ tổng lệnh ${firstName} từ 01/01/${year} đến 31/12/${year}`, slow);
    await expect(trend.getByRole('figure')).toContainText('Tổng', slow);
    await page.screenshot({ path: `${shots}/customer-trend-1366.png` });
    await trend.getByRole('button', { name: /close|Đóng/i }).click();
    await expect(trend).toBeHidden();

    // The row's detail button: 'Thông tin chi tiết' with the order lines, exported as 'Chi tiết thống kê'.
    await customers
      .first()
      .getByRole('button', { name: `Xem chi tiết ${firstName}` })
      .click();
    const detail = page.getByRole('dialog', { name: 'Thông tin chi tiết' });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(firstName);
    await expect(detail.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(slow);
    await page.screenshot({ path: `${shots}/customer-detail-1366.png` });
    const detailFile = await download(page, () => detail.getByRole('button', { name: 'Xuất Excel' }).click());
    expect(detailFile.name).toBe('Chi tiết thống kê.xlsx');
    const detailTexts = await sheetTexts(detailFile.path);
    expect(detailTexts).toContain('CHI TIẾT THỐNG KÊ');
    expect(detailTexts.some((t) => t.startsWith('STT|Số lệnh / PIN|Số container|'))).toBe(true);
    await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Đóng' }).click();
    await expect(detail).toBeHidden();

    // The ranking export is titled by the measure.
    const file = await download(page, () => page.getByRole('button', { name: 'Xuất Excel' }).click());
    expect(file.name).toBe('THỐNG KÊ TỔNG LỆNH THEO KHÁCH HÀNG.xlsx');
    const texts = await sheetTexts(file.path);
    expect(texts).toContain('THỐNG KÊ TỔNG LỆNH THEO KHÁCH HÀNG');
    expect(texts).toContain('Hạng|Kỳ|Loại khách hàng|Nâng hạ|Đóng rút|Dịch vụ|Tổng|Tỷ trọng (%)');

    // Choosing a customer forces 'all' and opens every row; with no terminal it is not found: the red notice, Enter closes it.
    const selector = page.getByRole('combobox', { name: 'Khách hàng' });
    await selector.click();
    await selector.fill(firstName);
    await page.locator('.ant-select-item-option', { hasText: firstName }).first().click();
    await expect(rank.getByRole('radio', { name: 'Tất cả' })).toBeChecked();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(page.locator(`tr[data-key^="t:Năm ${year}:"] + tr[data-level="3"]`).first()).toBeVisible(slow);
    await page.getByRole('group', { name: 'Cảng' }).getByRole('button', { name: 'Bỏ chọn tất cả' }).click();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const notice = page.getByRole('dialog', { name: 'Thông báo!' });
    await expect(notice).toContainText(`Không tìm thấy khách hàng ${firstName} trong thống kê !`, slow);
    await page.screenshot({ path: `${shots}/customer-notfound-1366.png` });
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
  });

  test("'Thống kê theo người dùng': 'NV kinh doanh' column, sales-person filter opens every row", async ({ page }) => {
    await open(page, '/CRM/UserReport', 'Thống kê theo người dùng');
    await chooseYear(page);
    await expect(page.getByRole('combobox', { name: 'Nhân viên kinh doanh' })).toBeVisible();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const periodRow = rowByKey(page, `p:Năm ${year}`);
    await expect(periodRow).toBeVisible(slow);
    await expect(page.getByRole('columnheader', { name: 'NV kinh doanh' })).toBeVisible();
    await expand(periodRow);
    const firstTerminal = page.locator(`tr[data-key^="t:Năm ${year}:"]`).first();
    await expand(firstTerminal);
    await expect(page.locator('tr[data-level="3"]').first()).toBeVisible(slow);

    const sales = page.getByRole('combobox', { name: 'Nhân viên kinh doanh' });
    await sales.click();
    const option = page.locator('.ant-select-item-option').first();
    const salesName = (await option.innerText()).trim();
    await option.click();
    await expect(page.getByRole('radiogroup', { name: 'Xếp hạng' }).getByRole('radio', { name: 'Tất cả' })).toBeChecked();
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const users = page.locator('tr[data-level="3"]');
    await expect(users.first()).toBeVisible(slow);
    // Every user row left lists the chosen sales person.
    const cells = await users.locator('td:nth-child(3)').allInnerTexts();
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c).toContain(salesName);
    await screenshots(page, 'user-report');

    const file = await download(page, () => page.getByRole('button', { name: 'Xuất Excel' }).click());
    expect(file.name).toBe('THỐNG KÊ TỔNG LỆNH THEO NGƯỜI DÙNG.xlsx');
    expect(await sheetTexts(file.path)).toContain('THỐNG KÊ TỔNG LỆNH THEO NGƯỜI DÙNG');
  });
});
