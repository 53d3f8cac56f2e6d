import { writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { confirm, editorReady, grid, legend, rowWith } from '../fixtures/grid';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Codes unique to this run, so a retry against the same server does not trip over its own rows.
const run = String(Date.now() % 100_000).padStart(5, '0');
const code = (n: number) => `E${run}${n}`;

const gridWarnings: string[] = [];

async function openMethods(page: Page) {
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && /AG Grid/i.test(msg.text())) gridWarnings.push(msg.text());
  });
  await signIn(page, 'admin');
  await openMenu(page, 'Danh mục', 'Phương thức giao nhận');
  await expect(page).toHaveURL(/\/common\/method$/);
  await expect(page.getByRole('heading', { name: 'Danh sách phương thức giao nhận' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'TRUCK', exact: true })).toBeVisible();
}

/** 'Thêm dòng' starts editing the new row's first cell; Tab moves on, Enter commits. */
async function addRowByKeyboard(page: Page, values: string[]) {
  await page.getByRole('button', { name: 'Thêm dòng' }).click();
  for (const [i, v] of values.entries()) {
    await editorReady(page);
    await page.keyboard.type(v);
    await page.keyboard.press(i < values.length - 1 ? 'Tab' : 'Enter');
  }
}

async function saveAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Lưu lại ?');
}

test.describe.configure({ mode: 'serial' });

