import { expect as baseExpect, type Page } from '@playwright/test';
import { customsStatusText } from '@smartport/contract';
import { findDeclaration } from '@smartport/simulators';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// The customs simulator's fixed demo declarations (apps/simulators/src/customs/customs-data.ts).
const TQ = { no: '305123456710', office: '03EE' };

/**
 * The single scan may not send the same declaration twice within 5 minutes, so each run scans a
 * declaration of its own, one the simulator knows (its answers follow from the number).
 */
function declarationOfThisRun() {
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  for (let i = 0; ; i++) {
    const no = `30${run}${String(i).padStart(4, '0')}`;
    const found = findDeclaration(no, '03EE');
    if (found) return { no, office: '03EE', status: customsStatusText(found.containers[0]?.CustomsStatus) };
  }
}
const NA = { no: '106555444340', office: '51CI' };

// Screens load lazily and the gateway answers queued messages after a delay: allow a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function confirmDialog(page: Page, question: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text, { exact: true })).toBeVisible();

/** The AG Grid under the card whose heading text is `title` (scan list, result, log). */
const gridTitled = (page: Page, title: string) =>
  page
    .locator('div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.locator('.ag-root') })
    .last();

test('single scan: queued 367 message, the result arrives by socket and fills the table', async ({ page }) => {
  const socketFrames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => socketFrames.push(String(f.payload))));
  await signIn(page, 'khachhang');
  await openMenu(page, 'Hải quan', 'Kiểm tra thông quan tờ khai');
  await expect(page).toHaveURL(/\/Custom\/CustomsRelease$/);
  await expect(page.locator('a[href="/docs/huong-dan-thong-quan.pdf"]')).toContainText('(PDF)');
  await expect(page.getByText('Lưu ý: một tờ khai chỉ có thể quét lại sau 5 phút kể từ lần quét trước.')).toBeVisible();

  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await toast(page, 'Nhập đầy đủ thông tin tờ khai');

  const mine = declarationOfThisRun();
  await page.getByLabel('Số tờ khai').fill(` ${mine.no}`);
  await page.getByLabel('Mã hải quan đăng ký').fill(mine.office.toLowerCase());
  await expect(page.getByLabel('Mã hải quan đăng ký')).toHaveValue(mine.office);
  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await confirmDialog(page, 'Xác nhận quét tờ khai này?');
  await toast(page, 'Thông điệp đã được đưa vào hàng đợi!');

  const result = gridTitled(page, 'Kết quả');
  await expect(result.getByRole('gridcell', { name: mine.status, exact: true }).first()).toBeVisible();
  await expect(
    result
      .getByRole('gridcell')
      .filter({ hasText: /^[A-Z]{4}\d{7}$/ })
      .first(),
  ).toBeVisible();
  await expect(
    result
      .getByRole('gridcell')
      .filter({ hasText: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ })
      .first(),
  ).toBeVisible();
  // The page learnt of the result from the 367.1 event, not by asking again and again.
  expect(socketFrames.some((f) => f.includes('customs_result') && f.includes('367.1'))).toBe(true);

  // A second scan within 5 minutes is not sent again: the note says when it can be.
  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await confirmDialog(page, 'Xác nhận quét tờ khai này?');
  await expect(page.locator('.ant-message').getByText(/có thể quét lại sau 5 phút/)).toBeVisible();
  await page.screenshot({ path: '/tmp/customs-single.png' });
});

