import { expect, type Locator, type Page } from '@playwright/test';
import { confirm, editorReady, grid, legend } from '../fixtures/grid';
import { openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Spec 03 §2.4, §4, §5, §8, §9: 'Cấu hình thời gian lưu bãi' (/config/free_day) and 'Cấu hình điện lạnh' (/config/reffer_config).
const SHOTS = '/tmp/freeday';

async function open(page: Page, title: string, path: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Menu' });
  if (await nav.getByText(title, { exact: true }).isVisible()) await nav.getByText(title, { exact: true }).click();
  else await openMenu(page, 'Cấu hình', title);
  await expect(page).toHaveURL(path);
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const rows = (page: Page) => grid(page).locator('.ag-row');

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Picks an option of the antd select whose input has `id`. */
async function choose(page: Page, id: string, option: string) {
  await pickOption(page, page.locator('.ant-select').filter({ has: page.locator(`#${id}`) }), option);
}

const picker = (page: Page, id: string): Locator => page.locator('.ant-picker').filter({ has: page.locator(`#${id}`) });

async function clearDate(page: Page, id: string) {
  await picker(page, id).hover();
  await picker(page, id).locator('.ant-picker-clear').click();
  await expect(page.locator(`#${id}`)).toHaveValue('');
}

/** Types a date (the Vietnamese way) and sees it shown as spec 03 §9 writes configuration dates. */
async function typeDate(page: Page, id: string, text: string, shown: string) {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(text);
  await page.keyboard.press('Enter');
  await expect(page.locator(`#${id}`)).toHaveValue(shown);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Lưu' }).click();
}

test.beforeEach(async ({ page }) => {
  // The machine is shared: the first screens may take a while.
  await signIn(page, 'admin', '/', { timeout: 30_000 });
});

test('free day: blank template, messages in order, save and reload, template pick fills header and rules', async ({ page }) => {
  test.setTimeout(150_000);
  await open(page, 'Cấu hình thời gian lưu bãi', /\/config\/free_day$/);
  await expect(page.getByRole('heading', { name: 'Cấu hình thời gian lưu bãi' })).toBeVisible({ timeout: 30_000 });

  // The blank template: today from its start to its end, and the five default rules, unsaved.
  await expect(rows(page)).toHaveCount(5);
  await expect(legend(page)).toContainText('Dòng mới: 5');
  await expect(page.locator('#fd-apply')).toHaveValue(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
  await expect(page.locator('#fd-expire')).toHaveValue(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
  await expect(grid(page).locator('[col-id="FE"]').filter({ hasText: 'Hàng (F)' })).toHaveCount(2);
  await shots(page, 'blank');

  // Spec 03 §5: effective date, expiry date, operator, local/foreign, payment type, in this order.
  await clearDate(page, 'fd-apply');
  await clearDate(page, 'fd-expire');
  await save(page);
  await expect(toast(page, 'Vui lòng chọn ngày hiệu lực!')).toBeVisible();
  await typeDate(page, 'fd-apply', '01/11/2026', '2026-11-01 00:00:00');
  await save(page);
  await expect(toast(page, 'Vui lòng chọn ngày hết hạn!')).toBeVisible();
  await typeDate(page, 'fd-expire', '31/12/2026', '2026-12-31 23:59:59');
  await save(page);
  await expect(toast(page, 'Vui lòng chọn hãng khai thác!')).toBeVisible();
  await choose(page, 'fd-operator', 'Tất cả (*)');
  await save(page);
  await expect(toast(page, 'Vui lòng chọn hàng nội/ngoại!')).toBeVisible();
  await choose(page, 'fd-local', 'Ngoại');
  await save(page);
  await expect(toast(page, 'Vui lòng chọn loại thanh toán!')).toBeVisible();
  await choose(page, 'fd-money', 'Thu sau');

  // The first rule gets 4 free days.
  const firstFreeDay = rows(page).first().locator('[col-id="FreeDay"]');
  await firstFreeDay.dblclick();
  await editorReady(page);
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(firstFreeDay).toHaveText('4');

  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await save(page);
  // The message shows until the reload 2 s later: watched from before the answer.
  const savedMessage = toast(page, 'Lưu dữ liệu hoàn tất !').waitFor({ state: 'visible', timeout: 20_000 });
  const answeredAt = Date.now();
  await confirm(page, 'Lưu lại ?');
  await savedMessage;
  await reloaded;
  // Spec 03 §9: the page reloads 2 s after the save.
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(2000);

  // After the reload the saved template is open again: its header and its five rules, saved.
  await expect(page).toHaveURL(/\/config\/free_day\?/);
  // The reloaded page loads the template list, then its rules: on a loaded machine that takes a while.
  await expect(rows(page)).toHaveCount(5, { timeout: 30_000 });
  await expect(legend(page)).toContainText('Dòng mới: 0');
  await expect(page.locator('#fd-apply')).toHaveValue('2026-11-01 00:00:00');
  await expect(page.locator('#fd-expire')).toHaveValue('2026-12-31 23:59:59');
  await expect(picker(page, 'fd-apply')).toBeVisible();
  await expect(page.locator('.ant-select').filter({ has: page.locator('#fd-money') })).toContainText('Thu sau');
  await expect(page.locator('.ant-select').filter({ has: page.locator('#fd-local') })).toContainText('Ngoại');
  await expect(grid(page).locator('[col-id="FreeDay"]').filter({ hasText: /^4$/ })).toHaveCount(1);

  // The blank template resets; picking the saved one fills the header and the rules again.
  await choose(page, 'fd-template', '(Mẫu mới)');
  await expect(legend(page)).toContainText('Dòng mới: 5');
  await expect(page.locator('.ant-select').filter({ has: page.locator('#fd-money') })).not.toContainText('Thu sau');
  await choose(page, 'fd-template', '20261101-20261231-*-*-C-F-0');
  await expect(legend(page)).toContainText('Dòng mới: 0');
  await expect(page.locator('.ant-select').filter({ has: page.locator('#fd-money') })).toContainText('Thu sau');
  await expect(grid(page).locator('[col-id="FreeDay"]').filter({ hasText: /^4$/ })).toHaveCount(1);

  // A header change concerns every rule: all five become edited.
  await page.getByRole('checkbox', { name: 'Hàng lạnh' }).check();
  await expect(legend(page)).toContainText('Dòng đã sửa: 5');
  await shots(page, 'template');
});

test('free day: the untouched blank template leaves without a question; a typed rule or a header change asks first', async ({ page }) => {
  test.setTimeout(120_000);
  const leaveQuestion = page.getByRole('dialog').filter({ hasText: 'Dữ liệu chưa được lưu' });
  await open(page, 'Cấu hình thời gian lưu bãi', /\/config\/free_day$/);
  await expect(rows(page)).toHaveCount(5);
  await expect(legend(page)).toContainText('Dòng mới: 5');
  // The five default rules are the screen's, not the user's work: leaving loses nothing, so nothing is asked.
  await open(page, 'Cấu hình điện lạnh', /\/config\/reffer_config$/);
  await expect(leaveQuestion).toHaveCount(0);

  await open(page, 'Cấu hình thời gian lưu bãi', /\/config\/free_day$/);
  await expect(rows(page)).toHaveCount(5);
  const firstFreeDay = rows(page).first().locator('[col-id="FreeDay"]');
  await firstFreeDay.dblclick();
  await editorReady(page);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(firstFreeDay).toHaveText('3');
  await page.getByRole('navigation', { name: 'Menu' }).getByText('Cấu hình điện lạnh', { exact: true }).click();
  await expect(leaveQuestion).toContainText('Có 1 dòng mới hoặc đã sửa chưa được lưu.');
  await leaveQuestion.getByRole('button', { name: 'Rời trang' }).click();
  await expect(page).toHaveURL(/\/config\/reffer_config$/);

  // A header change concerns all five rules (spec 03 §4): they are the user's now.
  await open(page, 'Cấu hình thời gian lưu bãi', /\/config\/free_day$/);
  await expect(legend(page)).toContainText('Dòng mới: 5');
  await page.getByRole('checkbox', { name: 'Hàng lạnh' }).check();
  await page.getByRole('navigation', { name: 'Menu' }).getByText('Cấu hình điện lạnh', { exact: true }).click();
  await expect(leaveQuestion).toContainText('Có 5 dòng mới hoặc đã sửa chưa được lưu.');
  await leaveQuestion.getByRole('button', { name: 'Ở lại' }).click();
  await expect(page).toHaveURL(/\/config\/free_day$/);
});

test('reefer config: add a row, save, reload shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'Cấu hình điện lạnh', /\/config\/reffer_config$/);
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Cấu hình điện lạnh' })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm dòng' }).click();
  // The first column (the terminal, preset to the one chosen at the top) is a choice: leave it.
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(rows(page).first().locator('[col-id="TerminalCode"]')).toContainText(/NDP|Cảng/);
  const row = rows(page).first();
  const hours = row.locator('[col-id="HourAdding"]');
  await hours.dblclick();
  await editorReady(page);
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await save(page);
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await page.reload();
  await expect(grid(page).locator('[col-id="HourAdding"]').filter({ hasText: /^7$/ })).toHaveCount(1);
  await expect(rows(page).first().locator('[col-id="Rounding"]')).toHaveText('Không làm tròn');
  await shots(page, 'reefer');
});
