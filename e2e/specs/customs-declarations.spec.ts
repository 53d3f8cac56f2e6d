import { expect as baseExpect, type Page } from '@playwright/test';
import { loginAs, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// The machine running the suite may be busy: screens get more time to appear than the default 10 s.
const expect = baseExpect.configure({ timeout: 25_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The signed-in customer's own business code (tax code), as the portal gives it to prefill the form. */
async function ownBusinessCode(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/custom/own_business_code', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access_token')}` },
      body: JSON.stringify({}),
    });
    const body = (await res.json()) as { payload?: { CustomerID: string | null } };
    return body.payload?.CustomerID ?? '';
  });
}

test.describe('customs declarations: registration and staff review', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a pending row with a note shows "Xem lý do" to the registrant', async ({ page }) => {
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    await expect(page.getByText('Thông tin đã đăng ký')).toBeVisible();
    const withNote = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Xem lý do' }) });
    await expect(withNote).toHaveCount(1);
    await expect(withNote).toContainText('Đợi duyệt');
    await withNote.getByRole('button', { name: 'Xem lý do' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lý do' });
    await expect(dialog).toContainText('Số lượng container trên tờ khai không khớp với booking');
    await page.screenshot({ path: '/tmp/h6-registration-reason.png' });
    await dialog.getByRole('button', { name: 'Đóng' }).last().click();
    await expect(dialog).toBeHidden();
    // Narrow screens stack the form above the table.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: '/tmp/h6-registration-800.png', fullPage: true });
  });

  test('register an export declaration with a file → staff approves → the registrant sees it approved', async ({ page }) => {
    const customNo = `30${String(Date.now()).slice(-10)}`;
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    await expect(page.getByText('Thông tin đã đăng ký')).toBeVisible();

    // The checks of spec 01 §5 come one at a time, in order. The customer's own business code is filled in.
    const register = page.getByRole('button', { name: 'Đăng ký', exact: true });
    const businessCode = await ownBusinessCode(page);
    expect(businessCode).toMatch(/^\d{10}$/);
    await expect(page.getByLabel('Mã doanh nghiệp')).toHaveValue(businessCode);
    await register.click();
    await expect(page.getByText('Vui lòng nhập số tờ khai !')).toBeVisible();
    await page.getByLabel('Số tờ khai').fill(customNo);
    await page.getByLabel('Mã hải quan').fill('03ee');
    await expect(page.getByLabel('Mã hải quan')).toHaveValue('03EE');
    await page.getByLabel('Tổng số container').fill('2');
    await page.getByLabel('Ngày tờ khai').click();
    await page.getByLabel('Ngày tờ khai').fill('2026-11-20');
    await page.getByLabel('Ngày tờ khai').press('Enter');
    await register.click();
    await expect(page.getByText('Vui lòng số booking !')).toBeVisible();
    await page.getByLabel('Số booking').fill('mscb 7654321');
    await expect(page.getByLabel('Số booking')).toHaveValue('MSCB 7654321');
    await register.click();
    await expect(page.getByText('Vui lòng upload file !')).toBeVisible();

    // A text file named .pdf is refused by its content, and leaves the list.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'gia-mao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await expect(page.getByText('Tệp "gia-mao.pdf" không đúng định dạng cho phép (.xls, .docx, .png, .jpg, .pdf).')).toBeVisible();
    await expect(page.getByText('gia-mao.pdf', { exact: true })).toHaveCount(0);

    await page.locator('input[type=file]').setInputFiles({ name: 'to-khai-xuat.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator('.ant-upload-list-item-done', { hasText: 'to-khai-xuat.pdf' })).toBeVisible();
    await register.click();
    const success = page.getByRole('dialog').filter({ hasText: 'Đăng ký tờ khai thành công' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: /OK|Đồng ý/ }).click();
    const mine = page.getByRole('row').filter({ hasText: customNo });
    await expect(mine).toContainText('Đợi duyệt');
    await expect(mine).toContainText('MSCB 7654321');
    await expect(mine).toContainText('2026-11-20');
    await page.screenshot({ path: '/tmp/h6-registration.png' });

    // The file is served back to its owner.
    const download = page.waitForEvent('download');
    await mine.getByRole('button', { name: 'to-khai-xuat.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('to-khai-xuat.pdf');

    await logout(page);
    await loginAs(page, 'nhanvien');
    await openMenu(page, 'Hải quan', 'Quản lý tờ khai hải quan');
    const staffRow = page.getByRole('row').filter({ hasText: customNo });
    await expect(staffRow).toContainText('Đợi duyệt');
    await page.screenshot({ path: '/tmp/h6-management.png' });

    // A reason note must not be empty; then it is saved with the spec's own spelling.
    await staffRow.getByRole('button', { name: 'Ghi lý do' }).click();
    const noteDialog = page.getByRole('dialog').filter({ hasText: 'Ghi lý do' });
    await noteDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Bạn chưa nhập lý do hủy.')).toBeVisible();
    await noteDialog.getByLabel('Lý do').fill('Vui lòng bổ sung bản chụp booking có xác nhận của hãng tàu.');
    await noteDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Cập nhật ghi chú thành cong.')).toBeVisible();
    await expect(staffRow).toContainText('Vui lòng bổ sung bản…');
    await staffRow.getByText('Vui lòng bổ sung bản…').click();
    await expect(staffRow).toContainText('Vui lòng bổ sung bản chụp booking có xác nhận của hãng tàu.');

    await staffRow.getByRole('button', { name: 'Duyệt' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Xác nhận duyệt tờ khai' }).getByRole('button', { name: 'Duyệt' }).click();
    await expect(page.getByText('Cập nhật thành công.')).toBeVisible();
    await expect(staffRow).toContainText('Đã duyệt');
    await expect(staffRow.getByRole('button', { name: 'Duyệt' })).toHaveCount(0);

    await logout(page);
    await loginAs(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    const approved = page.getByRole('row').filter({ hasText: customNo });
    await expect(approved).toContainText('Đã duyệt');
    await expect(approved.getByRole('button', { name: 'Xem lý do' })).toHaveCount(0);
  });

  test("a forwarder registers for its client's business code → staff see the client's code and who registered it", async ({ page }) => {
    const stamp = String(Date.now()).slice(-8);
    const customNo = `30${stamp}99`;
    const clientCode = `03${stamp}-001`;
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    await expect(page.getByText('Thông tin đã đăng ký')).toBeVisible();
    const register = page.getByRole('button', { name: 'Đăng ký', exact: true });
    const code = page.getByLabel('Mã doanh nghiệp');
    await expect(code).toHaveValue(await ownBusinessCode(page));
    await expect(code).toBeEditable();

    // Spec 01 §5: the business code is the first field checked, before the declaration number.
    await code.fill('');
    await register.click();
    await expect(page.getByText('Vui lòng nhập mã doanh nghiệp !')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập số tờ khai !')).toHaveCount(0);

    // The client's tax code, typed in lower case, is upper-cased like every input.
    await code.fill(clientCode.toLowerCase());
    await expect(code).toHaveValue(clientCode.toUpperCase());
    await page.getByLabel('Số tờ khai').fill(customNo);
    await page.getByLabel('Mã hải quan').fill('03EE');
    await page.getByLabel('Tổng số container').fill('1');
    await page.getByLabel('Ngày tờ khai').click();
    await page.getByLabel('Ngày tờ khai').fill('2026-11-21');
    await page.getByLabel('Ngày tờ khai').press('Enter');
    await page.getByLabel('Số booking').fill(`MSCB${stamp}`);
    await page.locator('input[type=file]').setInputFiles({ name: 'to-khai-khach-hang.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator('.ant-upload-list-item-done', { hasText: 'to-khai-khach-hang.pdf' })).toBeVisible();
    await register.click();
    const success = page.getByRole('dialog').filter({ hasText: 'Đăng ký tờ khai thành công' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: /OK|Đồng ý/ }).click();
    // The forwarder's list shows its client's registration; the code typed stays for the next one.
    const mine = page.getByRole('row').filter({ hasText: customNo });
    await expect(mine).toContainText(clientCode);
    await expect(code).toHaveValue(clientCode);

    await logout(page);
    await loginAs(page, 'nhanvien');
    await openMenu(page, 'Hải quan', 'Quản lý tờ khai hải quan');
    await expect(page.getByRole('columnheader', { name: 'Mã khách hàng đăng ký' })).toBeVisible();
    const staffRow = page.getByRole('row').filter({ hasText: customNo });
    await expect(staffRow).toContainText(clientCode);
    await expect(staffRow).toContainText('khachhang');
    await expect(staffRow).toContainText('C0000001');
    await page.screenshot({ path: '/tmp/spec02-forwarder-management.png' });
  });

  test('lookup needs the business code and the declaration number, and says when nothing matches', async ({ page }) => {
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng nhập');
    await page.getByText('Tra cứu', { exact: true }).first().click();
    const lookup = page.getByRole('button', { name: 'Tra cứu', exact: true });
    await expect(page.getByLabel('Mã doanh nghiệp')).toHaveValue(await ownBusinessCode(page));
    await lookup.click();
    await expect(page.getByText('Vui lòng nhập số tờ khai !')).toBeVisible();
    await page.getByLabel('Số tờ khai').fill('109999999999');
    await lookup.click();
    await expect(page.getByText('Không có dữ liệu').first()).toBeVisible();
  });

  test('a refused upload leaves the file list, and its error toast stays 5 seconds (spec 01 §8, §9)', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    await expect(page.getByText('Thông tin đã đăng ký')).toBeVisible();
    // The page's clock time at which the toast appears, whatever the machine's speed.
    await page.evaluate(() => {
      const w = window as unknown as { toastShownAt?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.ant-message-notice')) return;
        w.toastShownAt = Date.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('input[type=file]').setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('ghi chú') });
    const toast = page.locator('.ant-message-notice').filter({ hasText: 'ghi-chu.txt' });
    await expect(toast).toHaveText('Tệp "ghi-chu.txt" không đúng định dạng cho phép (.xls, .docx, .png, .jpg, .pdf).');
    await expect(page.locator('.ant-upload-list')).not.toContainText('ghi-chu.txt');

    const shownAt = await page.evaluate(() => (window as unknown as { toastShownAt: number }).toastShownAt);
    await page.clock.pauseAt(shownAt + 4_000);
    // Real time passes while the page's clock stands at 4 s: a toast closed at 3 s would be gone by now.
    await page.waitForTimeout(1_000);
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveClass(/leave/);
    // Past 5 s it leaves, at once: the browser asks for reduced motion, so there is no closing animation.
    await page.clock.runFor(1_500);
    await expect(toast).toBeHidden();
    await page.clock.resume();
  });

  // Last in the file: it adds 21 declarations to the demo customer's list.
  test('staff management pages by 20 rows and truncates long texts at 20 characters with click-to-expand', async ({ page }) => {
    const stamp = String(Date.now()).slice(-8);
    const booking = `MSCB ${stamp} LONG BOOKING REFERENCE`;
    await signIn(page, 'khachhang');
    await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
    const businessCode = await ownBusinessCode(page);
    // 21 real registrations through the portal's calls (folder, PDF upload, add).
    const added = await page.evaluate(
      async ({ businessCode, stamp, booking, pdf }) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}` };
        const post = async (path: string, body: unknown) => {
          const res = await fetch(`/api/${path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return (await res.json()) as { success: boolean; payload?: string; message?: string };
        };
        let ok = 0;
        for (let i = 0; i < 21; i++) {
          const folder = (await post('common/makeRowguid', {})).payload ?? '';
          const form = new FormData();
          form.append('tmporder', folder);
          form.append('filename', 'to-khai.pdf');
          form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'to-khai.pdf');
          await fetch('/api/custom/file_upload', { method: 'POST', headers, body: form });
          const reply = await post('custom/add', {
            CustomerID: businessCode,
            CustomNo: `31${stamp}${String(i).padStart(2, '0')}`,
            CustomCode: '03EE',
            ContainerQty: 1,
            CustomDate: '2026-11-20',
            BL_BookingNo: booking,
            FilePatch: folder,
            ImportExport: 'E',
            TerminalCode: 'NDP',
          });
          if (reply.success) ok++;
        }
        return ok;
      },
      { businessCode, stamp, booking, pdf: PDF.toString('latin1') },
    );
    expect(added).toBe(21);

    await logout(page);
    await loginAs(page, 'nhanvien');
    await openMenu(page, 'Hải quan', 'Quản lý tờ khai hải quan');
    // Spec 01 §2 defaults: created today (start to end), all kinds, pending and approved both ticked.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }));
    const range = page.locator('.ant-picker-range input');
    await expect(range.first()).toHaveValue(`${today} 00:00:00`);
    await expect(range.last()).toHaveValue(`${today} 23:59:59`);
    await expect(page.getByRole('checkbox', { name: 'Đợi duyệt' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Đã duyệt' })).toBeChecked();
    await expect(page.locator('.ant-select').filter({ hasText: 'Tất cả' })).toHaveCount(1);
    const grid = page.locator('.ag-root-wrapper');
    const rows = grid.locator('.ag-row');
    const summary = grid.locator('.ag-paging-row-summary-panel');
    // 'first - last / total' (the grid's Vietnamese locale).
    await expect(summary).toHaveText(/^\s*1 - 20 \/ \d+\s*$/);
    const total = Number((await summary.innerText()).split('/')[1]);
    expect(total).toBeGreaterThan(20);
    await expect(rows).toHaveCount(20);
    await grid.getByRole('button', { name: 'Trang sau' }).click();
    await expect(summary).toHaveText(`21 - ${Math.min(40, total)} / ${total}`);
    await expect(rows).toHaveCount(Math.min(20, total - 20));
    await grid.getByRole('button', { name: 'Trang đầu' }).click();
    await expect(summary).toHaveText(`1 - 20 / ${total}`);

    // Live search narrows to one of the new rows; its booking shows 20 characters until clicked.
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(`31${stamp}07`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('[col-id="__stt"]')).toHaveText('1');
    const short = `${booking.slice(0, 20)}…`;
    await expect(rows.first()).toContainText(short);
    await expect(rows.first()).not.toContainText(booking);
    await rows.first().getByText(short).click();
    await expect(rows.first()).toContainText(booking);
    await page.screenshot({ path: '/tmp/r4-management-paged.png' });
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(rows.first()).toContainText(booking);
    await page.screenshot({ path: '/tmp/r4-management-800.png', fullPage: true });
  });
});
