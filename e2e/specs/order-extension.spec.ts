import { expect as baseExpect } from '@playwright/test';
import { containerNumber } from '@smartport/contract';
import { call, paidImportPickup, tokenOf } from '../fixtures/orders';
import { runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// A late truck: an import pickup paid and delivered to the TOS, the truck comes after the order's expiry (the TOS's
// clock moved three days on), the gate refuses it as expired; the portal reads that from the TOS's yard events and
// makes an extension order (gia hạn) for the extra storage days. The customer sees it among the unpaid orders on the
// home page, pays it by card + OTP, and the gate then lets the container in and out; the order ends completed (HT).
const expect = baseExpect.configure({ timeout: 30_000 });
const box = containerNumber('MSCU', 261055);
/** The TOS's yard events are read every 30 s. */
const yardRead = { timeout: 90_000, intervals: [2_000] };

interface Detail {
  OrderNo: string;
  PinCode: string;
  TosStatus: string;
  YardState: string;
  ExtensionDue: { OrderNo: string; TotalAmount: number } | null;
}

test.describe('an order extended for a late truck', () => {
  test.setTimeout(300_000);

  test('the customer pays the extension due and the gate lets the container out; the order is completed', async ({ page, request }) => {
    const tos = runtimeInfo().simulators.tos as string;
    const gate = async (pin: string, direction: 'in' | 'out') => {
      const r = await fetch(`${tos}/api/gate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pin: pin.split('-')[0], containerNo: box, direction }),
      });
      return { status: r.status, body: (await r.json()) as { reason?: string } };
    };

    // An import pickup of a demo-yard container, expiring tomorrow, paid by card and delivered to the TOS (by calls).
    const token = await tokenOf(request);
    const order = await paidImportPickup(request, token, box);
    const detail = async () => (await call<{ data: Detail }>(request, token, 'task/order/getOrder', { OrderNo: order.OrderNo })).data;
    await expect.poll(async () => (await detail()).TosStatus).toBe('sent');

    // Three days later at the gate: refused, the order expired.
    await fetch(`${tos}/_knobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clockOffsetMs: 3 * 86_400_000 }),
    });
    expect(await gate(order.PinCode, 'in')).toMatchObject({ status: 422, body: { reason: 'EXPIRED' } });
    await expect.poll(async () => (await detail()).ExtensionDue?.OrderNo ?? null, yardRead).not.toBeNull();
    const due = (await detail()).ExtensionDue as { OrderNo: string; TotalAmount: number };
    expect(due.TotalAmount).toBeGreaterThan(0);
    const ext = (await call<{ data: Detail }>(request, token, 'task/order/getOrder', { OrderNo: due.OrderNo })).data;
    const pin = ext.PinCode.split('-')[0] as string;

    // The customer sees the extension among the unpaid orders and pays it by card + OTP.
    await signIn(page, 'khachhang', '/', { timeout: 40_000 });
    await page.getByRole('tab', { name: 'Lệnh chờ thanh toán' }).click();
    const search = page.getByLabel('Nhập mã PIN hoặc số container');
    await search.fill(pin);
    await search.press('Enter');
    await expect(page.getByText(`Gia hạn lệnh ${order.OrderNo}`).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('extension-due.png') });

    // The tracking page of the order's own PIN tells where it stands in the yard and that an extension is due, and
    // pays it from there.
    const orderPin = order.PinCode.split('-')[0] as string;
    await page.goto(`/tracking/pincode/${orderPin}`);
    await expect(page.getByTestId('yard-state')).toContainText(`Lệnh ${order.OrderNo} – tình trạng tại bãi: Đã phân bổ`);
    const notice = page.getByTestId('extension-due');
    await expect(notice).toContainText(`Lệnh ${order.OrderNo} đã quá hạn: cần thanh toán lệnh gia hạn ${due.OrderNo}`);
    await notice.getByRole('button', { name: 'Thanh toán gia hạn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanh toán lệnh' });
    await expect(dialog.getByText('Xác nhận thanh toán ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await dialog.getByRole('button', { name: /Thẻ nội địa/ }).click();
    await dialog.getByLabel('Số thẻ').fill('9704180000123456');
    await expect(dialog.getByLabel('Ngày phát hành')).toBeVisible();
    await dialog.getByLabel('Ngày phát hành').fill('0324');
    await dialog.getByLabel('Tên chủ thẻ').fill('Nguyễn Văn An');
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    await dialog.getByLabel('Mã OTP').fill('123456');
    await dialog.getByRole('button', { name: 'Xác nhận OTP' }).click();
    await expect(dialog.getByText('Thanh toán thành công !')).toBeVisible();

    // Paid, approved and delivered: the gate lets the container in, then out.
    await expect.poll(async () => (await gate(order.PinCode, 'in')).status).toBe(200);
    expect((await gate(order.PinCode, 'out')).status).toBe(200);
    await expect.poll(async () => (await detail()).YardState, yardRead).toBe('completed');
    expect((await detail()).ExtensionDue).toBeNull();
    await page.reload();
    await expect(page.getByTestId('yard-state')).toContainText('tình trạng tại bãi: Hoàn tất');
    await expect(page.getByTestId('yard-state')).toContainText('mọi container của lệnh đã ra cổng');
    await expect(page.getByTestId('extension-due')).toHaveCount(0);
  });
});
