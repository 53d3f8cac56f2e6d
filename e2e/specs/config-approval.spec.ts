import { expect, type Page } from '@playwright/test';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Cấu hình duyệt lệnh' (spec 03 §2.4, §4, §5, §8, §9): the load's two messages in order, each under its field (the
// payee is the customer, not the payment type), dates typed like picked ones, every job mode with its two
// switches, each toggle saved at once and exclusive, a reff group pick that fills the filters and loads after 1 s,
// and the stored state after a reload.
const SHOTS = '/tmp/approval';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

async function choose(page: Page, label: string, option: string | RegExp, search?: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  if (search) await box.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

const sw = (page: Page, name: 'Không cần duyệt' | 'Cần duyệt', jobMode: string) =>
  page.getByRole('switch', { name: `${name} ${jobMode}`, exact: true });

test('approval config: messages in order, toggles saved at once and exclusive, reff pick loads after 1 s, reload keeps the state', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The shell can take longer than the usual 10 s on a loaded machine.
  await signIn(page, 'admin', '/', { timeout: 40_000 });
  await openMenu(page, 'Cấu hình', 'Cấu hình duyệt lệnh');
  await expect(page).toHaveURL(/\/config\/approval_config$/);
  await expect(page.getByRole('heading', { name: 'Cấu hình duyệt lệnh' })).toBeVisible();
  const load = page.getByRole('button', { name: 'Nạp dữ liệu' });

  // Spec 03 §5: operator first, then the payee (the customer, 'Đối tượng thanh toán'), each message under its own field.
  const fieldOf = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
  await load.click();
  await expect(toast(page, 'Vui lòng chọn hãng khai thác')).toBeVisible();
  await expect(fieldOf('Hãng khai thác').locator('.ant-form-item-explain')).toHaveText('Vui lòng chọn hãng khai thác');
  await choose(page, 'Hãng khai thác', 'MSC - ', 'MSC');
  await load.click();
  await expect(toast(page, 'Vui lòng chọn đối tượng thanh toán')).toBeVisible();
  await expect(fieldOf('Đối tượng thanh toán').locator('.ant-form-item-explain')).toHaveText('Vui lòng chọn đối tượng thanh toán');
  await expect(page.locator('#approval-customer')).toBeFocused();
  // The payment type is not the payee: it starts at 'Tất cả' and carries no payee message.
  await expect(fieldOf('Loại thanh toán')).toContainText('Tất cả');
  await expect(fieldOf('Loại thanh toán').locator('.ant-form-item-explain')).toHaveCount(0);
  await choose(page, 'Đối tượng thanh toán', 'C0000004', 'C0000004');
  await choose(page, 'Loại thanh toán', 'Thu ngay');
  // A period of its own (a year ahead), so the demo configuration is not this scope. Dates typed count as picked ones:
  // the day alone, Vietnamese style, without Enter; the load sends them as start and end of day.
  const year = new Date().getFullYear() + 1;
  const from = page.getByLabel('Ngày hiệu lực');
  await from.click();
  await from.fill(`01/02/${year}`);
  const to = page.getByLabel('Ngày hết hạn');
  await to.click();
  await to.fill(`28/02/${year}`);
  await page.getByRole('heading', { name: 'Cấu hình duyệt lệnh' }).click();
  await expect(from).toHaveValue(`${year}-02-01 00:00:00`);
  await expect(to).toHaveValue(`${year}-02-28 23:59:59`);
  // Enter in a date field takes the date and does not run the load.
  let loads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/config/getApprovalJobMode')) loads++;
  });
  await to.click();
  await to.fill(`27/02/${year}`);
  await to.press('Enter');
  await expect(to).toHaveValue(`${year}-02-27 23:59:59`);
  expect(loads).toBe(0);
  await to.click();
  await to.fill(`28/02/${year}`);
  await page.getByRole('heading', { name: 'Cấu hình duyệt lệnh' }).click();
  await expect(to).toHaveValue(`${year}-02-28 23:59:59`);
  const typedLoad = page.waitForRequest((r) => r.url().endsWith('/api/config/getApprovalJobMode'));
  await load.click();
  expect((await typedLoad).postDataJSON()).toMatchObject({
    OperationCode: 'MSC',
    CustomerCode: 'C0000004',
    MoneyCredit: 'M',
    FromDate: `${year}-02-01 00:00:00`,
    ToDate: `${year}-02-28 23:59:59`,
  });
  await expect(sw(page, 'Cần duyệt', 'LAYN')).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Cần duyệt / })).toHaveCount(11); // the 11 demo job modes
  await expect(page.getByRole('switch', { name: /^Không cần duyệt / })).toHaveCount(11);
  await expect(sw(page, 'Cần duyệt', 'LAYN')).not.toBeChecked();
  await expect(sw(page, 'Không cần duyệt', 'LAYN')).not.toBeChecked();

  // A toggle saves at once.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/config/saveApprovalJobMode'));
  await sw(page, 'Cần duyệt', 'LAYN').click();
  const first = await (await saved).json();
  expect(first.data.Rowguid).toBeTruthy();
  await expect(toast(page, 'Lưu dữ liệu thành công !')).toBeVisible();
  await expect(sw(page, 'Cần duyệt', 'LAYN')).toBeChecked();
  await shots(page, 'loaded');
  // Turning on the other one turns this one off; the same row is saved again (its Rowguid).
  const again = page.waitForRequest((r) => r.url().endsWith('/api/config/saveApprovalJobMode'));
  await sw(page, 'Không cần duyệt', 'LAYN').click();
  expect((await again).postDataJSON()).toMatchObject({ Rowguid: first.data.Rowguid, IsUnApproval: true, IsApproval: false });
  await expect(sw(page, 'Không cần duyệt', 'LAYN')).toBeChecked();
  await expect(sw(page, 'Cần duyệt', 'LAYN')).not.toBeChecked();
  await sw(page, 'Cần duyệt', 'CAPR').click();
  await expect(sw(page, 'Cần duyệt', 'CAPR')).toBeChecked();

  // Changing a filter clears the grid.
  await choose(page, 'Loại thanh toán', 'Thu sau');
  await expect(sw(page, 'Cần duyệt', 'LAYN')).toHaveCount(0);
  await expect(page.getByText('Chưa tải dữ liệu')).toBeVisible();

  // After a reload the reff group of that scope fills the filters and loads after 1 second, with the stored state.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cấu hình duyệt lệnh' })).toBeVisible();
  const code = `${year}0201-${year}0228-MSC-C0000004-M`;
  await page.getByLabel('Nhóm cấu hình', { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: code });
  let askedAt = 0;
  const asked = page.waitForRequest((r) => {
    const hit = r.url().endsWith('/api/config/getApprovalJobMode');
    if (hit && !askedAt) askedAt = Date.now();
    return hit;
  });
  const picked = Date.now();
  await option.click();
  // Filled at once from the code; the load comes a second later.
  await expect(page.getByLabel('Ngày hiệu lực')).toHaveValue(`${year}-02-01 00:00:00`);
  await expect(page.getByLabel('Ngày hết hạn')).toHaveValue(`${year}-02-28 23:59:59`);
  await expect(page.getByTitle('MSC - ', { exact: false }).first()).toBeVisible();
  const request = await asked;
  expect(askedAt - picked).toBeGreaterThanOrEqual(950);
  expect(request.postDataJSON()).toMatchObject({ OperationCode: 'MSC', CustomerCode: 'C0000004', MoneyCredit: 'M' });
  await expect(sw(page, 'Không cần duyệt', 'LAYN')).toBeChecked();
  await expect(sw(page, 'Cần duyệt', 'LAYN')).not.toBeChecked();
  await expect(sw(page, 'Cần duyệt', 'CAPR')).toBeChecked();
  await expect(sw(page, 'Cần duyệt', 'HBAI')).not.toBeChecked();
  await shots(page, 'reff');
});
