import { expect as baseExpect, type Page } from '@playwright/test';
import { confirm } from '../fixtures/grid';
import { demo, openMenu, pickOption, runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Accounts (docs/decisions.md 'Accounts: registration, e-mail verification, password reset, Quản lý tài khoản'):
// 'Tự động kích hoạt tài khoản sau khi tạo' switched on 'Cấu hình cảng' decides what a registration's verification
// link does: off, the account waits in 'Quản lý tài khoản' until staff activate it; on, it signs in at once. The mails
// are read from the local mail server's inbox; 'Quên mật khẩu?' resets a password by mail.
const expect = baseExpect.configure({ timeout: 30_000 });
const TERMINAL = 'NDV';
const PASSWORD = 'DangKy@2026';
const SHOTS = '/tmp/accounts';

interface Info {
  simulators: Record<string, string>;
  simulatorEndpoints?: Record<string, Record<string, string>>;
}
const info = () => runtimeInfo() as unknown as Info;
const run = Date.now() % 1_000_000;

interface Mail {
  id: string;
  subject: string;
  text: string;
}
/** The newest mail to `to` whose subject is `subject`, once it has arrived; its link with the token. */
async function linkFromMail(to: string, subject: string, path: string): Promise<string> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${info().simulators.mail}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: Mail[] };
      const ids = list.messages.filter((m) => m.subject === subject).map((m) => m.id);
      const last = ids.at(-1);
      found = last ? ((await (await fetch(`${info().simulators.mail}/messages/${last}`)).json()) as Mail) : undefined;
      return !!found;
    })
    .toBe(true);
  const url = found?.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  expect(url, found?.text).toBeTruthy();
  const link = new URL(String(url));
  return `${link.pathname}${link.search}`;
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** 'Cấu hình cảng' of the terminal: the switch set as asked, then saved as an administrator does. */
async function setAutoActive(page: Page, on: boolean) {
  await signIn(page, 'admin');
  await openMenu(page, 'Quản trị hệ thống', 'Cấu hình cảng');
  const screen = page.getByTestId('terminal-config');
  await pickOption(page, page.getByTestId('terminal-config-terminal'), `${TERMINAL} -`);
  const auto = screen.getByRole('switch', { name: 'Tự động kích hoạt tài khoản sau khi tạo' });
  await expect(screen.getByTestId('tos-block-0')).toBeVisible();
  if ((await auto.isChecked()) !== on) await auto.click();
  await expect(auto).toBeChecked({ checked: on });
  // The terminal's mail server is part of the form the save checks: the local mail server.
  const mail = page.getByTestId('terminal-mail');
  const smtp = new URL(String(info().simulatorEndpoints?.mail?.smtp));
  await mail.getByLabel('Host').fill(smtp.hostname);
  await mail.getByLabel('Port').fill(smtp.port);
  await mail.getByLabel('Tên đăng nhập').fill('smartport');
  await mail.getByLabel('Mật khẩu').fill('Mail@2026');
  await screen.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
}

/** A tax code of the customer catalogue, as the administrator's catalogue call gives it. */
async function catalogueTaxCode(page: Page): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await page.request.post('/api/common/getCustomerList', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  const rows = ((await res.json()) as { payload: { TaxCode: string }[] }).payload;
  return String(rows[5]?.TaxCode);
}

