import { expect } from '@playwright/test';
import { demo, loginAs, openMenu, runtimeInfo } from '../fixtures/portal';
import { test } from '../fixtures/server';

test.describe('login and session', () => {
  test('redirects to /login without a token and back to the wanted page after login', async ({ page }) => {
    await page.goto('/Personal/Profile');
    await expect(page).toHaveURL(/\/login\?next=%2FPersonal%2FProfile$/);
    await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    await loginAs(page, 'nhanvien');
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
    await expect(page.getByText('Thông tin tài khoản').first()).toBeVisible();
    await expect(page.getByText('Nhân viên cảng (STAFF)')).toBeVisible();
  });

  test('shows a Vietnamese message for wrong credentials and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu').fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByRole('alert')).toContainText('Tên đăng nhập hoặc mật khẩu không đúng.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Vui lòng nhập tên đăng nhập')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập mật khẩu')).toBeVisible();
  });

  test('logs out, and the next visit needs a login again', async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'admin');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired token sends the user to /login and then on to the page they wanted', async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'admin');
    await page.evaluate(() => localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.e30.expired'));
    await page.goto('/Personal/Profile');
    await expect(page).toHaveURL(/\/login\?expired=1&next=%2FPersonal%2FProfile$/);
    await expect(page.getByRole('alert')).toContainText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.');
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
  });

  test('stores the session as spec 01 §3 says and opens the live connection', async ({ page }) => {
    await page.goto('/login');
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
    await loginAs(page, 'hangtau');
    expect((await socket).url()).toContain('/socket.io/');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('access_token'),
      user: JSON.parse(localStorage.getItem('user') ?? '{}'),
      terminal: localStorage.getItem('terminal'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toMatchObject({ UserGroupCode: 'Operation', TerminalCode: 'NDP,GML', access_token: stored.token });
    expect(stored.terminal).toBe('NDP');
  });
});

test.describe('menus per user group', () => {
  const expectations = {
    admin: { sees: ['Danh mục', 'Cấu hình', 'Quản trị hệ thống', 'Thống kê', 'Hải quan'], hidden: [] },
    nhanvien: { sees: ['Danh mục', 'Cấu hình', 'Thống kê', 'Hải quan'], hidden: [] },
    // Customs officers and shipping lines file requests ('Quản trị hệ thống' › 'Quản lý yêu cầu', docs/decisions.md).
    haiquan: { sees: ['Hải quan', 'Danh mục', 'Quản trị hệ thống'], hidden: ['Cấu hình', 'Thống kê', 'Tác nghiệp'] },
    // A shipping line orders nothing: no 'Tác nghiệp' (docs/decisions.md: who acts on an order).
    hangtau: { sees: ['Nghiệp vụ hãng tàu', 'Hải quan', 'Quản trị hệ thống'], hidden: ['Cấu hình', 'Thống kê', 'Tác nghiệp'] },
    khachhang: { sees: ['Tác nghiệp', 'Hải quan'], hidden: ['Cấu hình', 'Thống kê', 'Quản trị hệ thống'] },
  } as const;

  for (const [who, exp] of Object.entries(expectations) as [keyof typeof demo, (typeof expectations)[keyof typeof expectations]][]) {
    test(`${who} sees only the menu of its group and navigates by it`, async ({ page }) => {
      await page.goto('/');
      await loginAs(page, who);
      const nav = page.getByRole('navigation', { name: 'Menu' });
      for (const heading of exp.sees) await expect(nav.getByText(heading, { exact: true })).toBeVisible();
      for (const heading of exp.hidden) await expect(nav.getByText(heading, { exact: true })).toHaveCount(0);
      await openMenu(page, 'Tài khoản', 'Thông tin tài khoản');
      await expect(page).toHaveURL(/\/Personal\/Profile$/);
      await expect(page.getByRole('cell', { name: demo[who].name })).toBeVisible();
      await openMenu(page, 'Trang chủ');
      await expect(page.getByRole('heading', { name: 'SMARTPORT dashboard' })).toBeVisible();
    });
  }

  test('the menu marks the current page and its groups open and close from the keyboard', async ({ page }) => {
    await page.goto('/Personal/Profile');
    await loginAs(page, 'khachhang');
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
    const nav = page.getByRole('navigation', { name: 'Menu' });
    // The page's entry is marked, and its group ('Tài khoản') is open from the start.
    await expect(nav.getByRole('button', { name: 'Tài khoản' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Thông tin tài khoản' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Trang chủ', exact: true })).not.toHaveAttribute('aria-current');
    // Tab goes from one entry to the next; Enter and Space open and close a group.
    const group = nav.getByRole('button', { name: 'Tác nghiệp' });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByText('Hạ container hàng', { exact: true })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Trang chủ', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(group).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Hạ container hàng', exact: true })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Hạ container hàng', exact: true })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByText('Hạ container hàng', { exact: true })).toHaveCount(0);
    // Following an entry of an open group keeps the group open and marks the new page.
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Hạ container hàng', exact: true }).click();
    await expect(page).toHaveURL(/\/Task\//);
    await expect(nav.getByRole('link', { name: 'Hạ container hàng', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Thông tin tài khoản' })).not.toHaveAttribute('aria-current');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  });

  test('the narrowed menu shows the top level as icons; a group icon widens it with the group open', async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'khachhang');
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await page.locator('.ant-layout-sider-trigger').click();
    await expect(nav.getByText('Tác nghiệp', { exact: true })).toHaveCount(0);
    const group = nav.getByRole('button', { name: 'Tác nghiệp', exact: true });
    await expect(group).toHaveAttribute('title', 'Tác nghiệp');
    await expect(nav.getByRole('link', { name: 'Trang chủ', exact: true })).toHaveAttribute('aria-current', 'page');
    await group.click();
    await expect(nav.getByText('Tác nghiệp', { exact: true })).toBeVisible();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Hạ container hàng', exact: true })).toBeVisible();
  });

  test('a menu entry without a view says "Trang đang phát triển" as an alert and a toast', async ({ page }) => {
    // Every task entry has its screen now: the menu the browser receives gets one entry without a view.
    await page.route('**/api/common/getMenu', async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as { payload: { MenuID: string; children: unknown[] }[] };
      body.payload
        .find((m) => m.MenuID === 'TASK')
        ?.children.push({
          MenuID: 'TASK_NOT_BUILT',
          ParentID: 'TASK',
          MenuName: 'Lệnh thử nghiệm',
          Path: '/Task/TASK_NOT_BUILT',
          ViewClass: 'Task',
          ViewPage: 'NotBuilt',
          Icon: null,
          OrderBy: 99,
          children: [],
        });
      await route.fulfill({ response: reply, json: body });
    });
    await page.goto('/');
    await loginAs(page, 'khachhang');
    await openMenu(page, 'Tác nghiệp', 'Lệnh thử nghiệm');
    await expect(page).toHaveURL(/\/Task\/TASK_NOT_BUILT$/);
    // The alert on the page names the entry; the toast says the same words.
    const pageAlert = page.getByRole('alert').filter({ hasText: 'Chức năng "Lệnh thử nghiệm" đang được phát triển' });
    await expect(pageAlert).toContainText('Trang đang phát triển');
    await expect(page.locator('.ant-message-notice')).toHaveText('Trang đang phát triển');
  });

  test("a path outside the user's menu is refused", async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'khachhang');
    await page.goto('/config/main_config');
    await expect(page.getByText('Bạn không có quyền truy cập trang này.')).toBeVisible();
  });

  test('a user with several terminals chooses the current one', async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'nhanvien');
    await page.getByLabel('Cảng').click();
    await page.getByTitle('NHP').click();
    expect(await page.evaluate(() => localStorage.getItem('terminal'))).toBe('NHP');
  });
});

