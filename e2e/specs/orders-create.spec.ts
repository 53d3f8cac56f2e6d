import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { containerCheckDigit, customsHoldMessages, orderMessages, orderSteps } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { grid } from '../fixtures/grid';
import { demoYardCall, type PickedCall } from '../fixtures/orders';
import { type DemoUser, demo, openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Orders are checked, priced and paid through several calls and partners on a shared, busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A container number with its ISO 6346 check digit (owner + category U + 6-digit serial). */
const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
/** The demo yard (shared names): MSC's containers at NDP. */
const yard = {
  bill: 'MEDUHP2611001',
  imports: (from: number, count: number) => Array.from({ length: count }, (_, i) => containerNo('MSCU', 261001 + from + i)),
  empties: (from: number, count: number) => Array.from({ length: count }, (_, i) => containerNo('MSCU', 262001 + from + i)),
};
/** MSC's demo booking at NDP (22G1 × 40, 45G1 × 20): empty pickups and export drop-offs name it. */
const demoBooking = 'MSCB2611001';
/** Drop-offs: numbers not in the yard; each run of the spec on one server uses its own serials. */
const runBase = 263001 + (Date.now() % 900) * 10;
const dropOffs = (from: number, count: number) => Array.from({ length: count }, (_, i) => containerNo('TGHU', runBase + from + i));

/** Tax codes of the demo customers, asked through the portal's own customer list (admin). */
async function taxCodes(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const list = await request.post('/api/common/getCustomerList', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  const rows = ((await list.json()) as { payload: { CustomerCode: string; TaxCode: string; MoneyCredit: string }[] }).payload;
  const own = rows.find((r) => r.CustomerCode === 'C0000001');
  const credit = rows.find((r) => r.MoneyCredit === 'C');
  expect(own, 'the demo customer of khachhang').toBeTruthy();
  expect(credit, 'a credit (thu sau) customer').toBeTruthy();
  return { own: own?.TaxCode as string, credit: credit?.TaxCode as string };
}

const stepBar = (page: Page) => page.locator('.ant-steps');
const next = (page: Page) => page.getByRole('button', { name: 'Tiếp tục' });

async function openOrderScreen(page: Page, who: DemoUser, title: string) {
  await signIn(page, who, '/', { timeout: 40_000 });
  await openMenu(page, 'Tác nghiệp', title);
  await expect(page.getByText(title, { exact: true }).last()).toBeVisible();
  for (const s of orderSteps) await expect(stepBar(page).getByText(s, { exact: true })).toBeVisible();
}

interface Info {
  /** true: the picker's first call; a call: that one (an import pickup names the call its containers came on). */
  vessel?: boolean | PickedCall;
  bl?: string;
  booking?: string;
  jobMode?: string;
}

/** Step 1: operator MSC, the vessel/voyage from the picker when asked, the document, the default expiry. */
async function fillInfo(page: Page, info: Info) {
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Hãng khai thác') }), 'MSC - ');
  if (info.jobMode) await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Phương án') }), info.jobMode);
  if (info.vessel) {
    await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
    const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
    if (info.vessel === true) await picker.locator('.ant-table-row').first().click();
    else {
      await picker.getByLabel('Tìm theo tên tàu').fill(info.vessel.name);
      await picker.locator('.ant-table-row').filter({ hasText: info.vessel.im }).first().click();
    }
    await expect(picker).toBeHidden();
    await expect(page.getByLabel('Tàu/Chuyến', { exact: true })).not.toHaveValue('');
  }
  if (info.bl) await page.getByLabel('Số vận đơn (B/L)').fill(info.bl);
  if (info.booking) await page.getByLabel('Số booking').fill(info.booking);
  await expect(page.getByLabel('Hạn lệnh')).not.toHaveValue('');
  await next(page).click();
  await expect(page.getByRole('button', { name: 'Thêm dòng' })).toBeVisible();
}

/** Step 2 by 'Dán danh sách': one line per container, cells by Tab in the shown columns' order. */
async function pasteContainers(page: Page, lines: string[]) {
  await page.getByRole('button', { name: 'Dán danh sách' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dán danh sách container' });
  await dialog.getByRole('textbox').fill(lines.join('\n'));
  await dialog.getByRole('button', { name: 'Thêm vào danh sách' }).click();
  await expect(dialog).toBeHidden();
}

/** Next from step 2: the server checks the rows; the payer step opens. */
async function containersDone(page: Page, count: number) {
  await expect(page.getByTestId('container-count')).toHaveText(`Tổng: ${count} container, 0 dòng lỗi`);
  await next(page).click();
  await expect(page.getByLabel('Mã số thuế')).toBeVisible();
}

/** Step 3 and 4: the payer by tax code, then the draft invoice with its totals in VNĐ. */
async function payerAndCharges(page: Page, taxCode: string, payLater: boolean, narrow = false) {
  await page.getByLabel('Mã số thuế').fill(taxCode);
  await page.getByRole('button', { name: 'Tìm' }).click();
  const chosen = page.locator('.ant-descriptions').filter({ hasText: 'Đối tượng thanh toán đã chọn' });
  await expect(chosen).toBeVisible();
  await expect(chosen.getByText(payLater ? 'Thu sau' : 'Thu ngay')).toBeVisible();
  await next(page).click();
  await expect(page.getByTestId('charges-total')).toHaveText(/^[\d.]+ VNĐ$/);
  await expect(page.getByTestId('charges-amount')).toHaveText(/VNĐ$/);
  await expect(page.getByTestId('charges-vat')).toHaveText(/VNĐ$/);
  // The draft invoice line by line: at least one priced line with its explanation.
  const lines = page.locator('.ant-table-tbody .ant-table-row');
  await expect(lines.first()).toBeVisible();
  const total = (await page.getByTestId('charges-total').textContent()) ?? '';
  if (narrow) await at800(page, 'charges-800.png');
  await next(page).click();
  return total;
}

async function saveOrder(page: Page, total: string) {
  await expect(page.getByText(total).first()).toBeVisible();
  await page.getByRole('button', { name: 'Lưu lệnh' }).click();
  await expect(page.getByTestId('order-no')).toHaveText(/\S+/);
  return (await page.getByTestId('order-no').textContent()) ?? '';
}

/** Pay now by domestic card + OTP (the card simulator accepts 123456), through the payments feature's dialog. */
async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Thanh toán' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thanh toán lệnh' });
  await expect(dialog.getByText('Xác nhận thanh toán ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await dialog.getByRole('button', { name: /Thẻ nội địa/ }).click();
  await dialog.getByLabel('Số thẻ').fill('9704180000123456');
  await expect(dialog.getByLabel('Ngày phát hành')).toBeVisible();
  await dialog.getByLabel('Ngày phát hành').fill('0324');
  await dialog.getByLabel('Tên chủ thẻ').fill('Do Thi Mai Anh');
  await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
  await dialog.getByLabel('Mã OTP').fill('123456');
  await dialog.getByRole('button', { name: 'Xác nhận OTP' }).click();
  await expect(dialog.getByText('Thanh toán thành công !')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Đóng' }).first().click();
  await expect(dialog).toBeHidden();
}

/** Step 6: approved (PIN, public order link) or waiting for staff, as the approval config says. */
async function expectFinal(page: Page, orderNo: string, expected: 'approved' | 'waiting') {
  await expect(stepBar(page).locator('.ant-steps-item-process')).toContainText('Duyệt lệnh');
  await expect(page.getByTestId('order-no')).toHaveText(orderNo);
  if (expected === 'approved') {
    await expect(page.getByText('Lệnh đã được duyệt')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('order-pin')).toHaveText(/\S+/);
    await expect(page.getByRole('link', { name: 'Xem lệnh (mã QR)' })).toHaveAttribute('href', /\/order\//);
  } else {
    await expect(page.getByText(orderMessages.waitingApproval).first()).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Tạo lệnh mới' })).toBeVisible();
}

/** The screen at 800 px wide: its buttons stay reachable (screenshot kept with the test's output). */
async function at800(page: Page, name: string) {
  await page.setViewportSize({ width: 800, height: 768 });
  // The shell folds its menu with an animation.
  await page.waitForTimeout(600);
  await next(page).scrollIntoViewIfNeeded();
  await expect(next(page)).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath(name) });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.waitForTimeout(300);
}

const cellsOf = (scope: Page | Locator, colId: string) => grid(scope).locator(`[role="gridcell"][col-id="${colId}"]`);

test.describe('order creation: each order type of the task menu in six steps', () => {
  test.setTimeout(240_000);
  let tax: { own: string; credit: string };
  let yardCall: PickedCall;
  test.beforeAll(async ({ request }) => {
    tax = await taxCodes(request);
    yardCall = await demoYardCall(request);
  });

  test('Hạ container hàng: a bad container shows its row message and blocks; the valid list is priced, paid by card + OTP and approved', async ({
    page,
  }) => {
    await openOrderScreen(page, 'khachhang', 'Hạ container hàng');
    // Step 1 refuses to go on without the operator, in the server's words.
    await next(page).click();
    await expect(page.getByText(orderMessages.noOperation)).toBeVisible();
    await fillInfo(page, { vessel: true, booking: demoBooking });

    const good = dropOffs(0, 3);
    const bad = `${good[0]?.slice(0, 10)}${((containerCheckDigit(good[0]?.slice(0, 10) ?? '') + 1) % 10).toString()}`;
    await pasteContainers(page, [`${bad}\t22G1`, ...good.map((c, i) => `${c}\t${i % 2 ? '45G1' : '22G1'}`)]);
    await expect(cellsOf(page, 'problems').first()).toContainText(`Dòng 1: Số container "${bad}" sai số kiểm tra`);
    await next(page).click();
    await expect(page.getByText(orderMessages.containersInvalid)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('bad-row-1366.png') });
    // The bad row is selected and deleted.
    await grid(page).getByRole('row').filter({ hasText: bad }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Xóa dòng đã chọn' }).click();
    // Leaving with unsaved input asks first; 'Ở lại' keeps the draft.
    await openMenu(page, 'Hạ container rỗng');
    const leave = page.getByRole('dialog').filter({ hasText: 'Lệnh đang tạo chưa được lưu' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Ở lại' }).click();
    await expect(page.getByTestId('container-count')).toHaveText('Tổng: 3 container, 0 dòng lỗi');
    // A container already in the yard passes the client's checks; the server names its row.
    const inYard = yard.empties(39, 1)[0] as string;
    await pasteContainers(page, [`${inYard}\t22G1`]);
    await next(page).click();
    await expect(page.getByText(orderMessages.containersInvalid).last()).toBeVisible();
    await expect(cellsOf(page, 'problems').filter({ hasText: `Container ${inYard} đang có trong bãi cảng NDP` })).toHaveText(/^Dòng 4: /);
    await grid(page).getByRole('row').filter({ hasText: inYard }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Xóa dòng đã chọn' }).click();
    await containersDone(page, 3);

    const total = await payerAndCharges(page, tax.own, false);
    const orderNo = await saveOrder(page, total);
    await payByCard(page);
    await expectFinal(page, orderNo, 'approved');
    await page.screenshot({ path: test.info().outputPath('approved-1366.png') });
  });

  test('Lấy nguyên container: 50 containers of the bill imported from an Excel file built with the template titles', async ({ page }) => {
    const dir = await mkdtemp(join(tmpdir(), 'orders-'));
    const file = join(dir, 'lay-nguyen-50.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Danh sách container');
    ws.addRow(['STT', 'Số container', 'Kích cỡ ISO', 'Số seal']);
    for (const [i, c] of yard.imports(0, 50).entries()) ws.addRow([i + 1, c, i % 2 ? '45G1' : '22G1', `SEAL${1000 + i}`]);
    await writeFile(file, new Uint8Array(await wb.xlsx.writeBuffer()));

    await openOrderScreen(page, 'khachhang', 'Lấy nguyên container');
    await fillInfo(page, { vessel: yardCall, bl: yard.bill });
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByText('Đã nhập 50 container từ tệp lay-nguyen-50.xlsx')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('containers-1366.png') });
    await at800(page, 'containers-800.png');
    await containersDone(page, 50);
    const total = await payerAndCharges(page, tax.own, false, true);
    const orderNo = await saveOrder(page, total);
    await payByCard(page);
    await expectFinal(page, orderNo, 'approved');
  });

  for (const c of [
    { title: 'Hạ container rỗng', info: { bl: `BLE2E${runBase}` }, lines: () => dropOffs(10, 2).map((n) => `${n}\t22G1`) },
    { title: 'Hạ container về ICD', info: { booking: `BKICD${runBase}` }, lines: () => dropOffs(20, 2).map((n) => `${n}\t22G1\tF`) },
    { title: 'Cấp container rỗng', info: { booking: demoBooking }, lines: () => yard.empties(0, 2) },
    { title: 'Đóng hàng vào container', info: { booking: `BKST${runBase}` }, lines: () => yard.empties(5, 2) },
    { title: 'Rút hàng khỏi container', info: { bl: yard.bill }, lines: () => yard.imports(50, 2) },
  ] as const) {
    test(`${c.title}: created, priced, paid by card + OTP`, async ({ page }) => {
      await openOrderScreen(page, 'khachhang', c.title);
      await fillInfo(page, c.info);
      const lines = c.lines();
      await pasteContainers(page, lines);
      await containersDone(page, lines.length);
      const total = await payerAndCharges(page, tax.own, false);
      const orderNo = await saveOrder(page, total);
      await payByCard(page);
      await expectFinal(page, orderNo, 'approved');
    });
  }

  test("a size typed against the yard's record is refused naming the yard's; the grid then shows the yard's, read-only", async ({
    page,
  }) => {
    // MSCU 261058 is a 45G1 in the demo yard; the customer types 22G1.
    const box = yard.imports(57, 1)[0] as string;
    await openOrderScreen(page, 'khachhang', 'Lấy nguyên container');
    await fillInfo(page, { vessel: yardCall, bl: yard.bill });
    await pasteContainers(page, [`${box}\t22G1`]);
    await next(page).click();
    await expect(page.getByText(orderMessages.containersInvalid).last()).toBeVisible();
    await expect(cellsOf(page, 'problems').first()).toHaveText(`Dòng 1: Kích cỡ của container ${box} trong bãi là 45G1, không phải 22G1`);
    const size = cellsOf(page, 'IsoSizetype').first();
    await expect(size).toHaveText('45G1');
    // The yard's size is not the customer's to change: no editor opens.
    await size.dblclick();
    await expect(grid(page).locator('.ag-cell-inline-editing')).toHaveCount(0);
    // Sent again as the yard has it, the row passes.
    await next(page).click();
    await expect(page.getByLabel('Mã số thuế')).toBeVisible();
  });

  test("a pickup customs holds is noted, paid and waits: staff see 'Chưa thanh lý' and cannot approve; customs' release lets it go", async ({
    page,
    request,
  }) => {
    // MSCU 261202 (bill MEDUHP2611003) is foreign goods customs answered NA for (demo yard).
    const held = containerNo('MSCU', 261202);
    await openOrderScreen(page, 'khachhang', 'Lấy nguyên container');
    await fillInfo(page, { vessel: yardCall, bl: 'MEDUHP2611003' });
    await pasteContainers(page, [held]);
    await containersDone(page, 1);
    await expect(page.getByTestId('row-notes')).toContainText(customsHoldMessages.note(1, held, 'NA'));
    const total = await payerAndCharges(page, tax.own, false);
    const orderNo = await saveOrder(page, total);
    await payByCard(page);
    await expectFinal(page, orderNo, 'waiting');
    await expect(page.getByTestId('row-notes')).toContainText('chưa thanh lý hải quan');

    // Staff: the hold is shown and the approval refused before it is asked.
    await signIn(page, 'nhanvien', '/Order/AcceptOrder', { timeout: 40_000 });
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await expect(row.getByTestId('customs-held')).toHaveText(`${customsHoldMessages.held}: ${held}`);
    await expect(row.getByRole('button', { name: 'Duyệt' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('accept-held-1366.png') });

    // Customs releases it (declaration 107261120100 / 03EE answers TQ): the order goes on by itself.
    const login = await request.post('/api/auth/login', { data: { UserID: demo.khachhang.user, Password: demo.khachhang.password } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const scan = await request.post('/api/custom/req_aciss', {
      headers: { Authorization: `Bearer ${token}` },
      data: { requestType: 367, requestData: [{ declareNo: '107261120100', office: '03EE' }] },
    });
    expect(scan.status()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);
    }).toPass({ timeout: 30_000 });
  });

  test("an empty pickup by booking: the booking's boxes left are shown and the yard picks the containers", async ({ page }) => {
    await openOrderScreen(page, 'khachhang', 'Cấp container rỗng');
    await fillInfo(page, { booking: demoBooking });
    const panel = page.getByTestId('booking-panel');
    await expect(panel).toContainText(`Booking ${demoBooking}`);
    await expect(panel.getByText(/^22G1: còn \d+\/40$/)).toBeVisible();
    await panel.getByLabel('Số lượng').fill('2');
    await panel.getByRole('button', { name: 'Cảng chọn container' }).click();
    await expect(page.getByText('Cảng đã chọn 2 container rỗng 22G1.')).toBeVisible();
    await expect(page.getByTestId('container-count')).toHaveText('Tổng: 2 container, 0 dòng lỗi');
    await page.screenshot({ path: test.info().outputPath('empty-pick-1366.png') });
    await containersDone(page, 2);
  });

  test("a staff pickup for a payer the line's eDO does not name is refused at pricing, naming the eDO's consignee", async ({ page }) => {
    // The demo eDO of MEDUHP2611001 releases its containers to C0000001, not to the credit customer.
    await openOrderScreen(page, 'nhanvien', 'Lấy nguyên container');
    await fillInfo(page, { vessel: yardCall, bl: yard.bill });
    await pasteContainers(page, yard.imports(53, 1));
    await containersDone(page, 1);
    await page.getByLabel('Mã số thuế').fill(tax.credit);
    await page.getByRole('button', { name: 'Tìm' }).click();
    await expect(page.locator('.ant-descriptions').filter({ hasText: 'Đối tượng thanh toán đã chọn' })).toBeVisible();
    await next(page).click();
    await expect(
      page.getByText(new RegExp(`cấp cho mã số thuế ${tax.own}, không phải đối tượng thanh toán của lệnh`)).first(),
    ).toBeVisible();
  });

  test('Lệnh dịch vụ (kiểm hóa) for a credit customer: confirmed to be paid later, waits for approval', async ({ page }) => {
    // The credit customer's order is entered by terminal staff (a customer account pays only as itself).
    await openOrderScreen(page, 'nhanvien', 'Lệnh dịch vụ');
    await fillInfo(page, { bl: yard.bill, jobMode: 'DVKT' });
    await pasteContainers(page, yard.imports(55, 2));
    await containersDone(page, 2);
    const total = await payerAndCharges(page, tax.credit, true);
    const orderNo = await saveOrder(page, total);
    await page.getByRole('button', { name: 'Xác nhận thu sau' }).click();
    await expectFinal(page, orderNo, 'waiting');
  });
});
