import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { containerNumber } from '@smartport/contract';
import { confirm } from '../fixtures/grid';
import { demoImportPickup, openPayment, payByCard, type SavedOrder, tokenOf } from '../fixtures/orders';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Issue "every setting acts": 'Cấu hình Loyalty' drives the points. PoinForTeu changed on its screen is what the next
// paid order earns (seen on the customer's 'Điểm tích lũy' with its tier); points spent at payment are a discount line
// on the order, worth PoinToVND each (docs/decisions.md 'Loyalty points').
const expect = baseExpect.configure({ timeout: 30_000 });

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** Unpaid import pickups of the demo customer, one demo-yard container each; paid later on the home page. */
async function customerOrders(request: APIRequestContext, serials: number[]): Promise<SavedOrder[]> {
  const token = await tokenOf(request);
  const orders: SavedOrder[] = [];
  for (const serial of serials) orders.push(await demoImportPickup(request, token, containerNumber('MSCU', serial)));
  return orders;
}

/** 'Cấu hình Loyalty' as the administrator fills it: the five numbers, 'Lưu', 'Lưu lại ?'. */
async function saveLoyalty(page: Page, values: Record<string, number>) {
  await signIn(page, 'admin', '/', { timeout: 40_000 });
  await openMenu(page, 'Quản trị hệ thống', 'Cấu hình Loyalty');
  const form = page.getByTestId('settings-form-loyalty');
  // The stored values arrive first (the inputs are disabled until then; typing before would be reset by them).
  await expect(form.getByLabel('Điểm mỗi TEU', { exact: true })).toBeEnabled();
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(String(value));
  await form.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
}

test.describe('loyalty points', () => {
  test.setTimeout(240_000);

  test('the loyalty screen refuses negative and fractional numbers in Vietnamese', async ({ page }) => {
    await signIn(page, 'admin', '/', { timeout: 40_000 });
    await openMenu(page, 'Quản trị hệ thống', 'Cấu hình Loyalty');
    const form = page.getByTestId('settings-form-loyalty');
    const perTeu = form.getByLabel('Điểm mỗi TEU', { exact: true });
    await expect(perTeu).toBeEnabled();
    await perTeu.fill('-3');
    await expect(form.getByText('Số điểm cho 1 TEU phải là số nguyên không âm')).toBeVisible();
    await perTeu.fill('2.5');
    await expect(form.getByText('Số điểm cho 1 TEU phải là số nguyên không âm')).toBeVisible();
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(toast(page, 'Số điểm cho 1 TEU phải là số nguyên không âm')).toBeVisible();
    // Nothing was asked or saved: no 'Lưu lại ?'.
    await expect(page.getByRole('dialog').filter({ hasText: 'Lưu lại ?' })).toHaveCount(0);
  });

  test('PoinForTeu set on its screen is what a paid order earns; the tier follows; points pay as a discount line', async ({
    page,
    request,
  }) => {
    // Demo-yard containers of bill MEDUHP2611001 no other spec takes.
    const [earnOrder, spendOrder] = (await customerOrders(request, [261057, 261058])) as [SavedOrder, SavedOrder];
    // 7 points per TEU, 1 point = 1.000 VNĐ; Bronze from 1 point, Silver far away.
    await saveLoyalty(page, {
      'Điểm mỗi TEU': 7,
      'Giá trị 1 điểm': 1000,
      'Mức hạng Vàng': 10_000_000,
      'Mức hạng Bạc': 5_000_000,
      'Mức hạng Đồng': 1,
    });

    // The customer pays an order and sees the points it earned at 7 per TEU, and the tier.
    await signIn(page, 'khachhang', '/', { timeout: 40_000 });
    await payByCard(await openPayment(page, earnOrder.PinCode));
    await openMenu(page, 'Tài khoản', 'Điểm tích lũy');
    const row = page.getByTestId('loyalty-statement').locator('.ant-table-row').filter({ hasText: earnOrder.OrderNo });
    await expect(row).toContainText('Tích điểm');
    await expect(row).toContainText('7 điểm/TEU');
    const cells = row.locator('td');
    const teu = Number(await cells.nth(4).textContent());
    expect(teu).toBeGreaterThan(0);
    await expect(cells.nth(6)).toHaveText(`+${teu * 7}`);
    await expect(page.getByTestId('loyalty-tier')).toHaveText('Đồng');
    const balance = Number(
      (await page.getByTestId('loyalty-balance').locator('.ant-statistic-content-value').textContent())?.replace(/\D/g, ''),
    );
    expect(balance).toBeGreaterThanOrEqual(teu * 7);
    await page.screenshot({ path: test.info().outputPath('loyalty-mine-1366.png') });
    await page.setViewportSize({ width: 800, height: 768 });
    await page.screenshot({ path: test.info().outputPath('loyalty-mine-800.png') });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Spending at payment: 5 points = 5.000 VNĐ off, a discount line on the draft invoice, then paid.
    await page.goto('/');
    const dialog = await openPayment(page, spendOrder.PinCode);
    const redeem = dialog.getByTestId('loyalty-redeem');
    await expect(redeem).toContainText(`Quý khách có ${balance} điểm (hạng Đồng)`);
    await redeem.getByLabel('Số điểm dùng').fill('5');
    await expect(redeem).toContainText('Giảm 5.000');
    await redeem.getByRole('button', { name: 'Áp dụng' }).click();
    await expect(dialog.getByTestId('loyalty-redeemed')).toContainText('Đã dùng 5 điểm tích lũy, giảm 5.000');
    await dialog.getByRole('button', { name: 'Xem hóa đơn nháp' }).click();
    const draft = page.getByRole('dialog', { name: 'Hóa đơn nháp' });
    const frame = draft.frameLocator('[data-testid="draft-invoice"]');
    await expect(frame.getByText('Giảm trừ điểm tích lũy (Loyalty)')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('loyalty-draft-discount.png') });
    await draft.locator('.ant-modal-close').click();
    await payByCard(dialog);

    await page.goto('/Personal/Loyalty');
    const spent = page.getByTestId('loyalty-statement').locator('.ant-table-row').filter({ hasText: spendOrder.OrderNo });
    await expect(spent.filter({ hasText: 'Dùng điểm thanh toán' })).toContainText('-5');
    await expect(spent.filter({ hasText: 'Dùng điểm thanh toán' })).toContainText('1.000 VNĐ/điểm');
  });
});