/** 'Đăng ký tài khoản' from the login page's link, as a customer fills it. */
async function register(page: Page, a: { userId: string; email: string; taxCode: string }, shots = false) {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Quên mật khẩu?' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${SHOTS}-login-1366.png` });
  await page.getByRole('link', { name: 'Đăng ký tài khoản' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Đăng ký tài khoản' })).toBeVisible();
  await page.getByLabel('Mã số thuế').fill(a.taxCode);
  await page.getByLabel('Tên công ty').fill('Công ty TNHH Logistics Sông Hồng');
  await page.getByLabel('Email').fill(a.email);
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Cảng') }), `${TERMINAL} -`);
  await page.getByLabel('Tên đăng nhập').fill(a.userId);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
  if (shots) {
    await page.screenshot({ path: `${SHOTS}-register-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.screenshot({ path: `${SHOTS}-register-800.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
  }
  await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
  await expect(page.getByTestId('register-done')).toContainText('Đăng ký thành công');
}

async function loginForm(page: Page, userId: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(userId);
  await page.getByLabel('Mật khẩu').fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

test.describe('accounts: registration, AutoActiveUser, Quản lý tài khoản, Quên mật khẩu?', () => {
  test.setTimeout(240_000);

  test('switch off: the verified account waits for staff; switch on: it signs in at once', async ({ page }) => {
    const taxCode = await catalogueTaxCode(page);

    // Off on 'Cấu hình cảng': the registration waits in 'Quản lý tài khoản' after its verification.
    await setAutoActive(page, false);
    const waiting = { userId: `cho${run}`, email: `cho${run}@songhong.vn`, taxCode };
    await register(page, waiting, true);
    await loginForm(page, waiting.userId, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Tài khoản chưa xác thực email. Vui lòng mở thư xác thực đã gửi đến email đăng ký.');
    await page.goto(await linkFromMail(waiting.email, 'SmartPort – Xác thực email đăng ký tài khoản', '/verify-email'));
    await expect(page.getByTestId('verify-result')).toContainText('Tài khoản đang chờ cảng kích hoạt');
    await loginForm(page, waiting.userId, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Tài khoản đang chờ cảng kích hoạt. Vui lòng thử lại sau hoặc liên hệ cảng.');

    // The terminal's staff see it waiting and activate it.
    await signIn(page, 'nhanvien');
    await openMenu(page, 'Quản trị hệ thống', 'Quản lý tài khoản');
    await expect(page).toHaveURL(/\/SystemManager\/accounts$/);
    const screen = page.getByTestId('accounts-page');
    await pickOption(page, screen.locator('.ant-select').first(), 'Chờ kích hoạt');
    const row = screen.locator('tr').filter({ hasText: waiting.userId });
    await expect(row).toContainText('Chờ kích hoạt');
    await expect(row).toContainText(TERMINAL);
    await page.screenshot({ path: `${SHOTS}-manage-1366.png` });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}-manage-800.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await row.getByRole('button', { name: 'Kích hoạt' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Đồng ý' }).click();
    await expect(toast(page, 'Đã kích hoạt tài khoản.')).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await loginForm(page, waiting.userId, PASSWORD);
    await expect(page.getByTestId('current-user')).toHaveText('Công ty TNHH Logistics Sông Hồng');
    await page.evaluate(() => localStorage.clear());

    // On again: a new registration signs in right after its verification.
    await setAutoActive(page, true);
    const at = { userId: `ngay${run}`, email: `ngay${run}@songhong.vn`, taxCode };
    await register(page, at);
    await page.goto(await linkFromMail(at.email, 'SmartPort – Xác thực email đăng ký tài khoản', '/verify-email'));
    await expect(page.getByTestId('verify-result')).toContainText('Tài khoản đã được kích hoạt');
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).click();
    await loginForm(page, at.userId, PASSWORD);
    await expect(page.getByTestId('current-user')).toHaveText('Công ty TNHH Logistics Sông Hồng');
  });

  test("'Quên mật khẩu?' sends a single-use link; the new password signs in", async ({ page }) => {
    const taxCode = await catalogueTaxCode(page);
    const who = { userId: `quen${run}`, email: `quen${run}@songhong.vn`, taxCode };
    await register(page, who);
    await page.goto(await linkFromMail(who.email, 'SmartPort – Xác thực email đăng ký tài khoản', '/verify-email'));
    await expect(page.getByTestId('verify-result')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.getByLabel('Tên đăng nhập hoặc email').fill(who.email);
    await page.getByRole('button', { name: 'Gửi liên kết' }).click();
    await expect(page.getByTestId('forgot-done')).toHaveText(
      'Nếu thông tin khớp với một tài khoản, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu đến email của tài khoản đó.',
    );
    const link = await linkFromMail(who.email, 'SmartPort – Đặt lại mật khẩu', '/reset-password');
    await page.goto(link);
    await page.getByLabel('Mật khẩu mới').fill('MatKhauMoi@2026');
    await page.getByLabel('Nhập lại mật khẩu').fill('MatKhauMoi@2026');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await expect(page.getByTestId('reset-done')).toHaveText('Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.');
    // The link works once.
    await page.goto(link);
    await page.getByLabel('Mật khẩu mới').fill('KhacNua@2026');
    await page.getByLabel('Nhập lại mật khẩu').fill('KhacNua@2026');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await expect(page.getByRole('alert')).toContainText('Liên kết không hợp lệ, đã được sử dụng hoặc đã hết hạn.');
    await loginForm(page, who.userId, 'MatKhauMoi@2026');
    await expect(page.getByTestId('current-user')).toHaveText('Công ty TNHH Logistics Sông Hồng');
  });
});
