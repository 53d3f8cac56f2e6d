import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { containerNumber } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { confirm, editorReady, grid, rowWith } from '../fixtures/grid';
import { call, paidImportPickup, tokenOf } from '../fixtures/orders';
import { openMenu, runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Issue 26: a criterion added on 'Tiêu chí đánh giá' is rated by the customer on a completed order (and by the driver
// on the public order page with the PIN) and counted by the rating report; the mapping grids refuse a job mode outside
// the catalogue, and 'Kiểm tra' lists a job mode without a mapping until its mapping is added.
const expect = baseExpect.configure({ timeout: 30_000 });
const run = Date.now().toString(36).slice(-5).toUpperCase();
// The demo yard's box no other spec takes (orders-create's 50-container order holds 261001–261050 till its expiry).
const box = containerNumber('MSCU', 261061);
/** The TOS's yard events are read every 30 s. */
const yardRead = { timeout: 120_000, intervals: [2_000] };
const shots = '/tmp/hF-shots';

/** An import pickup of a demo-yard container made, paid and delivered by calls, then taken out through the gate. */
async function completedOrder(request: APIRequestContext) {
  const tos = runtimeInfo().simulators.tos as string;
  const token = await tokenOf(request, 'khachhang');
  const order = await paidImportPickup(request, token, box);
  const detail = async () =>
    (await call<{ data: { TosStatus: string; YardState: string } }>(request, token, 'task/order/getOrder', { OrderNo: order.OrderNo }))
      .data;
  await expect.poll(async () => (await detail()).TosStatus, { timeout: 60_000 }).toBe('sent');
  const pin = order.PinCode.split('-')[0] as string;
  const gate = async (direction: 'in' | 'out') =>
    (
      await fetch(`${tos}/api/gate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pin, containerNo: box, direction }),
      })
    ).status;
  expect(await gate('in')).toBe(200);
  expect(await gate('out')).toBe(200);
  await expect.poll(async () => (await detail()).YardState, yardRead).toBe('completed');
  const history = await call<{ data: { ord_url: string } }>(request, token, 'order-history/detail', { OrderNo: order.OrderNo });
  return { OrderNo: order.OrderNo, pin, link: history.data.ord_url };
}

/** Clicks the n-th star (1–5) of each criterion in the rating card. */
async function rateAll(card: ReturnType<Page['getByTestId']>, stars: (name: string) => number) {
  const groups = card.getByRole('group');
  const count = await groups.count();
  for (let i = 0; i < count; i++) {
    const g = groups.nth(i);
    const name = (await g.getAttribute('aria-label')) ?? '';
    await g
      .getByRole('radio')
      .nth(stars(name) - 1)
      .click();
  }
}

test.describe('customers rate their completed orders', () => {
  test.setTimeout(420_000);

  test('a criterion added on its screen is rated by the customer and the driver, and the rating report counts it', async ({
    page,
    request,
  }) => {
    const criterion = `Tác phong lái xe nâng ${run}`;
    // The administrator adds the criterion on 'Tiêu chí đánh giá'.
    await signIn(page, 'admin');
    await openMenu(page, 'Cấu hình', 'Tiêu chí đánh giá');
    await expect(page).toHaveURL(/\/config\/question_config$/);
    await expect(grid(page).getByRole('gridcell').first()).toBeVisible();
    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    await expect(grid(page).locator('[row-index="0"].sp-row-new')).toBeVisible();
    await page.keyboard.press('Escape');
    await grid(page).locator('[row-index="0"] [col-id="QuestionName"]').dblclick();
    await editorReady(page);
    await page.keyboard.type(criterion);
    await page.keyboard.press('Enter');
    await grid(page).locator('[row-index="0"] [col-id="IsActive"] input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    await expect(rowWith(page, criterion)).toBeVisible();

    // A completed order of the customer's; the customer rates it from 'Lịch sử lệnh'.
    const order = await completedOrder(request);
    await signIn(page, 'khachhang', '/Order/History', { timeout: 40_000 });
    await page.getByLabel('Mã PIN').fill(order.pin);
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    await page.getByRole('button', { name: `Xem ${order.OrderNo}` }).click();
    const drawer = page.getByRole('dialog', { name: `Lệnh ${order.OrderNo}` });
    const card = drawer.getByTestId('order-rating');
    await expect(card.getByRole('group', { name: criterion })).toBeVisible();
    await card.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await expect(card.getByRole('alert')).toContainText('Vui lòng chấm điểm tiêu chí');
    await rateAll(card, (name) => (name === criterion ? 4 : 5));
    await card.getByLabel('Ý kiến đóng góp khác').fill(`Giao container nhanh ${run}`);
    await page.screenshot({ path: `${shots}/rating-customer.png` });
    await card.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await expect(card.getByTestId('order-rated')).toHaveText('Lệnh đã được đánh giá. Cảm ơn quý khách!');

    // The driver, on the order's public page: a wrong PIN is refused, the right one rates (once).
    await page.goto(new URL(order.link, page.url()).pathname);
    const driver = page.getByTestId('order-rating');
    await expect(driver.getByRole('group', { name: criterion })).toBeVisible();
    await rateAll(driver, () => 3);
    await driver.getByLabel('Mã PIN của lệnh').fill('000000');
    await driver.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await expect(driver.getByRole('alert')).toHaveText('Mã PIN không đúng.');
    await driver.getByLabel('Mã PIN của lệnh').fill(order.pin);
    await driver.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await expect(driver.getByTestId('order-rated')).toBeVisible();
    await page.screenshot({ path: `${shots}/rating-driver.png`, fullPage: true });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: `${shots}/rating-driver-800.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    // The rating report counts both ratings of the new criterion: a 4 and a 3.
    await signIn(page, 'admin');
    await openMenu(page, 'Thống kê', 'Chi tiết đánh giá khách hàng');
    await expect(page).toHaveURL(/\/Report\/Rating$/);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const row = page.getByRole('row').filter({ hasText: criterion });
    await expect(row.locator('[col-id="count"]')).toHaveText('2');
    await expect(row.locator('[col-id="total"]')).toHaveText('7');
    await row.getByRole('button', { name: `Tổng quan: ${criterion}` }).click();
    const overview = page.getByRole('dialog', { name: `Tổng quan đánh giá: ${criterion}` });
    await expect(overview.getByRole('listitem').nth(1)).toHaveAccessibleName('4 sao: 1');
    await expect(overview.getByRole('listitem').nth(2)).toHaveAccessibleName('3 sao: 1');
    await page.screenshot({ path: `${shots}/rating-report.png` });
  });
});

/** 'Kiểm tra', once its answer has come back. */
async function askCheck(page: Page) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/config/checkTosMappings') && r.ok());
  await page.getByRole('button', { name: 'Kiểm tra' }).click();
  await answered;
}

