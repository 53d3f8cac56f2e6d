import { expect } from '@playwright/test';
import { confirm, editorReady, grid } from '../fixtures/grid';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Phiên bản' (spec 03) rows are the release notes the version check (spec 01 §2, every 24 h) announces: a version
// added on its screen is found by the next check, offered by the banner, and listed under 'Có gì mới'.
const SHOTS = '/tmp/version-notes';

test('a version row added on its screen is announced by the 24 h check, with its notes under "Có gì mới"', async ({ page }) => {
  test.setTimeout(150_000);
  const code = `9.${Date.now() % 100000}.0`;
  const name = `Thêm bộ lọc theo hãng tàu trên Lịch sử lệnh (${code})`;
  await page.clock.install();
  await signIn(page, 'admin', '/', { timeout: 60_000 });
  await openMenu(page, 'Cấu hình', 'Phiên bản');
  await expect(page).toHaveURL(/\/config\/version_config$/);

  // A new row is released now (its ReleaseDate defaults to the minute it is added).
  await page.getByRole('button', { name: 'Thêm dòng' }).click();
  await expect(grid(page).locator('[row-index="0"].sp-row-new')).toBeVisible();
  await page.keyboard.press('Escape');
  for (const [col, text] of [
    ['VersionCode', code],
    ['VersionName', name],
  ] as const) {
    await grid(page).locator(`[row-index="0"] [col-id="${col}"]`).dblclick();
    await editorReady(page, { timeout: 30_000 });
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu dữ liệu hoàn tất !' }).first()).toBeVisible({
    timeout: 30_000,
  });
  const banner = page.getByTestId('version-banner');
  await expect(banner).toHaveCount(0);

  // The next check, 24 h later, finds it: the banner offers the update and counts down.
  await page.clock.fastForward(86_400_000);
  await expect(banner).toContainText(`Đã có phiên bản mới ${code} của SmartPort.`);
  await expect(banner.getByRole('button', { name: 'Cập nhật ngay' })).toBeVisible();
  await banner.getByRole('button', { name: 'Có gì mới' }).click();
  const notes = banner.getByRole('region', { name: 'Có gì mới' });
  await expect(notes).toContainText('Có gì mới từ phiên bản Quý khách dùng lần trước');
  await expect(notes.getByRole('listitem').filter({ hasText: code })).toContainText(name);
  // Reading what is new holds the reload.
  await page.clock.runFor(15_000);
  await expect(notes).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-800.png` });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Updating remembers the version for this user in this browser: the reloaded page announces nothing.
  const reloaded = page.waitForEvent('framenavigated');
  await banner.getByRole('button', { name: 'Cập nhật ngay' }).click();
  await reloaded;
  await expect(page.getByTestId('current-user')).toBeVisible({ timeout: 60_000 });
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('versionSeen:admin'))).toBe(code);
});
