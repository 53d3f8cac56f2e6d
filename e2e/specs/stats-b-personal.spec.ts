import { expect } from '@playwright/test';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

const slow = { timeout: 30_000 };

/** Three years back to today, as the screen sends dates (Vietnam time; a wide range holds demo orders). */
function range() {
  const d = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const [y, m, day] = d.split('-');
  return { from: `${Number(y) - 3}-${m}-${day}`, to: d, fromPicker: `${day}/${m}/${Number(y) - 3}` };
}

test('personal summaries (spec 02 §7): a customer reads its own orders by terminal and status, as the server counts them', async ({
  page,
}) => {
  await signIn(page, 'khachhang');
  await openMenu(page, 'Tài khoản', 'Thống kê cá nhân');
  await expect(page).toHaveURL(/\/Personal\/Summary$/);
  await expect(page.getByRole('heading', { name: 'Thống kê cá nhân', level: 4 })).toBeVisible(slow);

  const r = range();
  const from = page.getByLabel('Từ ngày');
  await from.click();
  await from.fill(r.fromPicker);
  await from.press('Enter');
  await page.getByRole('button', { name: 'Tra cứu' }).click();

  // The server's own answer for the same caller and range.
  const login = await page.request.post('/api/auth/login', { data: { UserID: demo.khachhang.user, Password: demo.khachhang.password } });
  const token = (await login.json()).access_token as string;
  const res = await page.request.post('/api/personal_info/order_summary', {
    headers: { Authorization: `Bearer ${token}` },
    data: { fromDate: `${r.from} 00:00:00`, toDate: `${r.to} 23:59:59` },
  });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data?: { Counting: number }[] }).data ?? [];
  const total = rows.reduce((s, x) => s + x.Counting, 0);
  expect(total).toBeGreaterThan(0);

  const orders = page.getByRole('table').first();
  const totalRow = page.getByRole('row').filter({ hasText: 'Tổng' }).filter({ hasNotText: 'Cảng' }).first();
  await expect(orders).toBeVisible(slow);
  await expect(totalRow.getByRole('cell').last()).toHaveText(total.toLocaleString('vi-VN'), slow);
});
