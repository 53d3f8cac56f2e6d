import { expect as baseExpect, type Page } from '@playwright/test';
import { containerCheckDigit, orderMessages } from '@smartport/contract';
import { grid } from '../fixtures/grid';
import { demoYardCall, payByCard } from '../fixtures/orders';
import { demo, pickOption } from '../fixtures/portal';
import { test } from '../fixtures/server';
import { next, openOrderScreen, operator, ownTaxCode, paste, toCharges, toContainers } from '../fixtures/wizard';

// The order wizard's loose ends, each as a person meets it: the TRAR warning when paying from step 5, the PIN without
// its suffix, the order's own vessel calls, weights in kilograms, attached services to tick, reefer plug hours of yard
// work, another customer's PIN kept out of a refusal, step 6 following the invoice and the TOS delivery.
const expect = baseExpect.configure({ timeout: 30_000 });

const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
/** Drop-offs of this spec: an owner code no other spec uses, serials of this run. */
const runBase = 300001 + (Date.now() % 900) * 20;
const dropOffs = (from: number, count: number) => Array.from({ length: count }, (_, i) => containerNo('CAIU', runBase + from + i));
/** The demo yard (MSC at NDP): containers no other spec orders. */
const MSCU = (serial: number) => containerNo('MSCU', serial);
const demoBooking = 'MSCB2611001';
const cells = (page: Page, colId: string) => grid(page).locator(`[role="gridcell"][col-id="${colId}"]`);

async function pickFirstCall(page: Page) {
  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
  await picker.locator('.ant-table-row').first().click();
  await expect(picker).toBeHidden();
}

