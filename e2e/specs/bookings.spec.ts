import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// The shipping line's bookings (menu 'Nghiệp vụ hãng tàu' › 'Booking'): `hangtau` (MSC) lists the demo booking MSCB2611001 at NDP
// (apps/server/src/db/seed/bookings.data.ts: 22G1 × 40, 45G1 × 20, shipper C0000001), issues a booking of two sizes, is
// refused the same number again, amends a quantity with a reason and cancels the booking with a reason.
const SHOTS = '/tmp/booking-shots';

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** A port day `days` from today, as the date picker takes it (DD/MM/YYYY, Asia/Ho_Chi_Minh). */
const portDay = (days: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Fills 'Phát hành booking' for `no` at NDP: the shipper, a last day and the sizes given. */
async function fillIssue(page: Page, dialog: Locator, no: string, shipper: string, lines: [string, number][]) {
  await pickOption(page, dialog.locator('.ant-select').filter({ has: page.getByLabel('Cảng') }), 'NDP');
  await dialog.getByLabel('Số booking').fill(no.toLowerCase());
  await dialog.getByLabel('MST chủ hàng').fill(shipper);
  await dialog.getByLabel('Hạn', { exact: true }).fill(portDay(15));
  await dialog.getByLabel('Hạn', { exact: true }).press('Enter');
  for (const [i, [size, quantity]] of lines.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Thêm kích cỡ' }).click();
    await dialog.getByLabel(`Kích cỡ ${i + 1}`, { exact: true }).fill(size);
    await dialog.getByLabel(`Số lượng ${i + 1}`, { exact: true }).fill(String(quantity));
  }
}

test('the line lists, issues, amends and cancels its bookings', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, 'hangtau', '/Line/Booking', { timeout: 40_000 });

  await expect(page.getByRole('navigation', { name: 'Menu' }).getByText('Booking', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Booking - /);

  // The demo booking: MSC at NDP, active, 40 × 22G1 and 20 × 45G1, for the demo customer.
  const bookingRow = (no: string) => page.locator('tr.ant-table-row').filter({ hasText: no });
  const demo = bookingRow('MSCB2611001');
  await expect(demo).toContainText('NDP');
  await expect(demo).toContainText('Hiệu lực');
  await expect(demo).toContainText(/22G1: \d+\/40 rỗng đã cấp, \d+\/40 hàng đã hạ/);
  await expect(demo).toContainText(/45G1: \d+\/20 rỗng đã cấp, \d+\/20 hàng đã hạ/);
  await expect(demo).toContainText('hangtau');
  const shipper = /\b0\d{9}\b/.exec(await demo.innerText())?.[0] as string;
  expect(shipper, 'the demo customer’s tax code').toBeTruthy();
  await shots(page, 'booking-list');

  // 'Xuất Excel': the listed rows, each size as the list shows it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/Booking.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const cells: string[] = [];
  wb.worksheets[0]?.eachRow((r) => {
    r.eachCell((c) => {
      cells.push(String(c.value ?? ''));
    });
  });
  expect(cells).toContain('MSCB2611001');
  expect(cells.some((c) => /^22G1: \d+\/40 rỗng đã cấp, \d+\/40 hàng đã hạ\n45G1: /.test(c))).toBe(true);

  // Issue a new booking of two sizes (typed in lower case): it is listed, upper-cased, with nothing used yet.
  const no = `MSCB${String(Date.now()).slice(-9)}`;
  await page.getByRole('button', { name: 'Phát hành booking' }).click();
  const issue = page.getByRole('dialog').filter({ hasText: 'Kích cỡ và số lượng' });
  await expect(issue).toBeVisible();
  await fillIssue(page, issue, no, shipper, [
    ['22g1', 2],
    ['45g1', 1],
  ]);
  await shots(page, 'booking-issue');
  await issue.getByRole('button', { name: 'Phát hành', exact: true }).click();
  await expect(toast(page, `Đã phát hành booking ${no}.`)).toBeVisible();
  await expect(issue).toBeHidden();
  await expect(bookingRow(no)).toContainText('22G1: 0/2 rỗng đã cấp, 0/2 hàng đã hạ');
  await expect(bookingRow(no)).toContainText('45G1: 0/1 rỗng đã cấp, 0/1 hàng đã hạ');
  await expect(bookingRow(no)).toContainText('Hiệu lực');
  await expect(bookingRow(no)).toContainText(shipper);
  await expect(bookingRow(no)).toContainText(portDay(15));

  // The same number again: the server's refusal in the dialog, the input kept.
  await page.getByRole('button', { name: 'Phát hành booking' }).click();
  await expect(issue).toBeVisible();
  await fillIssue(page, issue, no, shipper, [['22g1', 1]]);
  await issue.getByRole('button', { name: 'Phát hành', exact: true }).click();
  await expect(issue.getByTestId('issue-error')).toContainText(`Booking ${no} của hãng MSC đã có.`);
  await expect(issue.getByLabel('Số booking')).toHaveValue(no);
  await expect(issue.getByLabel('Kích cỡ 1', { exact: true })).toHaveValue('22G1');
  await shots(page, 'booking-issue-refused');
  await issue.getByRole('button', { name: 'Hủy bỏ' }).click();
  await expect(issue).toBeHidden();

  // 'Sửa': the lines come prefilled; a new quantity needs a reason.
  await bookingRow(no).getByRole('button', { name: 'Sửa', exact: true }).click();
  const amend = page.getByRole('dialog').filter({ hasText: `Sửa booking ${no}` });
  await expect(amend.getByLabel('Kích cỡ 2', { exact: true })).toHaveValue('45G1');
  await amend.getByLabel('Số lượng 1', { exact: true }).fill('5');
  await amend.getByRole('button', { name: 'Cập nhật' }).click();
  await expect(amend.getByText('Vui lòng nhập lý do')).toBeVisible();
  await amend.getByLabel('Lý do').fill('Chủ hàng tăng số container xuất');
  await shots(page, 'booking-amend');
  await amend.getByRole('button', { name: 'Cập nhật' }).click();
  await expect(toast(page, `Đã cập nhật booking ${no}.`)).toBeVisible();
  await expect(amend).toBeHidden();
  await expect(bookingRow(no)).toContainText('22G1: 0/5 rỗng đã cấp, 0/5 hàng đã hạ');

  // 'Hủy' with a reason: 'Đã hủy', no more actions.
  await bookingRow(no).getByRole('button', { name: 'Hủy', exact: true }).click();
  const cancel = page.getByRole('dialog').filter({ hasText: `Hủy booking ${no}` });
  await cancel.getByLabel('Lý do').fill('Chủ hàng hủy lô hàng xuất');
  await shots(page, 'booking-cancel');
  await cancel.getByRole('button', { name: 'Hủy booking', exact: true }).click();
  await expect(toast(page, `Đã hủy booking ${no}.`)).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(bookingRow(no)).toContainText('Đã hủy');
  await expect(bookingRow(no).getByRole('button', { name: 'Sửa', exact: true })).toHaveCount(0);

  // Only cancelled ones under 'Đã hủy'.
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Trạng thái') }), 'Đã hủy');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  await expect(bookingRow(no)).toBeVisible();
  await expect(bookingRow('MSCB2611001')).toHaveCount(0);
  await shots(page, 'booking-cancelled');
});
