import { expect, type Page } from '@playwright/test';
import { confirm } from '../fixtures/grid';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

const PASSWORD = 'Smtp-Mật@khẩu#2026';
const MASK = '********';

/** The sender mail form as a person sees it (one settings form, spec 03 §2.4). */
function mailForm(page: Page) {
  const form = page.getByTestId('settings-form-mail_config');
  return {
    form,
    host: form.getByLabel('Host'),
    port: form.getByLabel('Port'),
    tls: form.getByLabel('TLS'),
    user: form.getByLabel('Tên đăng nhập'),
    pass: form.getByLabel('Mật khẩu'),
    save: form.getByRole('button', { name: 'Lưu' }),
  };
}

/** 'Lưu' answers with this message as a toast, and marks the field it names. */
async function expectRefused(page: Page, text: string) {
  const toast = page.locator('.ant-message-notice').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Only the field now in error: the error of a field just corrected may still be fading out (antd's leave motion).
  await expect(mailForm(page).form.locator('.ant-form-item-has-error .ant-form-item-explain-error')).toHaveText(text);
}

test.describe('sender mail (/config/mail_config, spec 03 §2.4, §5)', () => {
  test('admin sees the four required messages in order, saves, and after a reload sees the password masked', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await openMenu(page, 'Cấu hình', 'Mail gửi');
    await expect(page).toHaveURL(/\/config\/mail_config$/);
    const f = mailForm(page);
    await expect(f.form.getByRole('heading', { name: 'Mail gửi' })).toBeVisible();
    await expect(f.host).toBeEnabled();

    // A rerun on the same server starts from an empty form.
    for (const input of [f.host, f.port, f.user, f.pass]) await input.clear();

    await f.save.click();
    await expectRefused(page, 'Vui lòng nhập host!');
    await expect(f.host).toBeFocused();
    await f.host.fill('smtp.smartport.vn');

    await f.save.click();
    await expectRefused(page, 'Vui lòng nhập port !');
    await f.port.fill('587');

    await f.save.click();
    await expectRefused(page, 'Vui lòng nhập tên đăng nhập !');
    await f.user.fill('noreply@smartport.vn');

    await f.save.click();
    await expectRefused(page, 'Vui lòng nhập mật khẩu !');
    await f.pass.fill(PASSWORD);

    await f.tls.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Có' }).click();

    await f.save.click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu dữ liệu hoàn tất !' })).toBeVisible();

    await page.reload();
    const again = mailForm(page);
    await expect(again.host).toHaveValue('smtp.smartport.vn', { timeout: 30_000 });
    await expect(again.port).toHaveValue('587');
    await expect(again.user).toHaveValue('noreply@smartport.vn');
    await expect(again.form.getByText('Có', { exact: true })).toBeVisible();
    // The password field is a password input holding the mask, never the password.
    await expect(again.pass).toHaveAttribute('type', 'password');
    await expect(again.pass).toHaveValue(MASK);
    await expect(again.form.getByText('Mật khẩu đã lưu được ẩn; để nguyên nếu không đổi.')).toBeVisible();
    expect(await page.content()).not.toContain(PASSWORD);

    // The stored password goes only to the server it was saved for: another host with the mask is refused.
    await again.host.fill('mail.smartport.vn');
    await again.save.click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Vui lòng nhập mật khẩu !' })).toBeVisible();
    // The same server with the mask untouched keeps the stored password.
    await again.host.fill('smtp.smartport.vn');
    await again.tls.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Không' }).click();
    await again.save.click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu dữ liệu hoàn tất !' })).toBeVisible();
    await page.reload();
    await expect(mailForm(page).host).toHaveValue('smtp.smartport.vn', { timeout: 30_000 });
    await expect(mailForm(page).form.getByText('Không', { exact: true })).toBeVisible();
    await expect(mailForm(page).pass).toHaveValue(MASK);
    // Typing into the masked field replaces the mask rather than appending to it.
    await mailForm(page).pass.click();
    await page.keyboard.type('Mới-2027');
    await expect(mailForm(page).pass).toHaveValue('Mới-2027');

    await page.screenshot({ path: test.info().outputPath('mail-config-1366.png') });
    await page.setViewportSize({ width: 800, height: 768 });
    const narrow = mailForm(page);
    await expect(narrow.save).toBeInViewport();
    const box = await narrow.form.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(800);
    await page.screenshot({ path: test.info().outputPath('mail-config-800.png') });
  });

  test('a user without the sender mail entry is refused the page', async ({ page }) => {
    await signIn(page, 'nhanvien');
    await page.goto('/config/mail_config');
    await expect(page.getByTestId('settings-form-mail_config')).toHaveCount(0);
    await expect(page.getByText('Bạn không có quyền truy cập trang này.')).toBeVisible();
  });
});
