import { expect, type Page, type Request } from '@playwright/test';
import { confirm } from '../fixtures/grid';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Cấu hình lệnh đính kèm' (/config/attach_config), spec 03 §2.4, §4, §8: the radio, a job option, the services' ticks
// and default charge, save and what a reload shows.
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/attach';
const jobModes = (page: Page) => page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Phương án' }) });
const services = (page: Page) => page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Lệnh đính kèm' }) });
const pick = (page: Page, code: string) => services(page).getByRole('checkbox', { name: `Chọn ${code}`, exact: true });
const fixed = (page: Page, code: string) => services(page).getByRole('checkbox', { name: `Tính phí mặc định ${code}`, exact: true });
const modeRow = (page: Page, code: string) => jobModes(page).getByRole('row').filter({ hasText: code });

/** The Hapag-Lloyd scope starts empty for HICD (a run before this one may have saved there). */
async function clearScope(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: { UserID: demo.nhanvien.user, Password: demo.nhanvien.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await page.request.post('/api/common/updateAttachConfigList', {
    headers: { authorization: `Bearer ${token}` },
    data: { OperationCode: 'HLC', TerminalCode: 'NDP', data: { HICD: [] } },
  });
  expect(res.status()).toBe(200);
}

async function chooseOperator(page: Page, label: string) {
  const select = page.getByRole('combobox', { name: 'Hãng khai thác' });
  await select.click();
  await select.fill('HLC');
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('radio, job option, select enables the default charge, untick clears it, save, reload shows the ticks', async ({ page }) => {
  await signIn(page, 'nhanvien');
  await clearScope(page);
  await openMenu(page, 'Cấu hình', 'Cấu hình lệnh đính kèm');
  await expect(page).toHaveURL(/\/config\/attach_config$/);
  await expect(page.getByRole('heading', { name: 'Cấu hình lệnh đính kèm' })).toBeVisible();

  // All scopes (*): the demo rules; 'Nâng hạ' is the default kind and its first job option is chosen.
  const left = jobModes(page);
  await expect(left.getByRole('radio', { name: 'Nâng hạ' })).toBeChecked();
  await expect(modeRow(page, 'CAPR').getByRole('radio')).toBeChecked();
  await expect(pick(page, 'DVKT')).toBeChecked();
  await expect(pick(page, 'DVKC')).toBeChecked();
  await expect(pick(page, 'DVBAI')).not.toBeChecked();
  await expect(fixed(page, 'DVBAI')).toBeDisabled();
  await modeRow(page, 'TRAR').click();
  await expect(pick(page, 'DVBAI')).toBeChecked();
  await expect(fixed(page, 'DVBAI')).toBeChecked();
  await shots(page, 'all-scope');

  // The radio lists the stuffing, then the unstuffing job options.
  await left.getByText('Đóng hàng', { exact: true }).click();
  await expect(modeRow(page, 'DONG').getByRole('radio')).toBeChecked();
  await expect(modeRow(page, 'TRAR')).toHaveCount(0);
  await left.getByText('Rút hàng', { exact: true }).click();
  await expect(modeRow(page, 'RUT').getByRole('radio')).toBeChecked();
  await expect(pick(page, 'DVKT')).toBeChecked();
  await left.getByText('Nâng hạ', { exact: true }).click();

  // The Hapag-Lloyd scope has nothing for HICD.
  await chooseOperator(page, 'HLC - Hapag-Lloyd');
  await modeRow(page, 'HICD').click();
  await expect(modeRow(page, 'HICD').getByRole('radio')).toBeChecked();
  await expect(pick(page, 'DVKT')).not.toBeChecked();
  await expect(fixed(page, 'DVKT')).toBeDisabled();

  // Ticking enables the default charge; unticking clears and disables it.
  await pick(page, 'DVKT').check();
  await expect(fixed(page, 'DVKT')).toBeEnabled();
  await expect(fixed(page, 'DVKT')).not.toBeChecked();
  await fixed(page, 'DVKT').check();
  await expect(modeRow(page, 'HICD').getByText('Đã sửa')).toBeVisible();
  await expect(left.getByText('Phương án đã sửa chưa lưu: 1')).toBeVisible();
  await pick(page, 'DVKT').uncheck();
  await expect(fixed(page, 'DVKT')).not.toBeChecked();
  await expect(fixed(page, 'DVKT')).toBeDisabled();
  // Back to what was loaded: no longer edited.
  await expect(left.getByText('Phương án đã sửa chưa lưu: 0')).toBeVisible();

  await pick(page, 'DVKT').check();
  await fixed(page, 'DVKT').check();
  await pick(page, 'DVKC').check();
  await expect(left.getByText('Phương án đã sửa chưa lưu: 1')).toBeVisible();
  await shots(page, 'edited');

  const request = page.waitForRequest((r: Request) => r.url().endsWith('/api/common/updateAttachConfigList') && r.method() === 'POST');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await confirm(page, 'Lưu lại ?');
  expect((await request).postDataJSON()).toEqual({
    OperationCode: 'HLC',
    VesselKey: '*',
    CustomerCode: '*',
    IsLocalForeign: '*',
    TerminalCode: 'NDP',
    data: {
      HICD: [
        { AttachServiceCode: 'DVKC', JobModeCode: 'HICD', IsFixed: false },
        { AttachServiceCode: 'DVKT', JobModeCode: 'HICD', IsFixed: true },
      ],
    },
  });
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu dữ liệu hoàn tất !' })).toBeVisible();
  await expect(left.getByText('Phương án đã sửa chưa lưu: 0')).toBeVisible();

  await page.reload();
  await expect(modeRow(page, 'CAPR').getByRole('radio')).toBeChecked({ timeout: 30_000 });
  // The * scope did not get them.
  await modeRow(page, 'HICD').click();
  await expect(pick(page, 'DVKT')).not.toBeChecked();
  await chooseOperator(page, 'HLC - Hapag-Lloyd');
  await modeRow(page, 'HICD').click();
  await expect(pick(page, 'DVKT')).toBeChecked();
  await expect(fixed(page, 'DVKT')).toBeChecked();
  await expect(pick(page, 'DVKC')).toBeChecked();
  await expect(fixed(page, 'DVKC')).not.toBeChecked();
  await expect(fixed(page, 'DVKC')).toBeEnabled();
  await expect(pick(page, 'DVBAI')).not.toBeChecked();
  await shots(page, 'reloaded');
});
