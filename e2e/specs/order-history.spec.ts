import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Lịch sử lệnh' (menu 'Tác nghiệp'): the demo customer `khachhang` lists its orders of every status, filters them, opens
// one order's detail (charges, invoice, QR link, timeline), exports the filtered list; the home page's 'Lệnh gần đây'
// leads there; a customs officer has no such screen. Only the demo data is read: orders other specs add change nothing here.
const SHOTS = '/tmp/order-history-shots';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

const table = (page: Page) => page.getByRole('table').first();
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('the customer finds its orders of every status, opens one and exports what it filtered', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, 'khachhang', '/', { timeout: 40_000 });

  // The menu entry under 'Tác nghiệp'.
  await openMenu(page, 'Tác nghiệp', 'Lịch sử lệnh');
  await expect(page).toHaveURL(/\/Order\/History$/);
  await expect(page.getByRole('heading', { name: 'Lịch sử lệnh' })).toBeVisible();
  await expect(page).toHaveTitle(/^Lịch sử lệnh - /);

  // Home: the recent orders of every status, and the way to the whole history.
  await openMenu(page, 'Trang chủ');
  await page.getByRole('tab', { name: 'Lệnh gần đây' }).click();
  const recent = page.getByRole('tabpanel', { name: 'Lệnh gần đây' });
  await expect(recent.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await recent.getByRole('link', { name: 'Xem toàn bộ lịch sử lệnh' }).click();
  await expect(page).toHaveURL(/\/Order\/History$/);
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Tổng \d+ lệnh$/)).toBeVisible();
  await shots(page, 'list');

  // Approved orders only ('Đã duyệt'): every row says so.
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Trạng thái') }), 'Đã duyệt');
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(async () => {
    const statuses = await rows(page).locator('td:nth-child(5)').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    for (const s of statuses) expect(s).toContain('Đã duyệt');
  }).toPass({ timeout: 20_000 });

  // One of them by its PIN (the part before the dash is what is shown and what the customer types).
  const first = rows(page).first();
  const orderNo = (await first.locator('td').nth(0).innerText()).trim();
  const pin = (await first.locator('td').nth(1).innerText()).trim();
  expect(pin).not.toContain('-');
  await page.getByLabel('Mã PIN').fill(pin);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(rows(page)).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText('Tổng 1 lệnh')).toBeVisible();

  // Its detail: status, invoice, QR and link, containers, timeline.
  await page.getByRole('button', { name: `Xem ${orderNo}` }).click();
  const drawer = page.getByRole('dialog', { name: `Lệnh ${orderNo}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Đã duyệt').first()).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByRole('table', { name: 'Hóa đơn', exact: true })).toContainText('Đã phát hành');
  await expect(drawer.getByRole('link', { name: 'Mở liên kết xem lệnh' })).toHaveAttribute('href', /\/order\/[\w.-]+$/);
  await expect(drawer.getByRole('button', { name: 'Tải mã QR' })).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Container', exact: true })).toBeVisible();
  const timeline = drawer.getByLabel('Diễn biến');
  await expect(timeline).toContainText('Tạo lệnh');
  await expect(timeline).toContainText('Phát hành hóa đơn');
  await shots(page, 'detail');

  // The QR downloads as a picture.
  const qr = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Tải mã QR' }).click();
  expect((await qr).suggestedFilename()).toBe(`QR-${orderNo}.png`);

  // The public link opens the order without signing in.
  const href = (await drawer.getByRole('link', { name: 'Mở liên kết xem lệnh' }).getAttribute('href')) as string;
  await drawer.getByRole('button', { name: 'Đóng' }).first().click();
  await expect(drawer).toBeHidden();

  // 'Xuất Excel': exactly the filtered order, from the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0];
  expect(sheet?.rowCount).toBe(2);
  expect(sheet?.getRow(1).values).toContain('Số lệnh');
  expect(sheet?.getRow(2).values).toContain(orderNo);

  const pub = await page.context().newPage();
  await pub.goto(href);
  await expect(pub.getByText(orderNo).first()).toBeVisible({ timeout: 20_000 });
  await pub.close();

  // A period that holds nothing says so.
  await page.getByRole('button', { name: 'Xóa điều kiện' }).click();
  await page.getByLabel('Mã PIN').fill('00000000');
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(table(page)).toContainText('Không có lệnh nào khớp điều kiện lọc.', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeDisabled();
});

test('the list pages and sorts on the server', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'khachhang', '/Order/History', { timeout: 40_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  const total = Number(/\d+/.exec(await page.getByText(/^Tổng \d+ lệnh$/).innerText())?.[0]);
  expect(total).toBeGreaterThan(20);
  await expect(rows(page)).toHaveCount(20);
  const firstPage = await rows(page).locator('td:first-child').allInnerTexts();
  await page.locator('.ant-pagination-item-2').click();
  await expect(async () => {
    const second = await rows(page).locator('td:first-child').allInnerTexts();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((n) => firstPage.includes(n))).toEqual([]);
  }).toPass({ timeout: 20_000 });

  // 'Tổng tiền' ascending: amounts grow down the page, from the first page on.
  await page.getByRole('columnheader', { name: /Tổng tiền/ }).click();
  await expect(async () => {
    const amounts = (await rows(page).locator('td:nth-child(8)').allInnerTexts()).map((s) => Number(s.replace(/\D/g, '')));
    expect(amounts.length).toBe(20);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  }).toPass({ timeout: 20_000 });
});

test('a customs officer has no order history: the screen is refused', async ({ page }) => {
  await signIn(page, 'haiquan', '/Order/History', { timeout: 40_000 });
  await expect(page.getByText('Bạn không có quyền truy cập trang này.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByText('Lịch sử lệnh', { exact: true })).toHaveCount(0);
});
