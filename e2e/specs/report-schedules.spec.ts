import { expect as baseExpect, type Page } from '@playwright/test';
import { openMenu, pickOption, runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Lịch gửi báo cáo' (issue 27 item 7c): staff add a schedule of 'Thống kê theo khách hàng' on the screen (a wrong
// address refused in the dialog, the input kept), press 'Gửi ngay', and the recipient's mailbox on the portal's mail
// server receives the workbook; the screen shows the run.
const expect = baseExpect.configure({ timeout: 30_000 });
const run = Date.now().toString(36).slice(-5);

interface Mail {
  id: string;
  subject: string;
  attachments: { filename: string | null; contentType: string; size: number }[];
}
async function inbox(to: string): Promise<Mail[]> {
  const sim = runtimeInfo().simulators.mail;
  const list = (await (await fetch(`${sim}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${sim}/messages/${m.id}`)).json()) as Mail));
}

const item = (page: Page, field: string) => page.getByRole('dialog').locator(`.ant-form-item:has(label[for="${field}"])`);

test('staff schedule a customer report and its workbook reaches the recipient', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'nhanvien', '/', { timeout: 60_000 });
  await openMenu(page, 'Thống kê', 'Lịch gửi báo cáo');
  await expect(page).toHaveURL(/\/CRM\/ReportSchedules$/);
  await expect(page.getByRole('heading', { name: 'Lịch gửi báo cáo' })).toBeVisible();

  await page.getByRole('button', { name: 'Thêm lịch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Thêm lịch gửi báo cáo')).toBeVisible();
  await pickOption(page, item(page, 'ReportKind').locator('.ant-select'), 'Thống kê theo khách hàng');
  await pickOption(page, item(page, 'Period').locator('.ant-select'), 'Tuần trước');
  await pickOption(page, item(page, 'Frequency').locator('.ant-select'), 'Hằng tuần');
  await pickOption(page, item(page, 'WeekDay').locator('.ant-select'), 'Thứ hai');
  await item(page, 'SendTime').locator('input').fill('06:30');
  await pickOption(page, item(page, 'TerminalCodes').locator('.ant-select'), 'NDP');
  await page.keyboard.press('Escape');
  const to = `giamdoc-${run}@cang.vn`;
  await item(page, 'Recipients').locator('textarea').fill(`${to}; ke toan`);
  await dialog.getByRole('button', { name: 'Lưu lại' }).click();
  await expect(page.getByTestId('report-schedule-error')).toContainText('Email người nhận không hợp lệ: "ke"');
  await item(page, 'Recipients').locator('textarea').fill(`${to}; ketoan-${run}@cang.vn`);
  await dialog.getByRole('button', { name: 'Lưu lại' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu lịch gửi báo cáo thành công !' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('report-schedules').locator('tbody tr').filter({ hasText: to });
  await expect(row).toContainText('Thống kê theo khách hàng');
  await expect(row).toContainText('Tuần trước');
  await expect(row).toContainText('Hằng tuần – Thứ hai lúc 06:30');
  await expect(row).toContainText('NDP');

  await row.getByRole('button', { name: 'Gửi ngay' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Đã xếp hàng gửi báo cáo' })).toBeVisible();
  await expect(row).toContainText('Đã xếp hàng gửi');

  // The mail queue sends every 10 s.
  await expect.poll(async () => (await inbox(to)).length, { timeout: 90_000, intervals: [2_000] }).toBe(1);
  const [mail] = await inbox(to);
  expect(mail?.subject).toContain('Thống kê theo khách hàng');
  const file = mail?.attachments.find((a) => a.filename?.startsWith('thong-ke-theo-khach-hang_'));
  expect(file?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(file?.size ?? 0).toBeGreaterThan(1000);
});
