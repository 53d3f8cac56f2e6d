import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ssh2 from 'ssh2';
import { rowWith } from '../fixtures/grid';
import { openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Spec 03 §2.5, §5, §8: the three SFTP screens against the real file-transfer service `npm start` runs
// (apps/file-transfer), with the spec's texts and dialogs.
const SHOTS = '/tmp/sftp';
const USER = `e2e_sftp${Date.now().toString(36).slice(-5)}`;

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function open(page: Page, title: string, path: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Menu' });
  if (await nav.getByText(title, { exact: true }).isVisible()) await nav.getByText(title, { exact: true }).click();
  else await openMenu(page, 'Quản trị hệ thống', title);
  await expect(page).toHaveURL(path);
}

/** The result dialog (antd confirm-style modal) with its title and text; closed with OK. */
async function dialog(page: Page, title: string, text: string | RegExp, shot?: string) {
  const box = page.locator('.ant-modal-confirm').filter({ hasText: title }).last();
  await expect(box).toBeVisible();
  await expect(box).toContainText(text);
  if (shot) await shots(page, shot);
  await box.getByRole('button').last().click();
  await expect(box).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('create an account, see it in the list, edit its type, and drive the service config', async ({ page }) => {
  test.setTimeout(240_000);
  // 'Thêm tài khoản SFTP': both fields required with the spec's messages, then Create → 'Dữ liệu trả về !'.
  await open(page, 'Thêm tài khoản SFTP', /\/SystemManager\/sftp_create$/);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Vui lòng nhập tên đăng nhập !')).toBeVisible();
  await expect(page.getByText('Vui lòng nhập mật khẩu !')).toBeVisible();
  await shots(page, 'create-required');
  await page.getByLabel('Tên đăng nhập').fill(USER);
  await page.getByLabel('Mật khẩu').fill('Mat-khau-E2E-1');
  await page.getByRole('button', { name: 'Create' }).click();
  await dialog(page, 'Dữ liệu trả về !', `Đã tạo tài khoản ${USER}.`, 'create-done');
  // The same name again: the service's refusal in the failure alert.
  await page.getByLabel('Tên đăng nhập').fill(USER);
  await page.getByLabel('Mật khẩu').fill('Mat-khau-E2E-1');
  await page.getByRole('button', { name: 'Create' }).click();
  await dialog(page, 'Thất bại !', `Tài khoản ${USER} đã tồn tại.`);

  // 'Quản lý tài khoản SFTP': the new account in the searchable list.
  await open(page, 'Quản lý tài khoản SFTP', /\/SystemManager\/sftp_accounts$/);
  await page.getByPlaceholder('Tìm kiếm').fill(USER);
  const row = rowWith(page, USER);
  await expect(row).toBeVisible();
  await shots(page, 'accounts-list');

  // 'Edit account': username read-only, the type still 'not chosen' → 'Chưa chọn loại tài khoản !'.
  await page.getByRole('button', { name: `Edit ${USER}` }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Edit account' });
  await expect(modal.getByLabel('Tên đăng nhập')).toHaveValue(USER);
  await expect(modal.getByLabel('Tên đăng nhập')).toBeDisabled();
  await modal.getByRole('button', { name: 'Lưu' }).click();
  await expect(modal.getByText('Chưa chọn loại tài khoản !')).toBeVisible();
  await shots(page, 'edit-type-required');
  await pickOption(
    page,
    modal.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Loại tài khoản' }) }),
    'OPR - Hãng tàu',
  );
  await modal.getByLabel('Danh sách IP được phép').fill('999.1.1.1');
  await modal.getByLabel('Danh sách IP được phép').press('Enter');
  await modal.getByRole('button', { name: 'Lưu' }).click();
  await expect(modal.getByText('Địa chỉ IP không hợp lệ: 999.1.1.1 !')).toBeVisible();
  await modal.locator('.ant-select-selection-item-remove').first().click();
  await modal.getByLabel('Danh sách IP được phép').fill('127.0.0.1');
  await modal.getByLabel('Danh sách IP được phép').press('Enter');
  const chip = modal.locator('.ant-tag-checkable').first();
  const terminal = (await chip.textContent())?.trim() ?? '';
  await chip.click();
  await expect(chip).toHaveClass(/ant-tag-checkable-checked/);
  await shots(page, 'edit-filled');
  await modal.getByRole('button', { name: 'Lưu' }).click();
  await dialog(page, 'Dữ liệu trả về !', `Đã cập nhật tài khoản ${USER}.`);
  await expect(modal).toBeHidden();
  await expect(row).toContainText('OPR');
  await expect(row).toContainText(terminal);

  // 'Add new account' opens empty, with the type not chosen.
  await page.getByRole('button', { name: 'Add new account' }).click();
  const add = page.getByRole('dialog').filter({ hasText: 'Add new account' });
  await expect(add.getByLabel('Tên đăng nhập')).toHaveValue('');
  await expect(add.getByLabel('Tên đăng nhập')).toBeEnabled();
  await add.getByRole('button', { name: 'Lưu' }).click();
  await expect(add.getByText('Vui lòng nhập tên đăng nhập !')).toBeVisible();
  await expect(add.getByText('Vui lòng nhập mật khẩu !')).toBeVisible();
  await expect(add.getByText('Chưa chọn loại tài khoản !')).toBeVisible();
  await shots(page, 'add-required');
  await add.getByRole('button', { name: 'Hủy' }).click();

  // 'Cấu hình SFTP': Load file shows the account; a broken text is refused; Save file; Restart with its output.
  await open(page, 'Cấu hình SFTP', /\/SystemManager\/sftp_config$/);
  const area = page.getByRole('textbox', { name: 'Cấu hình SFTP' });
  await page.getByRole('button', { name: 'Load file' }).click();
  await expect(area).toHaveValue(new RegExp(`"username": "${USER}"`));
  const good = await area.inputValue();
  await shots(page, 'config-loaded');
  await area.fill('{"users": [');
  await page.getByRole('button', { name: 'Save file' }).click();
  await dialog(page, 'Thất bại !', 'Cấu hình không hợp lệ: không đọc được JSON', 'config-refused');
  await area.fill(good);
  await page.getByRole('button', { name: 'Save file' }).click();
  await dialog(page, 'Lưu thành công !', '', 'config-saved');
  await page.getByRole('button', { name: 'Restart' }).click();
  await dialog(page, 'Dữ liệu trả về !', /Đã nạp lại cấu hình: \d+ tài khoản/, 'config-restarted');

  // Delete from the list: 'Xóa nội dung này ?', then the account is gone.
  await open(page, 'Quản lý tài khoản SFTP', /\/SystemManager\/sftp_accounts$/);
  await page.getByRole('button', { name: `Delete ${USER}` }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Xóa nội dung này ?' });
  await confirm.getByRole('button', { name: 'Đồng ý' }).click();
  await dialog(page, 'Dữ liệu trả về !', `Đã xóa tài khoản ${USER}.`);
  await expect(page.getByRole('button', { name: `Delete ${USER}` })).toHaveCount(0);
});

/** One SFTP login with a wrong password (ssh2's client): what 'Nhật ký SFTP' then shows. */
function wrongLogin(host: string, port: number, username: string) {
  return new Promise<void>((resolve) => {
    const c = new ssh2.Client();
    c.on('ready', () => {
      c.end();
      resolve();
    });
    c.on('error', () => resolve());
    c.connect({ host, port, username, password: 'sai-mat-khau', tryKeyboard: false, readyTimeout: 30_000, hostVerifier: () => true });
  });
}

test("'Cấu hình SFTP' shows the host key fingerprint; 'Nhật ký SFTP' lists a refused login", async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'Cấu hình SFTP', /\/SystemManager\/sftp_config$/);
  await expect(page.getByTestId('sftp-fingerprint')).toContainText(/SHA256:[A-Za-z0-9+/]{43}/);
  const address = (await page.getByText(/^sftp:\/\//).textContent()) ?? '';
  const at = new URL(address.replace(/^sftp:/, 'http:'));
  await shots(page, 'config-fingerprint');
  const nobody = `${USER}_x`;
  await wrongLogin(at.hostname, Number(at.port), nobody);

  await open(page, 'Nhật ký SFTP', /\/SystemManager\/sftp_audit$/);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  const row = rowWith(page, nobody);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Đăng nhập sai');
  await shots(page, 'audit');
});
