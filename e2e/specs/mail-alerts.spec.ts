import { expect as baseExpect, type Page } from '@playwright/test';
import { containerNumber } from '@smartport/contract';
import { confirm, editorReady, grid, rowWith } from '../fixtures/grid';
import { call, paidImportPickup, tokenOf } from '../fixtures/orders';
import { openMenu, runtimeInfo, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Settings that act, each changed on its screen and seen elsewhere: the shipping line's mail-order rules for allocated
// (PB) and completed (HT) orders mail it when the TOS allocates and completes an order; an alert address receives the
// alert of its connection's outage and the recovery notice; both are in 'Nhật ký gửi mail'. An EDO-sharing row added
// on its screen makes an eDO issued at one terminal valid at another ('Lệnh giao hàng điện tử (eDO)' lists where).
const expect = baseExpect.configure({ timeout: 30_000 });
const run = Date.now().toString(36).slice(-5);
/** The TOS's yard events are read every 30 s, the mail queue sent every 10 s, the TOS connection checked every minute. */
const slow = { timeout: 150_000, intervals: [2_000] };
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

async function inbox(to: string): Promise<{ id: string; subject: string }[]> {
  const res = await fetch(`${runtimeInfo().simulators.mail}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { id: string; subject: string }[] }).messages;
}

async function tosKnobs(body: Record<string, unknown>) {
  await fetch(`${runtimeInfo().simulators.tos}/_knobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function open(page: Page, group: string, title: string, path: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Menu' });
  if (await nav.getByText(title, { exact: true }).isVisible()) await nav.getByText(title, { exact: true }).click();
  else await openMenu(page, group, title);
  await expect(page).toHaveURL(path);
}

/** Scrolls the grid sideways until column `col` is drawn (the grid draws only the columns in view). */
async function reveal(page: Page, col: string) {
  const header = grid(page).locator(`.ag-header-cell[col-id="${col}"]`);
  const scroller = page.locator('.ag-body-horizontal-scroll-viewport').first();
  if (!(await header.count())) await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(async () => {
    if (await header.count()) return;
    await scroller.evaluate((el) => el.scrollBy({ left: 250 }));
    await expect(header).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await header.scrollIntoViewIfNeeded();
}

const newCell = (page: Page, col: string) => grid(page).locator(`[row-index="0"] [col-id="${col}"]`);

async function addRow(page: Page) {
  await page.getByRole('button', { name: 'Thêm dòng' }).click();
  await expect(grid(page).locator('[row-index="0"].sp-row-new')).toBeVisible();
  await page.keyboard.press('Escape');
}

async function type(page: Page, col: string, text: string) {
  await reveal(page, col);
  await newCell(page, col).dblclick();
  await editorReady(page, { timeout: 30_000 });
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function pick(page: Page, col: string, option: string) {
  await reveal(page, col);
  const cell = newCell(page, col);
  await cell.dblclick();
  await expect(async () => {
    if (!(await page.locator('.ag-list-item').filter({ hasText: option }).count())) await cell.getByRole('combobox').click();
    await page.locator('.ag-list-item').filter({ hasText: option }).first().click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(newCell(page, col)).toContainText(option);
}

async function tick(page: Page, col: string) {
  await reveal(page, col);
  const box = newCell(page, col).getByRole('checkbox');
  await box.click();
  await expect(box).toBeChecked();
}

async function saveGrid(page: Page) {
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
}

/** 'Nhật ký gửi mail', searched for `to`: one row per kind named, each sent (and about `orderNo` when given). */
async function recorded(page: Page, to: string, kinds: string[], orderNo?: string) {
  await open(page, 'Cấu hình', 'Nhật ký gửi mail', /\/config\/mail_queue$/);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(to);
  await expect(rowWith(page, to).first()).toBeVisible();
  // The search leaves only this address's rows; the grid draws only the columns in view, so each is looked at in turn.
  for (const kind of kinds) await expect(grid(page).getByRole('gridcell', { name: kind, exact: true })).toHaveCount(1);
  await reveal(page, 'Status');
  await expect(grid(page).getByRole('gridcell', { name: 'Đã gửi', exact: true })).toHaveCount(kinds.length);
  if (orderNo) {
    await reveal(page, 'OrderNo');
    await expect(grid(page).getByRole('gridcell', { name: orderNo, exact: true })).toHaveCount(kinds.length);
  }
}

test.describe('settings that act', () => {
  test.setTimeout(420_000);

  test('PB and HT mail-order rules set on their screen mail the line when the TOS allocates and completes an order', async ({
    page,
    request,
  }) => {
    const pbTo = `pb-${run}@hangtau.vn`;
    const htTo = `ht-${run}@hangtau.vn`;
    await signIn(page, 'admin', '/', { timeout: 60_000 });
    await open(page, 'Cấu hình', 'Gửi mail báo cáo lệnh', /\/config\/mail_order_config$/);
    await expect(grid(page)).toBeVisible();
    for (const [filter, title, to] of [
      ['Lệnh đã phân bổ', `MSC phân bổ ${run}`, pbTo],
      ['Lệnh hoàn tất', `MSC hoàn tất ${run}`, htTo],
    ] as const) {
      await addRow(page);
      await pick(page, 'OperationCode', 'Mediterranean Shipping Company');
      await type(page, 'MailTitle', title);
      await type(page, 'MailCC', to);
      await pick(page, 'DataFilter', filter);
      await pick(page, 'DelayType', 'Thời gian thực');
      await tick(page, 'IsActive');
    }
    await saveGrid(page);

    // An import pickup of an MSC container of the demo yard, paid by card: approved and delivered to the TOS.
    const box = containerNumber('MSCU', 261023);
    const token = await tokenOf(request, 'khachhang');
    const order = await paidImportPickup(request, token, box, 2);

    // The TOS allocates it (PB): the line's PB rule mails it.
    await expect.poll(async () => (await inbox(pbTo)).map((m) => m.subject), slow).toEqual([`MSC phân bổ ${run} (1 lệnh)`]);
    expect(await inbox(htTo)).toHaveLength(0);

    // In and out at the gate: completed (HT), the HT rule mails it.
    const gate = async (direction: 'in' | 'out') =>
      fetch(`${runtimeInfo().simulators.tos}/api/gate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pin: order.PinCode.split('-')[0], containerNo: box, direction }),
      }).then((r) => r.status);
    await expect.poll(() => gate('in')).toBe(200);
    expect(await gate('out')).toBe(200);
    await expect.poll(async () => (await inbox(htTo)).map((m) => m.subject), slow).toEqual([`MSC hoàn tất ${run} (1 lệnh)`]);

    // Both are in 'Nhật ký gửi mail', sent.
    await recorded(page, pbTo, ['Hãng tàu: Lệnh đã phân bổ'], order.OrderNo);
    await recorded(page, htTo, ['Hãng tàu: Lệnh hoàn tất'], order.OrderNo);
    await page.screenshot({ path: test.info().outputPath('mail-record.png') });
  });

  test('an alert address changed on its screen receives the outage alert once and the recovery notice', async ({ page }) => {
    const to = `canh-bao-tos-${run}@smartport.vn`;
    await signIn(page, 'admin', '/', { timeout: 60_000 });
    await open(page, 'Cấu hình', 'Mail cảnh báo kết nối', /\/config\/alert_mail_config$/);
    const field = page.getByLabel('Mail cảnh báo SMP → CATOS');
    await expect(field).toBeVisible();
    await field.fill(to);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await confirm(page, 'Lưu lại ?');
    await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();

    // The TOS stops answering: the minute's connection check fails, and keeps failing; one alert.
    await tosKnobs({ down: true });
    try {
      await expect
        .poll(async () => (await inbox(to)).map((m) => m.subject), slow)
        .toEqual(['[SmartPort] Cảnh báo mất kết nối: SmartPort → TOS (CATOS)']);
    } finally {
      await tosKnobs({ reset: true });
    }
    // It answers again: the recovery notice, and nothing more.
    await expect
      .poll(async () => (await inbox(to)).map((m) => m.subject).sort(), slow)
      .toEqual(['[SmartPort] Cảnh báo mất kết nối: SmartPort → TOS (CATOS)', '[SmartPort] Kết nối đã phục hồi: SmartPort → TOS (CATOS)']);
    await recorded(page, to, ['Cảnh báo mất kết nối', 'Kết nối phục hồi']);
  });

  test('an EDO-sharing row added on its screen makes an eDO issued at GML valid at NDP', async ({ page, request }) => {
    // The line issues an eDO at GML for a bill of its own there (through its call), to the demo customer.
    const line = await tokenOf(request, 'hangtau');
    const admin = await tokenOf(request, 'admin');
    const there = (
      await call<{ payload: { ContainerNo: string; BLNo: string | null; ClassCode: string; FE: string; EdoNo: string | null }[] }>(
        request,
        line,
        'edo/lineContainers',
        { TerminalCode: 'GML' },
      )
    ).payload.find((c) => c.BLNo && c.FE === 'F' && c.ClassCode === '1' && !c.EdoNo);
    expect(there, 'an MSC import container at GML without an eDO').toBeTruthy();
    const bill = there?.BLNo as string;
    const consignee = (await call<{ payload: { ConsigneeTaxCode: string }[] }>(request, line, 'edo/list', { TerminalCode: 'NDP' }))
      .payload[0]?.ConsigneeTaxCode;
    const until = new Date(Date.now() + 7 * 3_600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
    const issued = await call<{ data: { EdoNo: string } }>(request, line, 'edo/issue', {
      TerminalCode: 'GML',
      BLNo: bill,
      ConsigneeTaxCode: consignee,
      ValidUntil: until,
      ContainerNos: [there?.ContainerNo],
    });
    const edoNo = issued.data.EdoNo;

    try {
      // Before: valid only where it was issued.
      await signIn(page, 'hangtau', '/Line/Edo', { timeout: 60_000 });
      const edoRow = page.locator('tr.ant-table-row').filter({ hasText: edoNo });
      await expect(edoRow).toContainText('GML');
      await expect(edoRow).not.toContainText('NDP');

      // The administrator adds GML → NDP on 'Cấu hình chia sẻ dữ liệu EDO': the table is the delivery-order table.
      await signIn(page, 'admin', '/', { timeout: 60_000 });
      await open(page, 'Quản trị hệ thống', 'Cấu hình chia sẻ dữ liệu EDO', /\/SystemManager\/data_share$/);
      await expect(rowWith(page, 'NDV,NHP')).toBeVisible();
      await addRow(page);
      await pick(page, 'TerminalCode', 'GML');
      await type(page, 'TerminalTarget', 'ndp');
      await tick(page, 'IsActive');
      await expect(newCell(page, 'DataTable')).toHaveText('DELIVERY_ORDER');
      await saveGrid(page);
      await expect(rowWith(page, 'GML')).toContainText('DELIVERY_ORDER');
      await page.screenshot({ path: test.info().outputPath('data-share.png') });

      // The line's list now says the GML eDO is valid at NDP too.
      await signIn(page, 'hangtau', '/Line/Edo', { timeout: 60_000 });
      await expect(page.locator('tr.ant-table-row').filter({ hasText: edoNo })).toContainText('NDP');
    } finally {
      const shares = await call<{ payload: { Rowguid: string; TerminalCode: string }[] }>(request, admin, 'config/getDataShareList', {});
      const added = shares.payload.filter((r) => r.TerminalCode === 'GML').map((r) => ({ Rowguid: r.Rowguid }));
      if (added.length) await call(request, admin, 'config/deleteDataShareList', { data: added });
      await call(request, line, 'edo/revoke', { EdoNo: edoNo, Reason: 'Dọn dữ liệu kiểm thử' });
    }
  });
});
