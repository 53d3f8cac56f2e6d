import { expect, type Page } from '@playwright/test';
import { openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Duyệt lệnh': a staff member approves one waiting order and rejects another with a reason; the approved
// one is then among the approved orders, is cancelled with a reason and its invoice cancellation is traced; the rejected
// one is among the cancelled with its reason.
const SHOTS = '/tmp/accept';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
// The demo orders waiting at NDP (apps/server/src/db/seed/approval-queue.data.ts): serial 9000002 is a drop-off of
// export cargo paid by the demo customer, 9000005 an unstuffing.
const dropOff = /NDP\d{6}9000002/;
const unstuffing = /NDP\d{6}9000005/;

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('staff approve one waiting order, reject another with a reason, cancel the approved one and trace its invoice', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'nhanvien', '/', { timeout: 40_000 });
  await openMenu(page, 'Tác nghiệp', 'Duyệt lệnh');
  await expect(page).toHaveURL(/\/Order\/AcceptOrder$/);
  await expect(page.getByRole('heading', { name: 'Duyệt lệnh' })).toBeVisible();

  const rows = page.getByRole('row');
  const approveRow = rows.filter({ hasText: dropOff });
  const rejectRow = rows.filter({ hasText: unstuffing });
  await expect(approveRow).toContainText('Chờ duyệt');
  await expect(approveRow).toContainText('Thu ngay');
  await expect(rejectRow).toBeVisible();
  await shots(page, 'queue');

  // Approve: the confirmation, then the server's message; the order leaves the waiting list.
  await approveRow.getByRole('button', { name: 'Duyệt' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Duyệt lệnh này ?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Duyệt' }).click();
  await expect(toast(page, 'Xác nhận thành công lệnh.')).toBeVisible();
  await expect(approveRow).toHaveCount(0);

  // Reject: a reason is required.
  await rejectRow.getByRole('button', { name: 'Từ chối' }).click();
  const reasonBox = page.getByRole('dialog').filter({ hasText: 'Từ chối lệnh' });
  await expect(reasonBox).toBeVisible();
  await reasonBox.getByRole('button', { name: 'Từ chối' }).click();
  await expect(reasonBox.getByText('Vui lòng nhập lý do')).toBeVisible();
  await reasonBox.getByLabel('Lý do').fill('Container đang bị giữ kiểm hóa');
  await shots(page, 'reject');
  await reasonBox.getByRole('button', { name: 'Từ chối' }).click();
  await expect(toast(page, 'Đã từ chối lệnh.')).toBeVisible();
  await expect(rejectRow).toHaveCount(0);

  // The approved order among the approved ones, with its approver.
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Trạng thái') }), 'Đã duyệt');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  await expect(approveRow).toContainText('Đã duyệt');
  await expect(approveRow).toContainText('nhanvien');
  await shots(page, 'approved');

  // Cancel the approved order with a reason: its invoice is cancelled with the provider, every step traced.
  await approveRow.getByRole('button', { name: 'Hủy lệnh' }).click();
  const cancelBox = page.getByRole('dialog').filter({ hasText: 'Hủy lệnh đã duyệt' });
  await cancelBox.getByLabel('Lý do').fill('Khách hàng đổi kế hoạch giao nhận');
  await cancelBox.getByRole('button', { name: 'Hủy lệnh' }).click();
  await expect(toast(page, 'Đã hủy lệnh.')).toBeVisible();
  await expect(approveRow).toHaveCount(0);

  // The rejected one among the cancelled, with its reason.
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Trạng thái') }), 'Đã hủy');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  await expect(rejectRow).toContainText('Đã hủy');
  await expect(rejectRow).toContainText('Lý do: Container đang bị giữ kiểm hóa');

  // The cancelled order's invoice trace (task/invoice/cancel/trackingInvoiceDraftDetails).
  await expect(approveRow).toContainText('Đã hủy');
  await approveRow.getByRole('button', { name: 'Truy vết hủy hóa đơn' }).click();
  const trace = page.getByRole('dialog').filter({ hasText: 'Truy vết hủy hóa đơn' });
  for (const step of ['Yêu cầu hủy hóa đơn', 'Nhà cung cấp đã hủy hóa đơn', 'Hoàn tất hủy hóa đơn'])
    await expect(trace.getByRole('cell', { name: step })).toBeVisible();
  await shots(page, 'trace');
});