test('batch scan: duplicate and empty-list messages, statuses per declaration, a selected row shows its containers', async ({ page }) => {
  await signIn(page, 'nhanvien');
  await openMenu(page, 'Hải quan', 'Kiểm tra thông quan theo lô');
  await page.getByRole('button', { name: 'Bắt đầu quét' }).click();
  await toast(page, 'Chưa có tờ khai nào trong danh sách quét');

  for (const d of [TQ, NA]) {
    await page.getByLabel('Số tờ khai').fill(d.no);
    await page.getByLabel('Mã hải quan đăng ký').fill(d.office);
    await page.getByRole('button', { name: 'Thêm' }).click();
  }
  await page.getByLabel('Số tờ khai').fill(NA.no);
  await page.getByRole('button', { name: 'Thêm' }).click();
  await toast(page, 'Tờ khai đã có trong danh sách quét');

  await page.getByRole('button', { name: 'Bắt đầu quét' }).click();
  await confirmDialog(page, 'Xác nhận quét danh sách tờ khai này?');
  const list = gridTitled(page, 'Danh sách quét');
  await expect(list.getByRole('gridcell', { name: 'Thông quan', exact: true })).toBeVisible();
  const naCell = list.getByRole('gridcell', { name: 'Không đủ điều kiện qua khu vực giám sát', exact: true });
  await expect(naCell).toBeVisible();
  await expect(naCell).toHaveCSS('color', 'rgb(220, 38, 38)');

  const result = gridTitled(page, 'Kết quả');
  // The first declaration is selected after the scan.
  await expect(result.getByRole('gridcell', { name: 'Thông quan', exact: true }).first()).toBeVisible();
  await list.getByRole('gridcell', { name: NA.no, exact: true }).click();
  await expect(result.getByRole('gridcell', { name: 'Không đủ điều kiện qua khu vực giám sát', exact: true }).first()).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'Thông quan', exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/customs-batch.png' });
});

test('gate scan (363) with a voyage chosen in the vessel picker', async ({ page }) => {
  await signIn(page, 'nhanvien');
  await openMenu(page, 'Hải quan', 'Container đủ điều kiện qua KVGS');
  await expect(page.getByRole('heading', { name: 'CONTAINER ĐỦ ĐIỀU KIỆN QUA KVGS' })).toBeVisible();
  await page.getByLabel('Số container').fill('MSCU1234565');
  await page.getByRole('button', { name: 'Thêm' }).click();
  await toast(page, 'Nhập đầy đủ thông tin tàu/chuyến và số container');

  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
  await expect(picker).toBeVisible();
  const firstName = (await picker.locator('tbody tr.ant-table-row td').first().innerText()).trim();
  await picker.getByLabel('Tìm theo tên tàu').fill(firstName.slice(0, 5).toLowerCase());
  await expect(picker.getByLabel('Tìm theo tên tàu')).toHaveValue(firstName.slice(0, 5).toUpperCase());
  const row = picker.locator('tbody tr.ant-table-row').first();
  const [imVoy, exVoy] = [(await row.locator('td').nth(1).innerText()).trim(), (await row.locator('td').nth(2).innerText()).trim()];
  const vesselName = (await row.locator('td').first().innerText()).trim();
  await row.click();
  await expect(picker).toBeHidden();
  const title = `${vesselName} / ${imVoy} / ${exVoy}`;
  await expect(page.getByLabel('Tàu/Chuyến')).toHaveValue(title);

  await page.getByRole('button', { name: 'Thêm' }).click();
  await expect(page.getByLabel('Số container')).toHaveValue('');
  await page.getByLabel('Số container').fill('maeu7654321');
  await page.getByRole('button', { name: 'Thêm' }).click();
  await page.getByLabel('Số container').fill('MSCU1234565');
  await page.getByRole('button', { name: 'Thêm' }).click();
  await toast(page, 'Container đã có trong danh sách quét');

  const list = gridTitled(page, 'Danh sách quét');
  // New entries go on top.
  await expect(list.locator('.ag-row[row-index="0"]')).toContainText('MAEU7654321');
  await page.getByRole('button', { name: 'Bắt đầu quét' }).click();
  await confirmDialog(page, 'Xác nhận quét danh sách tờ khai này?');

  const result = gridTitled(page, 'Kết quả');
  await expect(result.getByRole('gridcell', { name: 'MAEU7654321', exact: true })).toBeVisible();
  await expect(result.getByRole('gridcell', { name: title, exact: true })).toBeVisible();
  await expect(result.getByRole('gridcell', { name: vesselName, exact: true })).toBeVisible();
  await list.getByRole('gridcell', { name: 'MSCU1234565', exact: true }).click();
  await expect(result.getByRole('gridcell', { name: 'MSCU1234565', exact: true })).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'MAEU7654321', exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/customs-gate.png' });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: '/tmp/customs-gate-800.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('button', { name: 'Làm mới' }).click();
  await expect(list.getByRole('gridcell', { name: 'MSCU1234565', exact: true })).toHaveCount(0);
  await expect(result.getByRole('gridcell', { name: 'MSCU1234565', exact: true })).toHaveCount(0);
});

