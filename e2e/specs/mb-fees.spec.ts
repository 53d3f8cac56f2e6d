import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { confirm, editorReady, grid } from '../fixtures/grid';
import { openPayment } from '../fixtures/orders';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Mức phí xử lý giao dịch thông qua MB-NAPAS' and 'Mức phí dịch vụ áp dụng cho giao dịch thông qua MB-NAPAS'
// (spec 03) charge every MB card payment: the fee set on the screen is shown in the payment dialog before paying,
// stored on the payment and added up by the MB summary (spec 02 §2.6.2, 'Phí dịch vụ').
const expect = baseExpect.configure({ timeout: 30_000 });

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** An unpaid pay-now order whose payment needs no approval. */
async function payableOrder(request: APIRequestContext, headers: Record<string, string>) {
  const list = await request.post('/api/tracking/DashboadEirSevTracking', { headers, data: {} });
  const rows = (
    (await list.json()) as { payload: { OrderNo: string; PinCode: string; MoneyCredit: string; TransactionId: string | null }[] }
  ).payload;
  for (const r of rows.filter((x) => x.MoneyCredit === 'M' && !x.TransactionId).reverse()) {
    const inquiry = await request.post('/api/payment/home_order_inquiry', { headers, data: { orderNo: r.OrderNo } });
    const body = (await inquiry.json()) as { data?: { skip_approval: boolean } };
    if (body.data?.skip_approval) return r;
  }
  throw new Error('no unpaid order that skips approval in the demo data');
}

/** The MB summary's total service fee of today (crm/dashboard_mb_chart_load, as the report asks it). */
async function feesToday(request: APIRequestContext, headers: Record<string, string>) {
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const res = await request.post('/api/crm/dashboard_mb_chart_load', {
    headers,
    data: { loadType: 'day', fromTime: `${today} 00:00:00`, toTime: `${today} 23:59:59` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const data = ((await res.json()) as { data: Record<string, { ThanhToan: number }[]> }).data;
  return Object.values(data)
    .flat()
    .reduce((s, r) => s + r.ThanhToan, 0);
}

const vnd = (n: number) => `${n.toLocaleString('vi-VN')} VNĐ`;

async function setProcessingFee(page: Page, fee: number) {
  await openMenu(page, 'Quản trị hệ thống', 'Mức phí xử lý giao dịch thông qua MB-NAPAS');
  await expect(page).toHaveURL(/\/SystemManager\/mb_fee$/);
  const cell = grid(page).locator('[row-index="0"] [col-id="FeeSchedule"]');
  await expect(cell).toBeVisible();
  await cell.dblclick();
  await editorReady(page, { timeout: 30_000 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(fee));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Lưu dữ liệu hoàn tất !' }).first()).toBeVisible();
  await expect(cell).toHaveText(fee.toLocaleString('vi-VN'));
}

test('the MB-NAPAS fee set on its screen is shown before an MB card payment, stored, and summed by the MB summary', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await adminHeaders(request);
  const order = await payableOrder(request, headers);
  const fee = 3000 + (Date.now() % 900);
  await signIn(page, 'admin', '/', { timeout: 40_000 });
  await setProcessingFee(page, fee);

  // Home → 'Lệnh chờ thanh toán' → pay → MB card: the fee is shown before the card is typed.
  await page.goto('/');
  const dialog = await openPayment(page, order.PinCode);
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await dialog.getByRole('button', { name: /Thẻ nội địa/ }).click();
  const shown = dialog.getByTestId('mb-fee');
  await expect(shown).toContainText(`Phí xử lý giao dịch: ${vnd(fee)}`);
  const total = Number(
    /Phí dịch vụ thanh toán qua MB-NAPAS: ([\d.]+) VNĐ/.exec((await shown.textContent()) ?? '')?.[1]?.replaceAll('.', ''),
  );
  expect(total).toBeGreaterThan(fee);
  await page.screenshot({ path: '/tmp/mb-fee-dialog-1366.png' });

  const before = await feesToday(request, headers);
  await dialog.getByLabel('Số thẻ').fill('9704180000123456');
  await expect(dialog.getByLabel('Ngày phát hành')).toBeVisible();
  await dialog.getByLabel('Ngày phát hành').fill('0324');
  await dialog.getByLabel('Tên chủ thẻ').fill('Nguyễn Văn An');
  await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
  await dialog.getByLabel('Mã OTP').fill('123456');
  await dialog.getByRole('button', { name: 'Xác nhận OTP' }).click();
  await expect(dialog.getByText('Thanh toán thành công !')).toBeVisible();
  // The MB summary's 'Phí dịch vụ' grew by exactly the fee the payer was shown.
  await expect.poll(() => feesToday(request, headers)).toBe(before + total);
});
