import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { containerCheckDigit } from '@smartport/contract';
import { confirm, rowWith } from '../fixtures/grid';
import { demoYardCall } from '../fixtures/orders';
import { demo, openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Issue "every setting acts": 'Cấu hình điểm thu phí theo block' decides where a truck's papers are released. The yard
// block of a container picks the enabled release point serving it; disabling that point on its screen moves the order
// to the next point serving the block (the order detail and the public order page, the gate pass, say so).
const expect = baseExpect.configure({ timeout: 30_000 });
const run = String(Date.now() % 1_000_000).padStart(6, '0');
// Two points of NDP serving block A02 (codes before the demo's TP01, which serves A02 too): the first one wins.
const first = { DIEMPH: `RA${run}`, NAME: `Cổng nhận chứng từ A ${run}` };
const second = { DIEMPH: `RB${run}`, NAME: `Cổng nhận chứng từ B ${run}` };
const label = (p: { DIEMPH: string; NAME: string }) => `${p.DIEMPH} – ${p.NAME}`;

const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
/** A demo yard import in block A02 (MSC, bill MEDUHP2611001), used by no other spec. */
const box = containerNo('MSCU', 261053);

async function tokenOf(request: APIRequestContext, who: 'admin' | 'khachhang') {
  const login = await request.post('/api/auth/login', { data: { UserID: demo[who].user, Password: demo[who].password } });
  return ((await login.json()) as { payload: { access_token: string } }).payload.access_token;
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** The customer's import pickup of `box`, saved (not paid): its order number. */
async function saveImportPickup(page: Page, request: APIRequestContext) {
  const call = await demoYardCall(request);
  const token = await tokenOf(request, 'admin');
  const customers = await request.post('/api/common/getCustomerList', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  const own = ((await customers.json()) as { payload: { CustomerCode: string; TaxCode: string }[] }).payload.find(
    (c) => c.CustomerCode === 'C0000001',
  );
  await signIn(page, 'khachhang', '/', { timeout: 40_000 });
  await openMenu(page, 'Tác nghiệp', 'Lấy nguyên container');
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Hãng khai thác') }), 'MSC - ');
  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
  await picker.getByLabel('Tìm theo tên tàu').fill(call.name);
  await picker.locator('.ant-table-row').filter({ hasText: call.im }).first().click();
  await expect(picker).toBeHidden();
  await page.getByLabel('Số vận đơn (B/L)').fill('MEDUHP2611001');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByRole('button', { name: 'Dán danh sách' }).click();
  const paste = page.getByRole('dialog', { name: 'Dán danh sách container' });
  await paste.getByRole('textbox').fill(box);
  await paste.getByRole('button', { name: 'Thêm vào danh sách' }).click();
  await expect(page.getByTestId('container-count')).toHaveText('Tổng: 1 container, 0 dòng lỗi');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByLabel('Mã số thuế').fill(own?.TaxCode as string);
  await page.getByRole('button', { name: 'Tìm' }).click();
  await expect(page.locator('.ant-descriptions').filter({ hasText: 'Đối tượng thanh toán đã chọn' })).toBeVisible();
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByTestId('charges-total')).toHaveText(/^[\d.]+ VNĐ$/);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByRole('button', { name: 'Lưu lệnh' }).click();
  await expect(page.getByTestId('order-no')).toHaveText(/\S+/);
  return ((await page.getByTestId('order-no').textContent()) ?? '').trim();
}

/** 'Lịch sử lệnh' as the customer: the order's detail, where its papers are released. */
async function releaseOnDetail(page: Page, orderNo: string) {
  await signIn(page, 'khachhang', '/Order/History', { timeout: 40_000 });
  await page.getByLabel('Số container').fill(box);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await page.getByRole('button', { name: `Xem ${orderNo}` }).click();
  const drawer = page.getByRole('dialog', { name: `Lệnh ${orderNo}` });
  await expect(drawer.getByTestId('release-points')).not.toBeEmpty();
  const row = drawer.getByRole('table', { name: 'Container', exact: true }).locator('tr').filter({ hasText: box });
  await expect(row).toContainText('A02');
  return { drawer, shown: (await drawer.getByTestId('release-points').textContent()) ?? '', row: (await row.textContent()) ?? '' };
}

test('the release point by block names where the papers are released; disabling it on its screen moves the order to the next', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await tokenOf(request, 'admin');
  const added = await request.post('/api/config/releasePointByBlock/edit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { data: [first, second].map((p) => ({ TerminalCode: 'NDP', ...p, BLOCK_PREFIX: 'A02', MADVI: 'NDP01', ENABLE: 1 })) },
  });
  expect(added.ok(), await added.text()).toBe(true);

  const orderNo = await saveImportPickup(page, request);
  const before = await releaseOnDetail(page, orderNo);
  expect(before.shown).toBe(label(first));
  expect(before.row).toContain(label(first));
  await page.screenshot({ path: test.info().outputPath('release-detail-1366.png') });
  // The public order page (the gate pass the driver shows) says the same.
  const href = (await before.drawer.getByRole('link', { name: 'Mở liên kết xem lệnh' }).getAttribute('href')) as string;
  await page.goto(href);
  await expect(page.getByTestId('release-points')).toHaveText(label(first));
  await page.screenshot({ path: test.info().outputPath('release-gate-pass-1366.png'), fullPage: true });

  // Staff disable the first point on 'Cấu hình điểm thu phí theo block'.
  await signIn(page, 'admin', '/', { timeout: 40_000 });
  await openMenu(page, 'Quản trị hệ thống', 'Cấu hình điểm thu phí theo block');
  await expect(page).toHaveURL(/\/SystemManager\/release_point$/);
  const enable = rowWith(page, first.NAME).locator('[col-id="ENABLE"] input[type="checkbox"]');
  await expect(enable).toBeChecked();
  await enable.click();
  await expect(enable).not.toBeChecked();
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();

  // The same order now names the next enabled point serving A02.
  const after = await releaseOnDetail(page, orderNo);
  expect(after.shown).toBe(label(second));
  expect(after.row).toContain(label(second));
  await page.goto(href);
  await expect(page.getByTestId('release-points')).toHaveText(label(second));
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: test.info().outputPath('release-gate-pass-800.png'), fullPage: true });
});
