import { expect, type Page } from '@playwright/test';
import { confirm, editorReady, grid, legend, rowWith } from '../fixtures/grid';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Biểu cước chuẩn' (/config/StandardTariff) and 'Biểu cước hợp đồng' (/config/ContractTariff) for port staff.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

async function open(page: Page, title: string, path: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Menu' });
  if (await nav.getByText(title, { exact: true }).isVisible()) await nav.getByText(title, { exact: true }).click();
  else await openMenu(page, 'Cấu hình', title);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await expect(grid(page).getByRole('gridcell').first()).toBeVisible({ timeout: 30_000 });
}

/** Scrolls the grid sideways until column `col` is drawn (the grid draws only the columns in view). */
async function reveal(page: Page, col: string) {
  const header = grid(page).locator(`.ag-header-cell[col-id="${col}"]`);
  const scroller = page.locator('.ag-body-horizontal-scroll-viewport').first();
  if (!(await header.count())) await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(async () => {
    if (await header.count()) return;
    await scroller.evaluate((el) => el.scrollBy({ left: 250 }));
    await expect(header).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await header.scrollIntoViewIfNeeded();
}

/** Types into the new (top) row's cell of column `col`. */
async function type(page: Page, col: string, text: string) {
  await reveal(page, col);
  await grid(page).locator(`[row-index="0"] [col-id="${col}"]`).dblclick();
  await editorReady(page, { timeout: 30_000 });
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Picks `option` in the new (top) row's choice cell of column `col`. */
async function pick(page: Page, col: string, option: string) {
  await reveal(page, col);
  const cell = grid(page).locator(`[row-index="0"] [col-id="${col}"]`);
  await cell.dblclick();
  await expect(async () => {
    if (!(await page.locator('.ag-list-item').filter({ hasText: option }).count())) await cell.getByRole('combobox').click();
    await page.locator('.ag-list-item').filter({ hasText: option }).first().click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(grid(page).locator(`[row-index="0"] [col-id="${col}"]`)).toContainText(option);
}

async function addRow(page: Page) {
  await page.getByRole('button', { name: 'Thêm dòng' }).click();
  await expect(grid(page).locator('[row-index="0"].sp-row-new')).toBeVisible();
  await page.keyboard.press('Escape');
}

async function saveAndReload(page: Page, code: string) {
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible({ timeout: 30_000 });
  await expect(legend(page)).toContainText('Dòng mới: 0');
  await page.reload();
  await expect(grid(page).getByRole('gridcell').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(code);
  await reveal(page, 'TariffCode');
  await expect(rowWith(page, code)).toBeVisible({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'nhanvien', '/', { timeout: 60_000 });
});

test('standard tariff: the seeded prices are listed; staff add a row, save it and see it after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await open(page, 'Biểu cước chuẩn', /\/config\/StandardTariff$/);
  for (const [col, title] of [
    ['TariffCode', 'Mã biểu cước'],
    ['TariffName', 'Tên biểu cước'],
    ['ChargeKind', 'Loại cước'],
    ['JobModeCode', 'Phương án'],
    ['ContSize', 'Kích cỡ'],
    ['UnitPrice', 'Đơn giá'],
    ['VatRate', 'VAT (%)'],
    ['ApplyDate', 'Ngày hiệu lực'],
  ]) {
    await reveal(page, col as string);
    await expect(page.getByRole('columnheader', { name: title })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('LAYN-40F');
  await reveal(page, 'TariffCode');
  // One price code for every terminal: a row at each of the staff's three terminals (NDP, NDV, NHP).
  await expect(rowWith(page, 'LAYN-40F')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('');

  const code = `E2E-${run}`;
  await addRow(page);
  await type(page, 'TariffCode', code);
  await type(page, 'TariffName', 'Nâng hạ thử nghiệm');
  await type(page, 'UnitPrice', '654321');
  await saveAndReload(page, code);
  const row = rowWith(page, code);
  await expect(row.locator('[col-id="TariffName"]')).toHaveText('Nâng hạ thử nghiệm');
  await expect(row.locator('[col-id="ChargeKind"]')).toHaveText('Tác nghiệp');
  // Scrolled to the price, the code's cell may leave the rendered columns: the row is found by its index.
  const index = await row.first().getAttribute('row-index');
  await reveal(page, 'UnitPrice');
  await expect(grid(page).locator(`[row-index="${index}"] [col-id="UnitPrice"]`).first()).toContainText(/654[.,\s]?321/);
});

test('contract tariff: staff add a shipping line contract row, save it and see it after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await open(page, 'Biểu cước hợp đồng', /\/config\/ContractTariff$/);
  for (const title of ['Số hợp đồng', 'Khách hàng', 'Hãng khai thác']) {
    await expect(page.getByRole('columnheader', { name: title })).toBeVisible();
  }

  const code = `HD-E2E-${run}`;
  await addRow(page);
  await type(page, 'ContractNo', `HD-${run}`);
  await pick(page, 'OperationCode', 'Hapag-Lloyd');
  await type(page, 'TariffCode', code);
  await type(page, 'TariffName', 'Hợp đồng thử nghiệm');
  await type(page, 'UnitPrice', '500000');
  await saveAndReload(page, code);
  await expect(rowWith(page, code).locator('[col-id="OperationCode"]')).toContainText('Hapag-Lloyd');
});

test('stepped surcharges: staff see the seeded steps with their kind in words', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, 'Phụ thu theo bậc', /\/config\/tariff_surcharge$/);
  const step = rowWith(page, 'Container từ 30 tấn trở lên');
  await expect(step.first()).toBeVisible();
  await expect(step.first().locator('[col-id="ExtraMode"]')).toHaveText('Trọng lượng (tấn)');
  await expect(step.first().locator('[col-id="Percent"]')).toHaveText('10');
});
