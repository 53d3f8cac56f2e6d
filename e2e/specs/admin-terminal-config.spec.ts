import { expect, type Locator, type Page } from '@playwright/test';
import { confirm } from '../fixtures/grid';
import { openMenu, runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Cấu hình cảng' and 'Cấu hình Loyalty' (spec 03 §2.5, §5, §8): the messages as the spec writes them, and the
// settings doing their work (a real test mail in the local mail server's inbox, real logins to the TOS simulator).
const MASK = '********';
const TOS_PASS = 'Tos@2026';
const SHOTS = '/tmp/terminal';

interface Info {
  simulators: Record<string, string>;
  simulatorEndpoints?: Record<string, Record<string, string>>;
}
const info = () => runtimeInfo() as unknown as Info;

async function inbox(to: string): Promise<{ id: string; subject: string }[]> {
  const res = await fetch(`${info().simulators.mail}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { id: string; subject: string }[] }).messages;
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

function block(page: Page, index: number) {
  const card = page.getByTestId(`tos-block-${index}`);
  return {
    card,
    host: card.getByLabel('Host'),
    port: card.getByLabel('Port'),
    user: card.getByLabel('Tên đăng nhập'),
    pass: card.getByLabel('Mật khẩu'),
    test: card.getByRole('button', { name: 'Test connection' }),
    remove: card.getByRole('button', { name: 'Xóa' }),
    use: card.getByRole('button', { name: 'Sử dụng' }),
    inUse: card.getByText('đang sử dụng', { exact: true }),
  };
}

async function shots(page: Page, name: string, target: Locator) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await target.screenshot({ path: `${SHOTS}-${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  // The frame's side menu folds when the window narrows: let its motion finish.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.describe('Cấu hình cảng (/SystemManager/terminal_config)', () => {
  test('switches, Test mail, Test connection both ways, the connection in use, Add TOS ip, Save', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin');
    await openMenu(page, 'Quản trị hệ thống', 'Cấu hình cảng');
    await expect(page).toHaveURL(/\/SystemManager\/terminal_config$/);
    const screen = page.getByTestId('terminal-config');
    await expect(screen.getByRole('heading', { name: 'Cấu hình cảng' })).toBeVisible();

    // The demo start gave each terminal the TOS simulator's account as its one connection, in use, password masked.
    const first = block(page, 0);
    await expect(first.inUse).toBeVisible({ timeout: 30_000 });
    await expect(first.pass).toHaveValue(MASK);
    await expect(first.pass).toHaveAttribute('type', 'password');
    const tosHost = await first.host.inputValue();
    const tosPort = await first.port.inputValue();
    await first.test.click();
    await expect(toast(page, 'Có thể kết nối !')).toBeVisible();

    // Add TOS ip: a second block; a wrong password is refused by the TOS.
    await screen.getByRole('button', { name: 'Add TOS ip' }).click();
    const second = block(page, 1);
    await expect(second.card).toBeVisible();
    await expect(second.inUse).toHaveCount(0);
    await second.host.fill(tosHost);
    await second.port.fill(tosPort);
    await second.user.fill('smartport');
    await second.pass.fill('SaiMatKhau');
    await second.test.click();
    await expect(toast(page, 'Không thể kết nối : sai tài khoản hoặc mật khẩu')).toBeVisible();
    await second.pass.fill(TOS_PASS);
    // The first answer has gone before the second is asked for (toasts close after 3 s).
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Có thể kết nối !' })).toHaveCount(0);
    await second.test.click();
    await expect(toast(page, 'Có thể kết nối !')).toBeVisible();
    // The second one in use.
    await second.use.click();
    await expect(second.inUse).toBeVisible();
    await expect(first.inUse).toHaveCount(0);

    // Switches.
    const depot = screen.getByRole('switch', { name: 'Hiển thị chọn depot' });
    const auto = screen.getByRole('switch', { name: 'Tự động kích hoạt tài khoản sau khi tạo' });
    await expect(auto).toBeChecked();
    await expect(depot).not.toBeChecked();
    await depot.click();
    await expect(depot).toBeChecked();

    // Save asks for the mail server first, in the spec's order.
    const mail = page.getByTestId('terminal-mail');
    const save = screen.getByRole('button', { name: 'Lưu' });
    await save.click();
    await expect(toast(page, 'Vui lòng nhập host!')).toBeVisible();
    const smtp = new URL(String(info().simulatorEndpoints?.mail?.smtp));
    await mail.getByLabel('Host').fill(smtp.hostname);
    await save.click();
    await expect(toast(page, 'Vui lòng nhập port !')).toBeVisible();
    await mail.getByLabel('Port').fill(smtp.port);
    await save.click();
    await expect(toast(page, 'Vui lòng nhập tên đăng nhập !')).toBeVisible();
    await mail.getByLabel('Tên đăng nhập').fill('smartport');
    await screen.getByRole('button', { name: 'Test mail' }).click();
    await expect(toast(page, 'Vui lòng nhập mật khẩu !')).toBeVisible();
    await mail.getByLabel('Mật khẩu').fill('Mail@2026');

    // Test mail: a real mail in the local mail server's inbox.
    const to = `cang-${Date.now()}@smartport.vn`;
    await mail.getByLabel('Mail nhận thử').fill(to);
    await screen.getByRole('button', { name: 'Test mail' }).click();
    await expect(toast(page, 'Đã gửi mail !')).toBeVisible();
    await expect.poll(async () => (await inbox(to)).length).toBe(1);

    await shots(page, 'terminal-config', screen);

    await save.click();
    await confirm(page, 'Lưu lại ?');
    await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();

    // After a reload: what was saved, passwords masked, the second connection still the one in use.
    await page.reload();
    const again = block(page, 1);
    await expect(again.inUse).toBeVisible({ timeout: 30_000 });
    await expect(again.pass).toHaveValue(MASK);
    await expect(page.getByTestId('terminal-mail').getByLabel('Mật khẩu')).toHaveValue(MASK);
    await expect(page.getByRole('switch', { name: 'Hiển thị chọn depot' })).toBeChecked();
    expect(await page.content()).not.toContain(TOS_PASS);
    expect(await page.content()).not.toContain('Mail@2026');
    // The masked password still logs in (the stored one is used).
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Có thể kết nối !' })).toHaveCount(0);
    await again.test.click();
    await expect(toast(page, 'Có thể kết nối !')).toBeVisible();

    // Delete the first block: the one in use stays the same connection (now the first block).
    await block(page, 0).remove.click();
    await expect(block(page, 1).card).toHaveCount(0);
    await expect(block(page, 0).inUse).toBeVisible();
    await expect(block(page, 0).user).toHaveValue('smartport');
  });
});

test('Cấu hình cảng: a save the server refuses reads "Lỗi" (spec 03 §8), not the server\'s text', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await openMenu(page, 'Quản trị hệ thống', 'Cấu hình cảng');
  const screen = page.getByTestId('terminal-config');
  const first = block(page, 0);
  await expect(first.pass).toHaveValue(MASK, { timeout: 30_000 });
  const mail = page.getByTestId('terminal-mail');
  const smtp = new URL(String(info().simulatorEndpoints?.mail?.smtp));
  await mail.getByLabel('Host').fill(smtp.hostname);
  await mail.getByLabel('Port').fill(smtp.port);
  await mail.getByLabel('Tên đăng nhập').fill('smartport');
  await mail.getByLabel('Mật khẩu').fill('Mail@2026');
  // The masked password stands for the stored one of this host only: on another host the server refuses the block.
  await first.host.fill('10.9.8.7');
  await screen.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lỗi')).toBeVisible();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Kết nối TOS' })).toHaveCount(0);
});

