import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// The shipping line's eDO screens (menu 'Nghiệp vụ hãng tàu'): `hangtau` (MSC) lists the demo eDOs at NDP (apps/server/src/db/seed/
// edo.data.ts: the bills MEDUHP2611001–003 released to the demo customer C0000001), is refused a second eDO for a bill
// whose containers all have one, extends one eDO with a reason and reads it in its history, revokes the reefer bill's,
// then reads its containers ('Chưa thanh lý' for a held one) and the orders against its eDOs.
const SHOTS = '/tmp/edo-shots';

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** A port day `days` from today, as the date picker takes it (DD/MM/YYYY, Asia/Ho_Chi_Minh). */
const portDay = (days: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the line lists, issues, amends and revokes its eDOs, and reads its containers and orders', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, 'hangtau', '/Line/Edo', { timeout: 40_000 });

  // The three entries under 'Nghiệp vụ hãng tàu'.
  const nav = page.getByRole('navigation', { name: 'Menu' });
  for (const entry of ['Lệnh giao hàng điện tử (eDO)', 'Container của hãng', 'Lệnh theo eDO / booking'])
    await expect(nav.getByText(entry, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lệnh giao hàng điện tử (eDO)' })).toBeVisible();
  await expect(page).toHaveTitle(/^Lệnh giao hàng điện tử \(eDO\) - /);

  // The demo eDOs: three bills of MSC at NDP, active, to the demo customer.
  const edoRow = (bl: string) => page.locator('tr.ant-table-row').filter({ hasText: bl });
  for (const bl of ['MEDUHP2611001', 'MEDUHP2611002', 'MEDUHP2611003']) {
    await expect(edoRow(bl)).toContainText('Hiệu lực');
    await expect(edoRow(bl)).toContainText('NDP');
    await expect(edoRow(bl)).toContainText('hangtau');
  }
  const consignee = /\b0\d{9}\b/.exec((await edoRow('MEDUHP2611001').innerText()) ?? '')?.[0];
  // 'Cấu hình chia sẻ dữ liệu EDO' (demo: NDP's eDOs are seen at NDV and NHP) decides where an NDP eDO is valid too.
  await expect(edoRow('MEDUHP2611001')).toContainText('NDV, NHP');
  expect(consignee, 'the demo customer’s tax code').toBeTruthy();
  const edoOf = async (bl: string) => /EDO\d{7}/.exec(await edoRow(bl).innerText())?.[0] as string;
  const importEdo = await edoOf('MEDUHP2611001');
  const reeferEdo = await edoOf('MEDUHP2611002');
  const heldEdo = await edoOf('MEDUHP2611003');

  // A row opens on its containers and the orders that used them.
  await edoRow('MEDUHP2611002').locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('tr.ant-table-expanded-row').filter({ hasText: '22R1' })).toContainText('Chưa dùng cho lệnh');
  await shots(page, 'edo-list');

  // Issue for MEDUHP2611001: every container of the bill is on the demo eDO already, shown disabled, and the server refuses.
  await page.getByRole('button', { name: 'Phát hành eDO' }).click();
  const issue = page.getByRole('dialog').filter({ hasText: 'Tải container' });
  await expect(issue).toBeVisible();
  await pickOption(page, issue.locator('.ant-select').filter({ has: page.getByLabel('Cảng') }), 'NDP');
  await issue.getByLabel('Số vận đơn').fill('meduhp2611001');
  await issue.getByRole('button', { name: 'Tải container' }).click();
  const billRow = issue.locator('tr.ant-table-row').filter({ hasText: 'MSCU' }).first();
  await expect(billRow).toContainText(`Đã có trong eDO ${importEdo}`);
  await expect(billRow.locator('input[type="checkbox"]')).toBeDisabled();
  await expect(issue.getByText(/Đã chọn 0\/\d+ container/)).toBeVisible();
  await issue.getByLabel('Mã số thuế người nhận hàng').fill(consignee as string);
  await issue.getByLabel('Hạn eDO').fill(portDay(10));
  await issue.getByLabel('Hạn eDO').press('Enter');
  await issue.getByRole('button', { name: 'Phát hành', exact: true }).click();
  await expect(issue.getByTestId('issue-error')).toContainText(
    new RegExp(`Container MSCU\\d{7} đã có trong eDO ${importEdo} còn hiệu lực\\.`),
  );
  // The input is kept.
  await expect(issue.getByLabel('Số vận đơn')).toHaveValue('MEDUHP2611001');
  await expect(issue.getByLabel('Mã số thuế người nhận hàng')).toHaveValue(consignee as string);
  await shots(page, 'edo-issue-refused');
  await issue.getByRole('button', { name: 'Hủy bỏ' }).click();
  await expect(issue).toBeHidden();

  // 'Nhập từ Excel': one bad row refuses the file, and every bad row is named.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('eDO');
  ws.addRow(['Cảng', 'Số vận đơn', 'MST người nhận', 'MST ủy quyền', 'Hạn eDO', 'Số container']);
  ws.addRow(['NDP', 'MEDUHP2611001', consignee, '', portDay(10).split('/').reverse().join('-'), '']);
  ws.addRow(['NDP', 'MEDUHP2699999', consignee, '', portDay(10).split('/').reverse().join('-'), '']);
  ws.addRow(['NDP', 'MEDUHP2611003', consignee, '', 'mai', '']);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'edo.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  const imported = page.getByTestId('edo-import-result');
  await expect(imported).toContainText('Không phát hành eDO nào từ tệp edo.xlsx');
  await expect(imported).toContainText('Dòng 2: Vận đơn MEDUHP2699999 không có container nào của hãng MSC trong bãi cảng NDP.');
  await expect(imported).toContainText('Dòng 3: Hạn eDO không đúng định dạng (YYYY-MM-DD)');
  // Row 1's bill is released already: each of its containers is on the demo eDO, and the row says so.
  await expect(imported).toContainText('Dòng 1: Container MSCU2610014 đã có trong eDO EDO0000001 còn hiệu lực.');
  await shots(page, 'edo-import-refused');
  await imported.getByRole('button', { name: 'Đóng' }).click();
  await expect(imported).toBeHidden();

  // Amend the held bill's eDO: a new last day with a reason; its history says 'Cập nhật'.
  await edoRow('MEDUHP2611003').getByRole('button', { name: 'Sửa' }).click();
  const amend = page.getByRole('dialog').filter({ hasText: `Sửa eDO ${heldEdo}` });
  await expect(amend).toBeVisible();
  const newDay = portDay(20);
  await amend.getByLabel('Hạn eDO').fill(newDay);
  await amend.getByLabel('Hạn eDO').press('Enter');
  await amend.getByRole('button', { name: 'Cập nhật' }).click();
  await expect(amend.getByText('Vui lòng nhập lý do')).toBeVisible();
  await amend.getByLabel('Lý do').fill('Khách hàng xin gia hạn do chờ thông quan');
  await amend.getByRole('button', { name: 'Cập nhật' }).click();
  await expect(toast(page, `Đã cập nhật eDO ${heldEdo}.`)).toBeVisible();
  await expect(amend).toBeHidden();
  await expect(edoRow('MEDUHP2611003')).toContainText(newDay);

  await edoRow('MEDUHP2611003').getByRole('button', { name: 'Lịch sử' }).click();
  const history = page.getByRole('dialog').filter({ hasText: `Lịch sử eDO ${heldEdo}` });
  await expect(history.getByRole('cell', { name: 'Cập nhật', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Phát hành', exact: true })).toBeVisible();
  await expect(history).toContainText('Lý do: Khách hàng xin gia hạn do chờ thông quan');
  await shots(page, 'edo-history');
  await history.getByRole('button', { name: /Close|Đóng/ }).click();
  await expect(history).toBeHidden();

  // Revoke the reefer bill's eDO with a reason: it is 'Đã thu hồi' and offers neither 'Sửa' nor 'Thu hồi'.
  await edoRow('MEDUHP2611002').getByRole('button', { name: 'Thu hồi' }).click();
  const revoke = page.getByRole('dialog').filter({ hasText: `Thu hồi eDO ${reeferEdo}` });
  await expect(revoke).toContainText('Thu hồi eDO này? Các lệnh chưa duyệt dùng eDO sẽ bị hủy.');
  await revoke.getByLabel('Lý do').fill('Người nhận hàng chưa thanh toán cước vận chuyển');
  await shots(page, 'edo-revoke');
  await revoke.getByRole('button', { name: 'Thu hồi', exact: true }).click();
  await expect(toast(page, `Đã thu hồi eDO ${reeferEdo}.`)).toBeVisible();
  await expect(revoke).toBeHidden();
  await expect(edoRow('MEDUHP2611002')).toContainText('Đã thu hồi');
  await expect(edoRow('MEDUHP2611002').getByRole('button', { name: 'Sửa' })).toHaveCount(0);
  await expect(edoRow('MEDUHP2611002').getByRole('button', { name: 'Thu hồi' })).toHaveCount(0);

  // Only the revoked one under 'Đã thu hồi'.
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Trạng thái') }), 'Đã thu hồi');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  await expect(edoRow('MEDUHP2611002')).toBeVisible();
  await expect(edoRow('MEDUHP2611001')).toHaveCount(0);
  await shots(page, 'edo-revoked');

  // 'Container của hãng': the held container is 'Chưa thanh lý'.
  await openMenu(page, 'Container của hãng');
  await expect(page).toHaveURL(/\/Line\/Containers$/);
  await expect(page.getByRole('heading', { name: 'Container của hãng' })).toBeVisible();
  await page.getByLabel('Container, vận đơn, booking').fill('MSCU2612022');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  const held = page.locator('tr.ant-table-row').filter({ hasText: 'MSCU2612022' });
  await expect(held).toContainText('Chưa thanh lý');
  await expect(held).toContainText('MEDUHP2611003');
  await expect(held).toContainText(heldEdo);
  await page.getByLabel('Container, vận đơn, booking').fill('');
  await page.getByRole('button', { name: 'Nạp dữ liệu' }).click();
  await expect(page.locator('tr.ant-table-row').filter({ hasText: 'MEDUHP2611001' }).first()).toBeVisible();
  await shots(page, 'line-containers');

  // 'Lệnh theo eDO' renders its list.
  await openMenu(page, 'Lệnh theo eDO / booking');
  await expect(page).toHaveURL(/\/Line\/Orders$/);
  await expect(page.getByRole('heading', { name: 'Lệnh theo eDO / booking' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Số lệnh' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Container' })).toBeVisible();
  await shots(page, 'line-orders');
});