test.describe('pages without login', () => {
  test('the privacy policy and the terms are real Vietnamese pages', async ({ page }) => {
    await page.goto('/Privacy-Policy.html');
    await expect(page).toHaveTitle(/Chính sách quyền riêng tư/);
    await expect(page.getByText('Nghị định 13/2023/NĐ-CP').first()).toBeVisible();
    await page.goto('/Term-and-Conditions.html');
    await expect(page).toHaveTitle(/Điều khoản và điều kiện sử dụng/);
    await expect(page).toHaveURL(/Term-and-Conditions\.html$/);
  });

  test('a signed order link shows the order, its containers and the gate QR', async ({ page }) => {
    const info = runtimeInfo();
    expect(info.sampleOrderLink).toBeTruthy();
    await page.goto(info.sampleOrderLink ?? '');
    await expect(page.getByText(info.sampleOrderNo ?? '')).toBeVisible();
    await expect(page.getByText('Danh sách container')).toBeVisible();
    await expect(page.getByText('Mã QR xuất trình tại cổng')).toBeVisible();
    await expect(page.locator('canvas, svg').first()).toBeVisible();
    await expect(page).not.toHaveURL(/login/);
  });

  test('a forged or expired order link gets a clear page, not a crash', async ({ page }) => {
    const info = runtimeInfo();
    await page.goto(`${info.sampleOrderLink}x`);
    await expect(page.getByText('Liên kết xem lệnh không hợp lệ.', { exact: false })).toBeVisible();
    // A token whose signature part looks like a file extension is still a page, not a missing file.
    await page.goto('/order/eyJvIjoiWCJ9.abc123');
    await expect(page.getByText('Liên kết xem lệnh không hợp lệ.', { exact: false })).toBeVisible();
    await page.goto(info.expiredOrderLink ?? '');
    await expect(page.getByText('Liên kết xem lệnh đã hết hạn.', { exact: false })).toBeVisible();
  });
});

test('a new version file shows the update banner and reloads the page', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await loginAs(page, 'admin');
  await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'moi-hon' } }));
  await page.clock.fastForward(86_400_000);
  await expect(page.getByRole('status')).toContainText('Đã có phiên bản mới của SmartPort.');
  const reloaded = page.waitForEvent('framenavigated');
  await page.clock.runFor(11_000);
  await reloaded;
});
