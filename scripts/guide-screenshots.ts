/**
 * Captures the usage guide's images (spec 02 §2.1) from a running portal: real screens of this
 * portal, annotated with numbered red frames, saved as WebP under apps/web/public/guide/.
 *
 *   npm start                      # in another terminal (demo data)
 *   GUIDE_URL=http://127.0.0.1:3000 npx tsx scripts/guide-screenshots.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';

const base = (process.env.GUIDE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const outDir = join(new URL('..', import.meta.url).pathname, 'apps/web/public/guide');
const user = { id: process.env.GUIDE_USER ?? 'admin', password: process.env.GUIDE_PASSWORD ?? 'Admin@2026' };

/** The order types of the guide and the task entry each one opens (apps/web/src/features/home/guide-data.ts). */
const taskTypes = [
  ['TASK_FCL_PRE_ADVICE', 'Hạ container hàng'],
  ['TASK_PRE_ADVICE', 'Hạ container rỗng'],
  ['TASK_IMPORT_PICKUP', 'Lấy nguyên container'],
  ['TASK_EMPTY_PICKUP', 'Cấp container rỗng'],
  ['TASK_STUFFING', 'Đóng hàng vào container'],
  ['TASK_UNSTUFFING', 'Rút hàng khỏi container'],
  ['TASK_SERVICE', 'Lệnh dịch vụ'],
] as const;

/** Numbered red frames drawn over the page around the given elements. */
async function annotate(page: Page, targets: Locator[]) {
  const boxes = [];
  // Scroll first, measure after: scrolling to one target may move another.
  for (const t of targets) await t.scrollIntoViewIfNeeded();
  for (const t of targets) {
    const box = await t.boundingBox();
    if (box) boxes.push(box);
  }
  await page.evaluate((list) => {
    list.forEach((b, i) => {
      const frame = document.createElement('div');
      frame.className = 'guide-annotation';
      Object.assign(frame.style, {
        position: 'fixed',
        left: `${b.x - 4}px`,
        top: `${b.y - 4}px`,
        width: `${b.width + 8}px`,
        height: `${b.height + 8}px`,
        border: '3px solid #e53935',
        borderRadius: '6px',
        zIndex: '2147483647',
        pointerEvents: 'none',
        boxShadow: '0 0 0 4px rgba(229,57,53,.18)',
      });
      const label = document.createElement('span');
      label.textContent = String(i + 1);
      Object.assign(label.style, {
        position: 'absolute',
        left: '-14px',
        top: '-14px',
        width: '24px',
        height: '24px',
        lineHeight: '24px',
        textAlign: 'center',
        borderRadius: '50%',
        background: '#e53935',
        color: '#fff',
        font: 'bold 14px sans-serif',
      });
      frame.appendChild(label);
      document.body.appendChild(frame);
    });
  }, boxes);
}

/** Chromium encodes WebP in a canvas: no image library needed. */
async function toWebp(browser: Browser, png: Buffer): Promise<Buffer> {
  const page = await browser.newPage();
  const data = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    canvas.getContext('2d')?.drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.72).split(',')[1] ?? '';
  }, png.toString('base64'));
  await page.close();
  return Buffer.from(data, 'base64');
}

async function capture(browser: Browser, page: Page, name: string, targets: Locator[]) {
  await annotate(page, targets);
  const png = await page.screenshot();
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.guide-annotation')) el.remove();
  });
  const webp = await toWebp(browser, png);
  writeFileSync(join(outDir, `${name}.webp`), webp);
  console.log(`${name}.webp  ${(webp.length / 1024).toFixed(0)} KB`);
}

