import { expect, type Page } from '@playwright/test';
import { loginAs, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

const allTypes = [
  'Hạ container hàng',
  'Hạ container rỗng',
  'Lấy nguyên container',
  'Cấp container rỗng',
  'Đóng hàng vào container',
  'Rút hàng khỏi container',
  'Lệnh dịch vụ',
];

async function openPendingTab(page: Page) {
  await page.getByRole('tab', { name: /Lệnh chờ thanh toán/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(slow);
}

/** PIN (as shown) and container number of a row of the pending table. */
async function rowFacts(page: Page, index = 0) {
  const row = page.locator('.ant-table-tbody tr.ant-table-row').nth(index);
  const cells = row.locator('td');
  return { pin: (await cells.nth(1).innerText()).trim(), container: (await cells.nth(2).innerText()).trim() };
}

const badgeCount = async (page: Page) =>
  Number((await page.getByTestId('pending-count').locator('.ant-scroll-number').getAttribute('title')) ?? 'NaN');

// The list queries and the carousel pictures can take a while on a loaded test machine.
const slow = { timeout: 30_000 };

test.describe('home page SMARTPORT dashboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the guide tab shows only the order types the user menu permits, with real screen images', async ({ page }) => {
    await signIn(page, 'khachhang');
    await expect(page).toHaveTitle('SMARTPORT dashboard');
    const tree = page.getByRole('navigation', { name: 'Loại lệnh' });
    for (const title of allTypes) await expect(tree.getByText(title, { exact: true })).toBeVisible(slow);
    // Six steps for the first type, and its first picture is a real image that loads.
    await expect(tree.getByText(/^Bước [1-6]: /)).toHaveCount(6);
    const carousel = page.getByTestId('guide-carousel');
    const image = carousel.getByRole('img', { name: 'Hạ container hàng – Bước 1: Nhập thông tin lệnh' }).first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(1000);
    // Choosing a step of another type moves the carousel there.
    await tree.getByText('Lệnh dịch vụ', { exact: true }).click();
    await expect(carousel).toContainText('Lệnh dịch vụ');
    await expect(carousel).toContainText('phương án DVBAI');
    // The slides: arrows and dots move through the steps, round from the first to the last; the step is marked in the
    // list; a click on the picture shows it full size until Esc.
    await carousel.getByRole('button', { name: 'Bước sau' }).click();
    await expect(carousel).toContainText('Bước 2: Thêm container');
    await expect(tree.getByRole('button', { name: 'Bước 2: Thêm container' }).last()).toHaveAttribute('aria-current', 'step');
    await carousel.getByRole('button', { name: 'Bước trước' }).click();
    await carousel.getByRole('button', { name: 'Bước trước' }).click();
    await expect(carousel).toContainText('Bước 6: Duyệt lệnh');
    await carousel.getByRole('button', { name: 'Xem bước 3' }).click();
    await expect(carousel).toContainText('Bước 3: Nhập mã số thuế để chọn đối tượng thanh toán');
    await carousel.getByRole('link', { name: /^Lệnh dịch vụ – Bước 3: / }).click();
    const zoom = page.getByRole('dialog', { name: /^Lệnh dịch vụ – Bước 3: / });
    await expect(zoom).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(zoom).toBeHidden();
    // The tabs follow the arrow keys.
    await page.getByRole('tab', { name: 'Hướng dẫn sử dụng' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Lệnh chờ thanh toán/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /Lệnh chờ thanh toán/ })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: /Lệnh chờ thanh toán/ })).toBeVisible();
    await expect(carousel).toBeHidden();

    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    // A shipping line orders nothing (no order entry in its menu): the guide says so, the side panel links no task.
    await loginAs(page, 'hangtau');
    await expect(page.getByText('Tài khoản của bạn chưa được cấp loại lệnh nào để xem hướng dẫn.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Loại lệnh' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Tác nghiệp' }).getByRole('link')).toHaveCount(0);
  });

  test("deletes an unpaid order after 'Lệnh sẽ được xóa?' and the badge count goes down", async ({ page }) => {
    await signIn(page, 'nhanvien');
    await openPendingTab(page);
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(0);
    const { pin } = await rowFacts(page);
    await page
      .getByRole('button', { name: `Xóa lệnh ${pin}` })
      .first()
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Lệnh sẽ được xóa?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Xóa thành công lệnh.')).toBeVisible(slow);
    await expect.poll(() => badgeCount(page), slow).toBe(before - 1);
    // Found again by its PIN: cancelled, and neither delete nor pay is offered any more.
    await page.getByRole('searchbox', { name: 'Nhập mã PIN hoặc số container' }).fill(pin);
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Đã hủy');
    await expect(page.getByRole('button', { name: `Xóa lệnh ${pin}` }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: `Thanh toán ${pin}` }).first()).toBeDisabled();
  });

  test("searches by PIN and by container number, 'Nạp dữ liệu' reloads, files show 'Không có dữ liệu !'", async ({ page }) => {
    await signIn(page, 'nhanvien');
    await openPendingTab(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const { pin, container } = await rowFacts(page, 2);
    const search = page.getByRole('searchbox', { name: 'Nhập mã PIN hoặc số container' });

    await search.fill(container);
    await search.press('Enter');
    await expect(rows.filter({ hasText: container })).toHaveCount(1);
    await expect(rows.first()).toContainText(pin);

    await search.fill(pin);
    await search.press('Enter');
    await expect(rows.first()).toContainText(pin);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(pin);

    await search.fill('KHONGCO1234');
    await search.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Không tìm thấy dữ liệu.' })).toBeVisible();

    await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
    await expect(search).toHaveValue('');
    await expect(rows.first()).toBeVisible();

    const first = await rowFacts(page);
    await page
      .getByRole('button', { name: `Tệp đính kèm ${first.pin}` })
      .first()
      .click();
    await expect(page.getByText('Không có dữ liệu !')).toBeVisible();
  });

  test('pin codes in the URL hash load the tracking list; /tracking/pincode/{pin} shows one order', async ({ page }) => {
    await signIn(page, 'nhanvien');
    await openPendingTab(page);
    const a = await rowFacts(page, 0);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    let b = a;
    for (let i = 1; b.pin === a.pin; i++) b = await rowFacts(page, i);

    await page.goto(`/#${a.pin},${b.pin}`);
    const tracking = page.getByTestId('tracking-list');
    await expect(tracking).toContainText(`Theo dõi lệnh theo mã PIN: ${a.pin}, ${b.pin}`);
    await expect(tracking.locator('tr.ant-table-row').filter({ hasText: a.pin }).first()).toBeVisible();
    await expect(tracking.locator('tr.ant-table-row').filter({ hasText: b.pin }).first()).toBeVisible();
    for (const text of await tracking.locator('tr.ant-table-row').allInnerTexts())
      expect(text.includes(a.pin) || text.includes(b.pin)).toBe(true);

    await page.goto(`/tracking/pincode/${a.pin}`);
    await expect(page.getByRole('heading', { name: `Theo dõi lệnh ${a.pin}` })).toBeVisible();
    await expect(page.getByTestId('tracking-list').locator('tr.ant-table-row').first()).toContainText(a.pin);
    await expect(rows.filter({ hasNotText: a.pin })).toHaveCount(0);

    // The PIN in a list row opens the same page.
    await page.goto('/');
    await openPendingTab(page);
    await page.getByRole('link', { name: b.pin, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/tracking/pincode/${b.pin}$`));
    await expect(page.getByRole('heading', { name: `Theo dõi lệnh ${b.pin}` })).toBeVisible();

    await page.goto('/tracking/pincode/99999999999');
    await expect(page.getByTestId('tracking-list')).toContainText('Không tìm thấy dữ liệu.');
  });

  test('the dashboard fits 1366×768 and 800 px wide', async ({ page }) => {
    await signIn(page, 'khachhang');
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Loại lệnh' })).toBeVisible(slow);
      await expect(page.getByRole('navigation', { name: 'Tác nghiệp' })).toBeVisible();
      await page.screenshot({ path: `/tmp/home-guide-${width}.png` });
      await page.getByRole('tab', { name: /Lệnh chờ thanh toán/ }).click();
      await expect(page.getByRole('button', { name: 'Nạp dữ liệu' })).toBeVisible();
      await page.screenshot({ path: `/tmp/home-pending-${width}.png` });
      // The page itself never scrolls sideways; the wide table scrolls inside its own frame.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