test.describe('catalogue grid: delivery methods (/common/method)', () => {
  test('adds a row by keyboard, saves it after "Lưu lại ?", finds it after a reload, edits it and saves again', async ({ page }) => {
    await openMethods(page);
    await addRowByKeyboard(page, [code(1), 'Giao nhận thử nghiệm', 'TS1']);
    await expect(legend(page)).toContainText('Dòng mới: 1');
    await expect(rowWith(page, code(1))).toHaveClass(/sp-row-new/);

    await saveAndConfirm(page);
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    await expect(legend(page)).toContainText('Dòng mới: 0');

    await page.reload();
    // A reload loads the app again: on a busy machine that takes longer than one expect's default.
    await expect(rowWith(page, code(1))).toBeVisible({ timeout: 30_000 });
    await expect(rowWith(page, code(1)).getByRole('gridcell', { name: 'Giao nhận thử nghiệm', exact: true })).toBeVisible();

    // Edit: double-click the name, type over it, Enter.
    await rowWith(page, code(1)).getByRole('gridcell', { name: 'Giao nhận thử nghiệm', exact: true }).dblclick();
    await editorReady(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Giao nhận thử nghiệm (đã sửa)');
    await page.keyboard.press('Enter');
    await expect(legend(page)).toContainText('Dòng đã sửa: 1');
    await expect(rowWith(page, code(1))).toHaveClass(/sp-row-edited/);
    await saveAndConfirm(page);
    await expect(page.getByText('Lưu dữ liệu hoàn tất !').first()).toBeVisible();
    await page.reload();
    await expect(rowWith(page, code(1)).getByRole('gridcell', { name: 'Giao nhận thử nghiệm (đã sửa)', exact: true })).toBeVisible();
  });

  test('the search box filters the rows as the user types', async ({ page }) => {
    await openMethods(page);
    const count = page.getByText(/^\d+ \/ \d+ dòng$/);
    const before = await count.textContent();
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('sà lan');
    await expect(page.getByRole('gridcell', { name: 'BARGE', exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'TRUCK', exact: true })).toHaveCount(0);
    await expect(count).toHaveText(/^1 \/ \d+ dòng$/);
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('');
    await expect(count).toHaveText(before ?? '');
  });

  test("a duplicate code shows the server's message and loses nothing typed", async ({ page }) => {
    await openMethods(page);
    await addRowByKeyboard(page, ['TRUCK', 'Trùng mã xe tải']);
    await saveAndConfirm(page);
    const failure = page.locator('.ant-notification-notice').filter({ hasText: 'Lưu dữ liệu thất bại !' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Mã phương thức "TRUCK" đã tồn tại');
    await expect(rowWith(page, 'Trùng mã xe tải')).toHaveClass(/sp-row-new/);
    await expect(legend(page)).toContainText('Dòng mới: 1');

    // A row never saved is dropped here, without asking the server.
    await rowWith(page, 'Trùng mã xe tải')
      .getByRole('checkbox', { name: /chọn hoặc bỏ chọn dòng/ })
      .check();
    await page.getByRole('button', { name: 'Xóa dòng' }).click();
    await confirm(page, 'Xóa nội dung này ?');
    await expect(page.getByText('Xóa dữ liệu hoàn tất !')).toBeVisible();
    await expect(rowWith(page, 'Trùng mã xe tải')).toHaveCount(0);
    await expect(page.getByRole('gridcell', { name: 'TRUCK', exact: true })).toHaveCount(1);
  });

  test('"Xuất Excel" downloads the rows shown under the Vietnamese column titles', async ({ page }) => {
    await openMethods(page);
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('giao nhận bằng');
    await expect(page.getByRole('gridcell', { name: 'SHIP', exact: true })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Danh sách phương thức giao nhận.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['STT', 'Mã phương thức', 'Tên phương thức', 'Mã ánh xạ TOS']);
    const codes: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(2).value);
    });
    expect(codes).toEqual(expect.arrayContaining(['TRUCK', 'BARGE', 'RAIL']));
    expect(codes).not.toContain('SHIP');
  });

  test('"Nhập Excel" adds the rows of a workbook as new rows, and refuses a file that is not Excel', async ({ page }, info) => {
    await openMethods(page);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Phương thức');
    ws.addRow(['Mã phương thức', 'Tên phương thức', 'Mã ánh xạ TOS']);
    ws.addRow([`  ${code(2)} `, 'Giao nhận bằng xe container', 'CT']);
    ws.addRow([code(3), 'Giao nhận qua kho CFS', null]);
    const xlsxPath = info.outputPath('phuong-thuc.xlsx');
    await wb.xlsx.writeFile(xlsxPath);

    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    await (await chooser).setFiles(xlsxPath);
    await expect(page.getByText('Đã thêm 2 dòng mới từ file Excel.')).toBeVisible();
    await expect(legend(page)).toContainText('Dòng mới: 2');
    await expect(rowWith(page, code(2))).toHaveClass(/sp-row-new/);
    await expect(rowWith(page, code(3))).toHaveClass(/sp-row-new/);
    await saveAndConfirm(page);
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    await expect(legend(page)).toContainText('Dòng mới: 0');
    await expect(rowWith(page, code(2))).not.toHaveClass(/sp-row-new/);

    const textPath = info.outputPath('ghi-chu.txt');
    await writeFile(textPath, 'Mã phương thức;Tên phương thức\nXE;Xe tải\n');
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Nhập Excel' }).click();
    await (await chooser).setFiles(textPath);
    const alert = page.getByRole('dialog').filter({ hasText: 'Sai định dạng file excel !' });
    await expect(alert).toBeVisible();
    // What to do, in Vietnamese; not the zip reader's English message with its URL.
    await expect(alert).toContainText('Sai định dạng file excel ! Tệp không đúng định dạng Excel (.xlsx).');
    await expect(alert).not.toContainText(/http|zip|Corrupted|End of data/i);
    await alert.getByRole('button', { name: 'Đóng' }).click();
    await expect(alert).toBeHidden();
    await expect(legend(page)).toContainText('Dòng mới: 0');
  });

  test('"Xóa dòng" deletes the selected saved rows after "Xóa nội dung này ?"', async ({ page }) => {
    await openMethods(page);
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(`E${run}`);
    await expect(
      grid(page)
        .getByRole('row')
        .filter({ hasText: `E${run}` }),
    ).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Chọn tất cả các dòng' }).check();
    await expect(page.getByText('Dòng đang chọn: 3')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa dòng' }).click();
    await confirm(page, 'Xóa nội dung này ?');
    await expect(page.getByText('Xóa dữ liệu hoàn tất !')).toBeVisible();
    await expect(page.getByText(/^0 \/ \d+ dòng$/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('gridcell', { name: 'TRUCK', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('gridcell', { name: code(1), exact: true })).toHaveCount(0);
    await expect(page.getByRole('gridcell', { name: code(2), exact: true })).toHaveCount(0);
  });

  test('leaving with unsaved rows asks first, in the app and when the tab closes', async ({ page }) => {
    await openMethods(page);
    await addRowByKeyboard(page, [code(4), 'Chưa lưu']);
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await nav.getByText('Hãng tàu', { exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Dữ liệu chưa được lưu' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Ở lại' }).click();
    await expect(page).toHaveURL(/\/common\/method$/);
    await expect(rowWith(page, code(4))).toBeVisible();

    // Closing or reloading the tab: the browser's own 'leave site?' prompt.
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    await nav.getByText('Hãng tàu', { exact: true }).click();
    await ask.getByRole('button', { name: 'Rời trang' }).click();
    await expect(page).toHaveURL(/\/common\/operation$/);
  });
});

test.describe('other catalogue screens', () => {
  test('a read-only catalogue (container status) has search and export only, and a 65vh grid', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, 'Danh mục', 'Trạng thái container');
    await expect(page).toHaveURL(/\/common\/container_status$/);
    await expect(page.getByRole('heading', { name: 'Danh sách trạng thái container' })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Đang ở bãi (Stacking)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Tìm kiếm' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeVisible();
    for (const name of ['Thêm dòng', 'Xóa dòng', 'Lưu', 'Nhập Excel']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    // Not editable: a double-click opens no editor.
    await page.getByRole('gridcell', { name: 'Đang ở bãi (Stacking)' }).dblclick();
    await expect(grid(page).getByRole('textbox')).toHaveCount(0);
    const box = await grid(page).boundingBox();
    expect(Math.abs((box?.height ?? 0) - 0.65 * 768)).toBeLessThan(4);
  });

  test('the shipping-line screen is "Quản lý hãng tàu" with save and export only, choices by their meanings', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, 'Danh mục', 'Hãng tàu');
    await expect(page.getByRole('heading', { name: 'Quản lý hãng tàu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Danh sách hãng tàu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lưu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeVisible();
    for (const name of ['Thêm dòng', 'Xóa dòng', 'Nhập Excel']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('gridcell', { name: /^Thu (ngay|sau)$/ }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Hình thức thanh toán' })).toBeVisible();
  });

  test('exchange rates take numbers and DD/MM/YYYY HH:mm:ss times the Vietnamese way', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, 'Danh mục', 'Tỷ giá');
    await expect(page.getByRole('heading', { name: 'Danh sách tỷ giá' })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    await editorReady(page);
    await page.keyboard.type('sgd');
    await page.keyboard.press('Tab');
    await editorReady(page);
    await page.keyboard.type('19.500,5');
    await page.keyboard.press('Tab');
    await editorReady(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('31/02/2026 08:00:00');
    await page.keyboard.press('Enter');
    await expect(page.getByText('"31/02/2026 08:00:00" không phải ngày giờ dạng DD/MM/YYYY HH:mm:ss')).toBeVisible();
    const row = rowWith(page, 'sgd');
    await row
      .getByRole('gridcell')
      .filter({ hasText: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/ })
      .dblclick();
    await editorReady(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('22/11/2026 08:00');
    await page.keyboard.press('Enter');
    await saveAndConfirm(page);
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    const saved = rowWith(page, 'SGD');
    await expect(saved.getByRole('gridcell', { name: '19.500,5', exact: true })).toBeVisible();
    await expect(saved.getByRole('gridcell', { name: '22/11/2026 08:00:00', exact: true })).toBeVisible();
  });

  test('a refused save names the row by the STT the user sees, not by its place in the batch sent', async ({ page }) => {
    await openMethods(page);
    const codeCell = (stt: number) => grid(page).locator(`[role="row"][row-index="${stt - 1}"] [col-id="MethodCode"]`);
    const taken = (await codeCell(2).innerText()).trim();
    await codeCell(3).dblclick();
    await editorReady(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(taken);
    await page.keyboard.press('Enter');
    await expect(legend(page)).toContainText('Dòng đã sửa: 1');
    // The only row sent is the edited one at STT 3: the server says 'Dòng 1', the user reads 'Dòng 3'.
    await saveAndConfirm(page);
    await expect(page.getByText(`Dòng 3: Mã phương thức "${taken}" đã tồn tại. Chưa lưu dữ liệu nào.`)).toBeVisible();
    await expect(legend(page)).toContainText('Dòng đã sửa: 1');
  });

  test('lays out at 1366×768 and at 800 px wide', async ({ page }, info) => {
    await openMethods(page);
    await page.screenshot({ path: info.outputPath('method-1366x768.png') });
    await page.setViewportSize({ width: 800, height: 900 });
    // Below 992 px the menu folds away behind a button; the checks wait until it has slid out.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Tìm kiếm' })).toBeInViewport();
    await page.screenshot({ path: info.outputPath('method-800.png'), fullPage: true });
    expect(gridWarnings).toEqual([]);
  });
});
