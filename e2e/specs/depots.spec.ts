import { expect as baseExpect } from '@playwright/test';
import { containerCheckDigit, depotMessages } from '@smartport/contract';
import { call, payByCard, tokenOf } from '../fixtures/orders';
import { pickOption, runtimeInfo } from '../fixtures/portal';
import { test } from '../fixtures/server';
import { next, openOrderScreen, operator, ownTaxCode, paste, setTerminalSwitch, toCharges, toContainers } from '../fixtures/wizard';

// Issue 26 item 4: 'Hiển thị chọn depot' (DepotSelect) on 'Cấu hình cảng' decides whether an empty return chooses a
// depot of its terminal ('Danh mục depot'); the depot chosen is on the order, priced by its lift charge and sent to the
// TOS (docs/decisions.md 'Depots'). Switched off, no choice is offered and a depot sent anyway is refused.
const expect = baseExpect.configure({ timeout: 30_000 });
const runBase = 400001 + (Date.now() % 900) * 10;
const box = (n: number) => {
  const first10 = `CAIU${String(runBase + n).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};

test('DepotSelect on: an empty return chooses a depot, priced with it, on its detail and at the TOS; off: no choice, refused', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const tax = await ownTaxCode(request);

  // On, on its screen.
  await setTerminalSwitch(page, 'Hiển thị chọn depot', true);

  // The customer's empty return at NDP offers NDP's depots.
  await openOrderScreen(page, 'khachhang', 'Hạ container rỗng');
  await operator(page);
  await page.getByLabel('Số vận đơn (B/L)').fill(`BLDEPOT${runBase}`);
  const depotSelect = page.locator('.ant-select').filter({ has: page.getByLabel('Depot') });
  await expect(depotSelect).toBeVisible();
  // Without a depot, step 1 does not go on.
  await next(page).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: depotMessages.required }).first()).toBeVisible();
  await pickOption(page, depotSelect, 'DVD - Depot Đình Vũ');
  await toContainers(page);
  await paste(page, [`${box(0)}\t22G1`]);
  await toCharges(page, 1, tax);
  // The depot's lift charge is a line of the draft invoice.
  const depotLine = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: 'Phí nâng/hạ tại depot DVD' });
  await expect(depotLine).toBeVisible();
  await expect(depotLine).toContainText('150.000');
  await page.screenshot({ path: test.info().outputPath('depot-charges.png') });
  await next(page).click();
  await page.getByRole('button', { name: 'Lưu lệnh' }).click();
  await expect(page.getByTestId('saved-pin')).toHaveText(/^\d+$/);
  const orderNo = (await page.getByTestId('order-no').textContent()) as string;
  // Paid by card: step 6, the order's detail, names the depot.
  await page.getByRole('button', { name: 'Thanh toán' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thanh toán lệnh' });
  await expect(dialog.getByText('Xác nhận thanh toán ?')).toBeVisible();
  await payByCard(dialog);
  await expect(page.getByTestId('order-depot')).toHaveText('DVD - Depot Đình Vũ', { timeout: 60_000 });

  // Approved and delivered to the TOS with the depot.
  const token = await tokenOf(request);
  const held = async () => {
    const res = await fetch(`${runtimeInfo().simulators.tos}/_knobs/orders`);
    const orders = ((await res.json()) as { orders: { orderNo: string; depotCode: string | null }[] }).orders;
    return orders.find((o) => o.orderNo === orderNo)?.depotCode ?? null;
  };
  await expect.poll(held, { timeout: 90_000, intervals: [2_000] }).toBe('DVD');

  // Off, on its screen: the empty return offers no depot, and a depot sent anyway is refused in Vietnamese.
  await setTerminalSwitch(page, 'Hiển thị chọn depot', false);
  await openOrderScreen(page, 'khachhang', 'Hạ container rỗng');
  await expect(page.getByLabel('Số vận đơn (B/L)')).toBeVisible();
  await expect(page.getByLabel('Depot')).toHaveCount(0);
  const refused = await request.post('/api/task/order/calculate', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      OrderType: 'pre_advice',
      TerminalCode: 'NDP',
      JobModeCode: 'TRAR',
      OperationCode: 'MSC',
      VesselKey: null,
      BLNo: `BLDEPOT${runBase}`,
      BookingNo: null,
      ExpDate: `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`,
      AttachServices: [],
      DepotCode: 'DVD',
      containers: [{ ContainerNo: box(1), IsoSizetype: '22G1' }],
      CustomerCode: 'C0000001',
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(depotMessages.notOffered('NDP'));
  // The order made while it was on keeps its depot.
  const detail = await call<{ data: { DepotCode: string | null } }>(request, token, 'task/order/getOrder', { OrderNo: orderNo });
  expect(detail.data.DepotCode).toBe('DVD');
});