test.describe('the mapping grids are checked', () => {
  test.setTimeout(180_000);

  test("a job mode outside the catalogue is refused; 'Kiểm tra' lists an unmapped job mode until its mapping is added", async ({
    page,
    request,
  }, info) => {
    // A new job mode in the catalogue: nothing maps it to the TOS yet.
    const code = `K${run}`.slice(0, 6);
    const name = `Kiểm tra mapping ${run}`;
    await call(request, await tokenOf(request, 'admin'), 'common/updateJobModeList', { data: [{ JobModeCode: code, JobModeName: name }] });

    await signIn(page, 'admin');
    await openMenu(page, 'Cấu hình', 'Mapping phương án');
    await expect(page).toHaveURL(/\/config\/mapping_job_mode$/);
    await expect(grid(page).getByRole('gridcell').first()).toBeVisible();

    // 'Kiểm tra' lists the new job mode.
    await askCheck(page);
    const check = page.getByTestId('mapping-check');
    await expect(check.getByTestId('unmapped-job-modes')).toContainText(`${code} - ${name}`);
    await page.screenshot({ path: `${shots}/mapping-check.png`, fullPage: true });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: `${shots}/mapping-check-800.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Its mapping, chosen on the grid: the job mode, all sizes and cargo types, the TOS code.
    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    await expect(grid(page).locator('[row-index="0"].sp-row-new')).toBeVisible();
    await page.keyboard.press('Escape');
    const cell = grid(page).locator('[row-index="0"] [col-id="JobModeCode"]');
    await cell.dblclick();
    await expect(async () => {
      if (!(await page.locator('.ag-list-item').filter({ hasText: name }).count())) await cell.getByRole('combobox').click();
      await page.locator('.ag-list-item').filter({ hasText: name }).first().click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(cell).toContainText(name);
    await grid(page).locator('[row-index="0"] [col-id="TosCode"]').dblclick();
    await editorReady(page);
    await page.keyboard.type('KT-1');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();

    await askCheck(page);
    // Asked again: the job mode is no longer listed (here nothing is left: every job mode has its mapping).
    await expect(check).not.toContainText(code);

    // An Excel row naming job mode ZZZZ is refused: the job mode is chosen from the catalogue.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Mapping');
    ws.addRow(['Mã phương án', 'Kích cỡ', 'Loại hàng', 'Mã TOS']);
    ws.addRow(['ZZZZ', '20', 'GP', 'ZZ']);
    const xlsx = info.outputPath('mapping.xlsx');
    await wb.xlsx.writeFile(xlsx);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    await (await chooser).setFiles(xlsx);
    await expect(page.getByText(/"ZZZZ" không thuộc danh sách/).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/mapping-refused.png` });

    // The job mode and its mapping made here go again: other specs on this server list the catalogue.
    const admin = await tokenOf(request, 'admin');
    const mappings = await call<{ payload: { Rowguid: string; JobModeCode: string }[] }>(
      request,
      admin,
      'config/getMappingJobModeList',
      {},
    );
    const ours = mappings.payload.filter((m) => m.JobModeCode === code).map((m) => ({ Rowguid: m.Rowguid }));
    await call(request, admin, 'config/deleteMappingJobModeList', { data: ours });
    const modes = await call<{ payload: { Rowguid: string; JobModeCode: string }[] }>(request, admin, 'common/getJobModeList', {});
    const mode = modes.payload.filter((m) => m.JobModeCode === code).map((m) => ({ Rowguid: m.Rowguid }));
    await call(request, admin, 'common/deleteJobModeList', { data: mode });
  });
});
