import { expect, type Page } from '@playwright/test';
import { editorReady, rowWith } from '../fixtures/grid';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// Titles unique to this run, so a retry against the same server does not meet its own rows.
const run = String(Date.now() % 100_000).padStart(5, '0');
const title = `Lịch làm hàng cuối tuần ${run}`;
const liveTitle = `Điều chỉnh giờ cắt máng ${run}`;

// A real 1×1 PNG, as a person would pick from disk.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const XSS =
  '<p>Kiểm tra an toàn</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script>' +
  '<a href="javascript:window.__xss=1">bấm vào đây</a>';

/** DD/MM/YYYY HH:mm:ss in port time, `days` from now (the grid's date format). */
function portTime(days: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + days * 86_400_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:00`;
}

/** Any script of the payload that ran would have set this, or opened a dialog. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    ran: () => page.evaluate(() => (window as { __xss?: unknown }).__xss),
  };
}

test.describe.configure({ mode: 'serial' });

test.describe('notification configuration (/config/notify_config) and notices for signed-in users', () => {
  test('admin writes a notification in the dialog (formatting, an inline image, the HTML view) and saves it sanitised', async ({
    page,
  }) => {
    // A long story (a new row, a dialog, a save) on a machine that may be busy.
    test.setTimeout(180_000);
    const script = watchForScript(page);
    await signIn(page, 'admin');
    await openMenu(page, 'Cấu hình', 'Cấu hình thông báo');
    await expect(page).toHaveURL(/\/config\/notify_config$/);
    // The grid's chunk is large; a busy machine takes a while to parse it the first time.
    await expect(page.getByRole('heading', { name: 'Cấu hình thông báo' })).toBeVisible({ timeout: 30_000 });
    // The demo notice has content: its button says 'Điều chỉnh'.
    await expect(rowWith(page, 'Lịch bảo trì hệ thống SmartPort').getByRole('button', { name: 'Điều chỉnh' })).toBeVisible();

    // A new row by keyboard: title, shown from yesterday to the day after tomorrow, a note; then active.
    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    for (const [i, value] of [title, portTime(-1), portTime(2), 'Thông báo cho khách hàng'].entries()) {
      await editorReady(page);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(value);
      await page.keyboard.press(i < 3 ? 'Tab' : 'Enter');
    }
    const row = rowWith(page, title);
    await expect(row).toHaveClass(/sp-row-new/);
    await row.getByRole('checkbox', { name: /đổi giá trị/ }).click();
    await expect(row.getByRole('checkbox', { name: /đổi giá trị/ })).toBeChecked();

    // No content yet: 'Thêm nội dung' opens 'Điều chỉnh nội dung'.
    await row.getByRole('button', { name: 'Thêm nội dung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Điều chỉnh nội dung' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Hủy' })).toBeVisible();
    const editor = dialog.getByRole('textbox', { name: 'Nội dung thông báo' });
    await editor.click();
    await page.keyboard.type('Tàu cập cảng ');
    await dialog.getByRole('button', { name: 'In đậm' }).click();
    await page.keyboard.type('từ 06:00 thứ Bảy');
    await dialog.getByRole('button', { name: 'In đậm' }).click();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Danh sách dấu chấm' }).click();
    await page.keyboard.type('Khách hàng đăng ký lệnh trước 17:00 thứ Sáu');
    await expect(editor.locator('strong')).toHaveText('từ 06:00 thứ Bảy');
    await expect(editor.locator('ul li')).toHaveText('Khách hàng đăng ký lệnh trước 17:00 thứ Sáu');

    // An SVG is refused in Vietnamese; a PNG is embedded as data in the content.
    let chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Chèn ảnh' }).click();
    await (await chooser).setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="window.__xss=1"/>') });
    await expect(page.getByText('Chỉ chèn được ảnh PNG, JPG, GIF hoặc WEBP.')).toBeVisible();
    chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Chèn ảnh' }).click();
    await (await chooser).setFiles({ name: 'so-do-bai.png', mimeType: 'image/png', buffer: PNG });
    await expect(editor.locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);

    // The HTML view shows the markup; what is typed there is what is saved.
    await dialog.getByText('HTML', { exact: true }).click();
    const source = dialog.getByRole('textbox', { name: 'Mã HTML' });
    await expect(source).toHaveValue(/<strong>từ 06:00 thứ Bảy<\/strong>/);
    await expect(source).toHaveValue(/<img src="data:image\/png;base64,/);
    await source.fill(`${await source.inputValue()}\n${XSS}`);
    await dialog.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'Điều chỉnh' })).toBeVisible();

    // The grid's 'Lưu' sends the row after 'Lưu lại ?'.
    await page.getByRole('button', { name: 'Lưu' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Lưu lại ?' });
    await confirm.getByRole('button', { name: 'Đồng ý' }).click();
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    await expect(rowWith(page, title)).not.toHaveClass(/sp-row-new/);

    // Stored sanitised: the formatting and the PNG stay, the payload is gone.
    const stored = await page.evaluate(async (wanted) => {
      const res = await fetch('/api/config/getNotifyList', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('access_token')}` },
        body: '{}',
      });
      const body = (await res.json()) as { payload: { MailTitle: string; NotifyContent: string }[] };
      return body.payload.find((r) => r.MailTitle === wanted)?.NotifyContent ?? '';
    }, title);
    expect(stored).toContain('<strong>từ 06:00 thứ Bảy</strong>');
    expect(stored).toContain('<img src="data:image/png;base64,');
    expect(stored).toContain('Kiểm tra an toàn');
    expect(stored).not.toMatch(/onerror|<script|javascript:/i);

    // The admin's own banner learns of it live (no reload).
    await expect(page.getByRole('region', { name: 'Thông báo mới' })).toContainText(title);

    expect(await script.ran()).toBeUndefined();
  });

  test('a customer reads it: formatting and the PNG shown, the payload never runs, the banner stays away once read', async ({ page }) => {
    test.setTimeout(120_000);
    const script = watchForScript(page);
    await signIn(page, 'khachhang');
    const banner = page.getByRole('region', { name: 'Thông báo mới' });
    await expect(banner).toContainText(title);
    await banner.getByRole('button', { name: 'Xem nội dung' }).click();
    const list = page.getByRole('dialog', { name: 'Thông báo' });
    const notice = list.getByRole('article', { name: title });
    await expect(notice.locator('strong')).toHaveText('từ 06:00 thứ Bảy');
    await expect(notice.locator('li')).toHaveText('Khách hàng đăng ký lệnh trước 17:00 thứ Sáu');
    const image = notice.locator('img[src^="data:image/png;base64,"]');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(notice).toContainText('Kiểm tra an toàn');
    const link = notice.getByText('bấm vào đây');
    await expect(link).not.toHaveAttribute('href', /.*/);
    await link.click();
    expect(await script.ran()).toBeUndefined();
    expect(script.dialogs).toEqual([]);

    // Read: closing the list puts the banner away, also after a reload; the bell still lists it.
    // The footer's 'Đóng' (the corner × is named 'Đóng' too).
    await list.getByText('Đóng', { exact: true }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('current-user')).toHaveText(demo.khachhang.name);
    await expect(page.getByRole('region', { name: 'Thông báo mới' })).toBeHidden();
    await page.getByRole('button', { name: 'Danh sách thông báo' }).click();
    await expect(page.getByRole('dialog', { name: 'Thông báo' }).getByRole('article', { name: title })).toBeVisible();
    expect(await script.ran()).toBeUndefined();
  });

  test("a notification saved while a customer is signed in appears in the customer's banner without a reload", async ({
    page,
    request,
  }) => {
    await signIn(page, 'khachhang');
    await expect(page.getByRole('button', { name: /Danh sách thông báo/ })).toBeVisible();

    const login = await request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const saved = await request.post('/api/config/updateNotifyList', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        data: [
          {
            MailTitle: liveTitle,
            NotifyContent: '<p>Giờ cắt máng tàu chuyến này lùi sang <strong>14:00</strong>.</p>',
            NotifyFrom: new Date(Date.now() - 3_600_000).toISOString(),
            NotifyTo: new Date(Date.now() + 86_400_000).toISOString(),
            IsActive: true,
          },
        ],
      },
    });
    expect(saved.status()).toBe(200);

    const banner = page.getByRole('region', { name: 'Thông báo mới' });
    await expect(banner).toContainText(liveTitle);
    await banner.getByRole('button', { name: 'Ẩn thông báo' }).click();
    await expect(banner).toBeHidden();
  });
});