test.describe('Cấu hình Loyalty (/SystemManager/loyalty)', () => {
  test('five numbers, thresholds in order, saved and read back', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, 'Quản trị hệ thống', 'Cấu hình Loyalty');
    await expect(page).toHaveURL(/\/SystemManager\/loyalty$/);
    const form = page.getByTestId('settings-form-loyalty');
    await expect(form.getByRole('heading', { name: 'Cấu hình Loyalty' })).toBeVisible();
    const save = form.getByRole('button', { name: 'Lưu' });
    await save.click();
    await expect(toast(page, 'Vui lòng nhập số điểm cho 1 TEU !')).toBeVisible();
    const values: [string, string][] = [
      ['Điểm mỗi TEU', '10'],
      ['Giá trị 1 điểm', '1000'],
      ['Mức hạng Vàng', '100'],
      ['Mức hạng Bạc', '2000'],
      ['Mức hạng Đồng', '500'],
    ];
    for (const [label, v] of values) await form.getByLabel(label).fill(v);
    await save.click();
    await expect(toast(page, 'Mức điểm phải theo thứ tự Vàng ≥ Bạc ≥ Đồng !')).toBeVisible();
    await form.getByLabel('Mức hạng Vàng').fill('5000');
    await save.click();
    await confirm(page, 'Lưu lại ?');
    await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
    await shots(page, 'loyalty', form);
    await page.reload();
    await expect(page.getByTestId('settings-form-loyalty').getByLabel('Mức hạng Vàng')).toHaveValue('5000', { timeout: 30_000 });
    await expect(page.getByTestId('settings-form-loyalty').getByLabel('Mức hạng Đồng')).toHaveValue('500');
  });
});