async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.post(`${base}/api/${path}`, { data: body as object, headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

interface Row {
  OrderNo: string;
  PinCode: string;
  OrderStatus: string;
  CargoTypeCode: string | null;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Tên đăng nhập').fill(user.id);
  await page.getByLabel('Mật khẩu').fill(user.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.getByTestId('current-user').waitFor();

  // Step 1 of each type: the task link that opens the order screen, on the home page's side panel.
  await page.goto(`${base}/`);
  // On the pending tab: the guide tab would show the guide's own pictures.
  await page.getByRole('tab', { name: /Lệnh chờ thanh toán/ }).click();
  await page.getByRole('columnheader', { name: 'Thành tiền' }).first().waitFor();
  const tasks = page.getByRole('navigation', { name: 'Tác nghiệp' });
  await tasks.waitFor();
  for (const [menuId, title] of taskTypes) {
    await capture(browser, page, `${menuId.toLowerCase().replace(/_/g, '-')}-1`, [tasks.getByRole('link', { name: title, exact: true })]);
  }

  // Step 2: the containers of an order (several, with cargo-type extras) on its tracking page.
  const pending = (await api<{ payload: Row[] }>(page, 'tracking/DashboadEirSevTracking', {})).payload;
  const counts = new Map<string, number>();
  for (const r of pending) counts.set(r.OrderNo, (counts.get(r.OrderNo) ?? 0) + 1);
  const many =
    pending.find((r) => (counts.get(r.OrderNo) ?? 0) >= 3 && r.CargoTypeCode === 'RF') ??
    pending.find((r) => (counts.get(r.OrderNo) ?? 0) >= 3);
  if (!many) throw new Error('Không có lệnh chờ thanh toán nhiều container trong dữ liệu mẫu');
  await page.goto(`${base}/tracking/pincode/${many.PinCode.split('-')[0]}`);
  const list = page.getByTestId('tracking-list');
  await list.getByRole('columnheader', { name: 'Số container' }).waitFor();
  await capture(browser, page, 'step-2-containers', [
    list.getByRole('columnheader', { name: 'Số container' }),
    list.getByRole('columnheader', { name: 'Loại hàng' }),
  ]);

  // Step 3: the same order's payer and payment form (the customer screen chosen by tax code is not built yet).
  await capture(browser, page, 'step-3-payer', [
    list.getByRole('columnheader', { name: 'Hình thức' }),
    list.getByRole('columnheader', { name: 'Đối tượng thanh toán' }),
  ]);

  // Steps 4 and 5: the pending tab, its amount column and the pay button of the first order.
  await page.goto(`${base}/`);
  await page.getByRole('tab', { name: /Lệnh chờ thanh toán/ }).click();
  const table = page.getByRole('table').last();
  await page.getByRole('columnheader', { name: 'Thành tiền' }).first().waitFor();
  await page.waitForTimeout(500);
  await capture(browser, page, 'step-4-charges', [page.getByRole('columnheader', { name: 'Thành tiền' }).first()]);
  await capture(browser, page, 'step-5-pay', [table.getByRole('button', { name: /^Thanh toán/ }).first()]);

  // Step 6: an approved order's public view (its gate QR), the page behind the QR items' link.
  await page.goto(`${base}${orderLink()}`);
  const gateQr = page.locator('canvas, svg').filter({ visible: true }).first();
  await gateQr.waitFor();
  await page.waitForTimeout(500);
  await capture(browser, page, 'step-6-approve', [gateQr]);

  await browser.close();
}

/** The public link of an approved order: GUIDE_ORDER_LINK, or the one `npm start` writes to SMARTPORT_INFO_FILE. */
function orderLink(): string {
  const given =
    process.env.GUIDE_ORDER_LINK ??
    (process.env.SMARTPORT_INFO_FILE ? JSON.parse(readFileSync(process.env.SMARTPORT_INFO_FILE, 'utf8')).sampleOrderLink : null);
  if (!given) throw new Error('Đặt GUIDE_ORDER_LINK = liên kết "Xem lệnh công khai (mẫu)" mà npm start in ra');
  return String(given).replace(/^https?:\/\/[^/]+/, '');
}

await main();