test('request log: empty until queried, then the requests just made with their raw data', async ({ page }) => {
  await signIn(page, 'nhanvien');
  await openMenu(page, 'Hải quan', 'Lịch sử truy vấn thông quan');
  await expect(page).toHaveTitle('Lịch sử truy vấn thông quan');
  const log = gridTitled(page, 'Lịch sử truy vấn thông quan');
  await expect(log.locator('.ag-row')).toHaveCount(0);
  // Spec 01 §2 defaults: today 00:00:00 to today 23:59:59, every message type.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }));
  await expect(page.getByLabel('Từ ngày')).toHaveValue(`${today} 00:00:00`);
  await expect(page.getByLabel('Đến ngày')).toHaveValue(`${today} 23:59:59`);
  await expect(page.locator('.ant-select').filter({ has: page.getByLabel('Loại thông điệp') })).toContainText('Tất cả');

  await page.getByRole('button', { name: 'Truy vấn' }).click();
  await expect(log.getByRole('gridcell', { name: '363', exact: true })).toBeVisible();
  await expect(log.getByRole('gridcell', { name: '367', exact: true }).first()).toBeVisible();
  await expect(log.getByRole('gridcell', { name: 'khachhang', exact: true }).first()).toBeVisible();

  // Only 363 for the sender nhanvien.
  await page.getByLabel('Loại thông điệp').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option[title="363"]').click();
  await page.getByLabel('Người gửi').fill('nhanvien');
  await page.getByRole('button', { name: 'Truy vấn' }).click();
  await expect(log.getByRole('gridcell', { name: '367', exact: true })).toHaveCount(0);
  await expect(log.getByRole('gridcell', { name: '363', exact: true }).first()).toBeVisible();
  await expect(
    log
      .getByRole('gridcell')
      .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ })
      .first(),
  ).toBeVisible();

  await log.getByRole('button', { name: 'Xem' }).first().click();
  const sent = page.getByRole('dialog').filter({ hasText: 'Dữ liệu gửi' });
  await expect(sent.locator('pre')).toContainText('"containers": [');
  await expect(sent.locator('pre')).toContainText('MSCU1234565');
  await page.screenshot({ path: '/tmp/customs-log-dialog.png' });
  await sent.getByRole('button', { name: 'OK' }).click();
  await expect(sent).toBeHidden();

  await log.getByRole('button', { name: 'Xem' }).nth(1).click();
  const received = page.getByRole('dialog').filter({ hasText: 'Dữ liệu nhận' });
  await expect(received.locator('pre')).toContainText('"rows": [');
  await received.getByRole('button', { name: 'OK' }).click();

  // Both dates are required (spec 01 §5), the end date checked after the start date.
  const clear = async (label: string) => {
    await page.getByLabel(label).hover();
    await page
      .locator('.ant-picker')
      .filter({ has: page.getByLabel(label) })
      .locator('.ant-picker-clear')
      .click();
    await expect(page.getByLabel(label)).toHaveValue('');
  };
  await clear('Đến ngày');
  await page.getByRole('button', { name: 'Truy vấn' }).click();
  await toast(page, 'Nhập ngày kết thúc');
  await clear('Từ ngày');
  await page.getByRole('button', { name: 'Truy vấn' }).click();
  await toast(page, 'Nhập ngày bắt đầu');
});

test('spec 01 §8 "Server error codes are not shown": a failed answer without the server\'s words names no status', async ({ page }) => {
  // Run alone, this is the first page of a fresh server: give the shell time on a busy machine.
  await signIn(page, 'nhanvien', '/', { timeout: 60_000 });
  await openMenu(page, 'Hải quan', 'Lịch sử truy vấn thông quan');
  await expect(page).toHaveTitle('Lịch sử truy vấn thông quan');
  // What a proxy in front of the portal answers when the server is down: a 502 page, not the portal's reply.
  await page.route('**/api/custom/get_log_custom_req', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }),
  );
  await page.getByRole('button', { name: 'Truy vấn' }).click();
  const shown = page.locator('.ant-message-notice');
  await expect(shown).toHaveText('Hệ thống đang bận hoặc gặp sự cố, vui lòng thử lại sau.');
  await expect(shown).not.toContainText('502');
});