async function deleteRow(page: Page, no: string) {
  await grid(page).getByRole('row').filter({ hasText: no }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Xóa dòng đã chọn' }).click();
}

const money = (text: string) => Number(text.replace(/\D/g, ''));

test.describe('order wizard: the loose ends', () => {
  test.setTimeout(240_000);
  let tax: string;
  test.beforeAll(async ({ request }) => {
    tax = await ownTaxCode(request);
  });

  test('5 TRAR drop-offs: the PIN without its suffix, the TRAR warning when paying from step 5, step 6 follows invoice and TOS to their end', async ({
    page,
  }) => {
    await openOrderScreen(page, 'khachhang', 'Hạ container rỗng');
    await operator(page);
    await page.getByLabel('Số vận đơn (B/L)').fill(`BLTRAR${runBase}`);
    await toContainers(page);
    await paste(
      page,
      dropOffs(0, 5).map((n) => `${n}\t22G1`),
    );
    await toCharges(page, 5, tax);
    await next(page).click();
    await page.getByRole('button', { name: 'Lưu lệnh' }).click();
    await expect(page.getByTestId('saved-pin')).toHaveText(/^\d+$/);

    await page.getByRole('button', { name: 'Thanh toán' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanh toán lệnh' });
    await expect(dialog.getByText('Xác nhận thanh toán ?')).toBeVisible();
    await expect(dialog.getByText('nội dung hóa đơn sẽ dùng số vận đơn do khách hàng khai báo')).toBeVisible();
    await expect(dialog.getByText(/-\d{2}\b/)).toHaveCount(0);
    await payByCard(dialog);

    await expect(page.getByText('Lệnh đã được duyệt')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('order-pin')).toHaveText(/^\d+$/);
    // Step 6 keeps asking until the invoice is published and the TOS delivery has ended.
    await expect(page.getByTestId('order-invoice')).not.toHaveText('Đang phát hành', { timeout: 60_000 });
    await expect(page.getByTestId('order-tos')).not.toHaveText(/Đang gửi TOS|Chưa gửi/, { timeout: 60_000 });
    await expect(page.getByText('Xuất trình mã PIN hoặc mã QR của lệnh tại cổng.')).toBeVisible();
  });

  test("a staff member of three terminals picks among the order's terminal's calls only; an import pickup refuses a call other than the yard's", async ({
    page,
    request,
  }) => {
    const yardCall = await demoYardCall(request);
    await openOrderScreen(page, 'nhanvien', 'Lấy nguyên container');
    const terminal = page.locator('.sp-order-wizard .ant-select').filter({ has: page.getByLabel('Cảng', { exact: true }) });
    const terminalCells = (picker: ReturnType<Page['getByRole']>) => picker.locator('.ant-table-row td:last-child');
    await pickOption(page, terminal, 'NDV - ');
    await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
    let picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
    await expect(picker.getByRole('columnheader', { name: 'Cảng' })).toBeVisible();
    await expect(terminalCells(picker).first()).toHaveText('NDV');
    expect(new Set(await terminalCells(picker).allInnerTexts())).toEqual(new Set(['NDV']));
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await pickOption(page, terminal, 'NDP - ');
    await operator(page);
    await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
    picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
    await expect(terminalCells(picker).first()).toHaveText('NDP');
    expect(new Set(await terminalCells(picker).allInnerTexts())).toEqual(new Set(['NDP']));
    // Another call than the one the yard recorded for the containers.
    await picker.locator('.ant-table-row').filter({ hasNotText: yardCall.im }).first().click();
    await expect(picker).toBeHidden();
    await page.getByLabel('Số vận đơn (B/L)').fill('MEDUHP2611001');
    await toContainers(page);
    const box = MSCU(261059);
    await paste(page, [box]);
    await next(page).click();
    await expect(page.getByText(orderMessages.containersInvalid).last()).toBeVisible();
    await expect(cells(page, 'problems').first()).toContainText(
      `Dòng 1: Container ${box} trong bãi thuộc tàu/chuyến ${yardCall.name} ${yardCall.im}/`,
    );
  });

  test('weights are kilograms: a weight in tonnes or below zero is refused on its row, a real one passes', async ({ page }) => {
    await openOrderScreen(page, 'khachhang', 'Hạ container hàng');
    await operator(page);
    await pickFirstCall(page);
    await page.getByLabel('Số booking').fill(demoBooking);
    await toContainers(page);
    const [a, b] = dropOffs(10, 2) as [string, string];
    await paste(page, [`${a}\t22G1\t\t\t\t25`, `${b}\t22G1\t\t\t\t-3`]);
    await expect(grid(page).getByRole('columnheader', { name: 'Trọng lượng (kg)' })).toBeVisible();
    await expect(cells(page, 'problems').filter({ hasText: 'Dòng 1:' })).toContainText('Dòng 1: Trọng lượng (kg) tối thiểu 1.000 kg');
    await expect(cells(page, 'problems').filter({ hasText: 'Dòng 2:' })).toHaveText('Dòng 2: Trọng lượng (kg) không được âm');
    await next(page).click();
    await expect(page.getByText(orderMessages.containersInvalid)).toBeVisible();
    await deleteRow(page, a);
    await deleteRow(page, b);
    await paste(page, [`${a}\t22G1\t\t\t\t24000`]);
    await expect(page.getByTestId('container-count')).toHaveText('Tổng: 1 container, 0 dòng lỗi');
    await next(page).click();
    await expect(page.getByLabel('Mã số thuế')).toBeVisible();
  });

  test('an optional attached service is ticked at step 4, priced by the server and saved with the order', async ({ page }) => {
    await openOrderScreen(page, 'khachhang', 'Đóng hàng vào container');
    await operator(page);
    await page.getByLabel('Số booking').fill(`BKWZ${runBase}`);
    await toContainers(page);
    await paste(page, [MSCU(262021)]);
    const before = money(await toCharges(page, 1, tax));
    const options = page.getByTestId('attach-options');
    const fixed = options.getByRole('checkbox', { name: /^DVBAI - .*\(mặc định\)$/ });
    await expect(fixed).toBeChecked();
    await expect(fixed).toBeDisabled();
    const optional = options.getByRole('checkbox', { name: /^DVKC - / });
    await expect(optional).not.toBeChecked();
    await optional.check();
    await expect(page.locator('.ant-table-row').filter({ hasText: 'DVKC' }).first()).toBeVisible();
    await expect.poll(async () => money((await page.getByTestId('charges-total').textContent()) ?? '')).toBeGreaterThan(before);
    const total = (await page.getByTestId('charges-total').textContent()) ?? '';
    await next(page).click();
    await expect(page.getByText(total).first()).toBeVisible();
    await page.getByRole('button', { name: 'Lưu lệnh' }).click();
    await expect(page.getByTestId('order-no')).toHaveText(/\S+/);
    await expect(page.getByText(total).first()).toBeVisible();
  });

  test("reefer plug hours are entered for an unstuffing and priced as 'Điện lạnh' by the hour", async ({ page }) => {
    await openOrderScreen(page, 'khachhang', 'Rút hàng khỏi container');
    await operator(page);
    await page.getByLabel('Số vận đơn (B/L)').fill('MEDUHP2611002');
    await toContainers(page);
    const [first, reefer] = [MSCU(261104), MSCU(261105)];
    await paste(page, [`${first}\t\tRF`]);
    await expect(grid(page).getByRole('columnheader', { name: 'Giờ cắm điện lạnh' })).toBeVisible();
    await paste(page, [`${reefer}\t\tRF\t\t\t\t\t-18\t\t6`]);
    await deleteRow(page, first);
    await expect(cells(page, 'PlugHours').first()).toHaveText('6');
    await toCharges(page, 1, tax);
    const line = page.locator('.ant-table-row').filter({ hasText: 'Điện lạnh' }).first();
    await expect(line).toBeVisible();
    await expect(line).toContainText('Giờ');
  });

  test("a container in another customer's live order is refused without that order's PIN", async ({ page, request }) => {
    // The demo customer's order holds the container (saved through the portal's calls).
    const login = await request.post('/api/auth/login', { data: { UserID: demo.khachhang.user, Password: demo.khachhang.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const box = dropOffs(15, 1)[0] as string;
    const tomorrow = `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`;
    const draft = {
      OrderType: 'pre_advice',
      TerminalCode: 'NDP',
      JobModeCode: 'TRAR',
      OperationCode: 'MSC',
      BLNo: `BLHOLD${runBase}`,
      ExpDate: tomorrow,
      containers: [{ ContainerNo: box, IsoSizetype: '22G1' }],
      CustomerCode: 'C0000001',
    };
    const priced = await (await request.post('/api/task/order/calculate', { headers, data: draft })).json();
    const saved = await request.post('/api/task/order/save', { headers, data: { ...draft, TotalAmount: priced.data.TotalAmount } });
    expect(saved.status()).toBe(200);
    const pin = ((await saved.json()) as { data: { PinCode: string } }).data.PinCode.split('-')[0] as string;

    await openOrderScreen(page, 'nhanvien', 'Hạ container rỗng');
    await operator(page);
    await page.getByLabel('Số vận đơn (B/L)').fill(`BLOTHER${runBase}`);
    await toContainers(page);
    await paste(page, [`${box}\t22G1`]);
    await next(page).click();
    await expect(cells(page, 'problems').first()).toHaveText(`Dòng 1: Container ${box} đã có trong một lệnh khác còn hiệu lực`);
    await expect(page.getByText(pin)).toHaveCount(0);
  });
});
