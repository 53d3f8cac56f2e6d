import { expect as baseExpect } from '@playwright/test';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// It spends the administrator's upload folders for the port day on its worker's server: no other spec makes upload
// folders as the administrator (registrations are made as 'khachhang'), so it may run in any order.
const expect = baseExpect.configure({ timeout: 25_000 });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test('the daily upload-folder cap: the registration screen says the server’s reason, not a generic folder error', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  // Use up the day's folders through the portal's own call (the cap is per user and port day).
  const refused = await page.evaluate(async () => {
    for (let i = 0; i < 500; i++) {
      const res = await fetch('/api/common/makeRowguid', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access_token')}` },
        body: '{}',
      });
      if (res.status === 429) return { status: res.status, retryAfterCalls: i, body: (await res.json()) as { message?: string } };
    }
    return null;
  });
  expect(refused?.status).toBe(429);
  expect(refused?.body.message).toMatch(/^Mỗi tài khoản chỉ được tạo tối đa \d+ thư mục tải tệp trong một ngày/);

  await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
  await expect(page.getByText('Thông tin đã đăng ký')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'to-khai.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(refused?.body.message ?? '—', { exact: true })).toBeVisible();
});
