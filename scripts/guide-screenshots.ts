/**
 * Captures the usage guide's images (spec 02 §2.1) from a running portal: real screens of this
 * portal, annotated with numbered red frames, saved as WebP under apps/web/public/guide/. Steps 1 to 5 are the
 * order screens themselves (an import pickup of the demo yard is filled in and saved, not paid); step 6 is the public
 * view of an approved order.
 *
 *   npm start                      # in another terminal (demo data)
 *   GUIDE_URL=http://127.0.0.1:3000 npx tsx scripts/guide-screenshots.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';
import { containerCheckDigit } from '@smartport/contract';

const base = (process.env.GUIDE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const outDir = join(new URL('..', import.meta.url).pathname, 'apps/web/public/guide');
const user = { id: process.env.GUIDE_USER ?? 'khachhang', password: process.env.GUIDE_PASSWORD ?? 'Smartport@2026' };
/** Full import containers of the demo yard's bill MEDUHP2611001 (MSCU 261058–261060), with their check digits. */
const guideContainers = [261058, 261059, 261060].map((n) => `MSCU${n}${containerCheckDigit(`MSCU${n}`)}`);

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

/** The signed-in customer's tax code, asked of the customer list as the administrator. */
async function customerTaxCode(page: Page): Promise<string> {
  const me = await api<{ payload: { CustomerCode: string | null } }>(page, 'auth/me', {});
  const login = await page.request.post(`${base}/api/auth/login`, {
    data: { UserID: 'admin', Password: process.env.GUIDE_ADMIN_PASSWORD ?? 'Admin@2026' },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await page.request.post(`${base}/api/common/getCustomerList`, { data: {}, headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await res.json()) as { payload: { CustomerCode: string; TaxCode: string }[] }).payload;
  const own = rows.find((r) => r.CustomerCode === me.payload.CustomerCode) ?? rows[0];
  if (!own) throw new Error('Không tìm thấy mã số thuế của khách hàng');
  return own.TaxCode;
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
  // The notices shown at first sign-in (a modal) would cover the screens.
  await page.waitForTimeout(1_500);
  while (await page.locator('.ant-modal-wrap:visible').count()) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
  }

  // Step 1 of each type: its order screen (task menu) with the order information to fill.
  for (const [menuId, title] of taskTypes) {
    await page.goto(`${base}/Task/${menuId}`);
    await page.getByText(title, { exact: true }).last().waitFor();
    await page.getByLabel('Hãng khai thác').waitFor();
    await page.waitForTimeout(300);
    const targets = [page.locator('.ant-select').filter({ has: page.getByLabel('Hãng khai thác') })];
    for (const label of ['Số vận đơn (B/L)', 'Số booking', 'Hạn lệnh']) {
      const field = page.getByLabel(label, { exact: true });
      if (await field.count()) targets.push(field);
    }
    targets.push(page.getByRole('button', { name: 'Chọn tàu/chuyến' }));
    await capture(browser, page, `${menuId.toLowerCase().replace(/_/g, '-')}-1`, targets);
  }

  // Steps 2 to 5 on a real import pickup of the demo yard (MSC, bill MEDUHP2611001 at NDP), saved but not paid.
  await page.goto(`${base}/Task/TASK_IMPORT_PICKUP`);
  const operator = page.locator('.ant-select').filter({ has: page.getByLabel('Hãng khai thác') });
  await operator.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'MSC - ' }).first().click();
  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  await page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' }).locator('.ant-table-row').first().click();
  await page.getByLabel('Số vận đơn (B/L)').fill('MEDUHP2611001');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByRole('button', { name: 'Dán danh sách' }).click();
  const paste = page.getByRole('dialog', { name: 'Dán danh sách container' });
  await paste.getByRole('textbox').fill(guideContainers.join('\n'));
  await paste.getByRole('button', { name: 'Thêm vào danh sách' }).click();
  await page.getByRole('gridcell', { name: guideContainers[0] }).waitFor();
  await page.waitForTimeout(2_500);
  await capture(browser, page, 'step-2-containers', [
    page.getByRole('button', { name: 'Thêm dòng' }),
    page.getByRole('button', { name: 'Dán danh sách' }),
    page.getByRole('button', { name: 'Nhập Excel' }),
    page.getByRole('button', { name: 'Tải file mẫu' }),
  ]);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByLabel('Mã số thuế').fill(await customerTaxCode(page));
  await page.getByRole('button', { name: 'Tìm' }).click();
  const chosen = page.locator('.ant-descriptions').filter({ hasText: 'Đối tượng thanh toán đã chọn' });
  await chosen.waitFor();
  await capture(browser, page, 'step-3-payer', [page.getByLabel('Mã số thuế'), page.getByRole('button', { name: 'Tìm' }), chosen]);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByTestId('charges-total').waitFor();
  await page.waitForTimeout(300);
  await capture(browser, page, 'step-4-charges', [page.locator('.ant-table').first(), page.getByTestId('charges-total')]);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByRole('button', { name: 'Lưu lệnh' }).click();
  await page.getByTestId('order-no').waitFor();
  await page.waitForTimeout(3_500);
  await capture(browser, page, 'step-5-pay', [page.getByRole('button', { name: 'Thanh toán' })]);

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
