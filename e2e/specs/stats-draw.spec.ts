import { expect, type Page } from '@playwright/test';
import { containerCheckDigit, type StatsRow, statsMeasures } from '@smartport/contract';
import { payByCardCalls } from '../fixtures/orders';
import { demo, loginAs } from '../fixtures/portal';
import { test } from '../fixtures/server';
import { seriesShapes, statsCall, statsScreenshots } from '../fixtures/stats';

// Statistics a port can read (issue 27): each report opened in a fresh browser context (Playwright gives every test
// its own) draws its lines and columns at once; 'Tra cứu' asks the server every time and says when its figures are
// from; the cards set the same period last year beside each figure.
const slow = { timeout: 30_000 };
const shots = '/tmp/stats-draw';
const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric' }).format(new Date());

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await loginAs(page, 'admin', { timeout: 60_000 });
  // The reports add ' - SmartPort' to the document title; the dashboards set their own.
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( - SmartPort)?$`), slow);
}
const chooseYear = (page: Page) => page.getByRole('radiogroup', { name: 'Loại thời gian' }).getByText('Năm', { exact: true }).click();
const answeredAt = (page: Page) => page.getByTestId('stats-answered-at');

test.describe('statistics draw, query and compare (issue 27)', () => {
  test.describe.configure({ timeout: 180_000 });

  test("'Thống kê tổng hợp - MB' draws its stacked columns and total line on first open", async ({ page }) => {
    await open(page, '/Report/MBSummary', 'Thống kê tổng hợp - MB');
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(answeredAt(page)).toHaveText(/^Số liệu lúc \d{2}:\d{2}:\d{2}$/, slow);
    // Columns (one per terminal and month with payments) and the total line, not only axes and legend.
    await expect.poll(() => seriesShapes(page, 'Tổng phí dịch vụ theo kỳ'), slow).toBeGreaterThan(1);
    await expect.poll(() => seriesShapes(page, 'Tỷ trọng Tổng phí dịch vụ theo cảng'), slow).toBeGreaterThan(0);
    await statsScreenshots(page, shots, 'mb-summary');
  });

  test('the usage report draws its per-terminal bars on first open', async ({ page }) => {
    await open(page, '/Report/Usage', 'Thống kê sử dụng theo loại tác nghiệp');
    await chooseYear(page);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect(answeredAt(page)).toBeVisible(slow);
    await expect.poll(() => seriesShapes(page, 'Tỷ trọng SMARTPORT / TOS theo cảng'), slow).toBeGreaterThan(1);
    await statsScreenshots(page, shots, 'usage');
  });

  test("the trend of 'Thống kê theo khách hàng' draws its lines on first open", async ({ page }) => {
    await open(page, '/CRM/CustomerReport', 'Thống kê theo khách hàng');
    await chooseYear(page);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const periodRow = page.locator(`tr[data-key="p:Năm ${year}"]`);
    await expect(periodRow).toBeVisible(slow);
    await periodRow.locator('.ant-table-row-expand-icon').click();
    const firstTerminal = page.locator(`tr[data-key^="t:Năm ${year}:"]`).first();
    const terminalKey = (await firstTerminal.getAttribute('data-key')) as string;
    await firstTerminal.locator('.ant-table-row-expand-icon').click();
    const first = page.locator(`tr[data-key^="${terminalKey}:"][data-level="3"]`).first();
    await first.getByRole('button', { name: 'Hạng 1', exact: true }).click();
    const trend = page.getByRole('dialog');
    const figure = trend.getByRole('figure');
    await expect(figure).toContainText('Tổng', slow);
    const name = (await figure.getAttribute('aria-label')) as string;
    await expect.poll(() => seriesShapes(page, name), slow).toBeGreaterThan(0);
  });

  test("a new order shows on the next 'Tra cứu', even right after the silent preload", async ({ page }) => {
    const preloads: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/crm/dashboard_order_chart_load')) preloads.push(Date.now());
    });
    await open(page, '/CRM/Dashboard', 'Thống kê tổng hợp');
    await chooseYear(page);
    const body = { loadType: 'year', fromTime: `${year}-01-01 00:00:00`, toTime: `${year}-12-31 23:59:59` };
    const ordersNow = async () =>
      statsMeasures(
        Object.values(
          (await statsCall<{ data: Record<string, StatsRow[]> }>(page.request, 'crm/dashboard_order_chart_load', body)).data,
        ).flat(),
      ).ord_;
    const before = await ordersNow();
    // The silent preload of the year has gone (100 ms after the change); 'Tra cứu' shows its figures.
    await expect.poll(() => preloads.length, slow).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const card = page.getByRole('button', { name: 'Tổng lệnh' });
    await expect(card).toContainText(`${before.toLocaleString('vi-VN')} Lệnh`, slow);
    const firstTime = await answeredAt(page).innerText();

    // A customer saves and pays a drop-off through the portal's calls (well within 30 s of the preload and of the last press).
    const serial = 700001 + (Date.now() % 900) * 10;
    const first10 = `SEGU${String(serial).padStart(6, '0')}`;
    const login = await page.request.post('/api/auth/login', { data: { UserID: demo.khachhang.user, Password: demo.khachhang.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const draft = {
      OrderType: 'pre_advice',
      TerminalCode: 'NDP',
      JobModeCode: 'TRAR',
      OperationCode: 'MSC',
      BLNo: `BLSTAT${serial}`,
      ExpDate: `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`,
      containers: [{ ContainerNo: `${first10}${containerCheckDigit(first10)}`, IsoSizetype: '22G1' }],
      CustomerCode: 'C0000001',
    };
    const priced = await page.request.post('/api/task/order/calculate', { headers, data: draft });
    expect(priced.status(), await priced.text()).toBe(200);
    const { TotalAmount } = ((await priced.json()) as { data: { TotalAmount: number } }).data;
    const saved = await page.request.post('/api/task/order/save', {
      headers,
      data: { ...draft, TotalAmount, ClientKey: crypto.randomUUID() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // The figures count paid orders (docs/decisions.md "Which orders the statistics count"): the customer pays it.
    const { OrderNo } = ((await saved.json()) as { data: { OrderNo: string } }).data;
    await payByCardCalls(page.request, headers.Authorization.slice('Bearer '.length), OrderNo);
    const after = await ordersNow();
    expect(after, 'the server counts the new order').toBeGreaterThan(before);

    await new Promise((r) => setTimeout(r, 1100)); // the answer time moves on by at least a second
    const asked = preloads.length;
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await expect.poll(() => preloads.length).toBeGreaterThan(asked);
    await expect(card).toContainText(`${after.toLocaleString('vi-VN')} Lệnh`, slow);
    await expect(answeredAt(page)).not.toHaveText(firstTime);
  });

  test("the dashboard's cards set last year's same period beside each figure", async ({ page }) => {
    await open(page, '/CRM/Dashboard', 'Thống kê tổng hợp');
    await chooseYear(page);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const last = String(Number(year) - 1);
    const measuresOf = async (y: string) =>
      statsMeasures(
        Object.values(
          (
            await statsCall<{ data: Record<string, StatsRow[]> }>(page.request, 'crm/dashboard_order_chart_load', {
              loadType: 'year',
              fromTime: `${y}-01-01 00:00:00`,
              toTime: `${y}-12-31 23:59:59`,
            })
          ).data,
        ).flat(),
      );
    const [now, before] = [await measuresOf(year), await measuresOf(last)];
    const card = page.getByRole('button', { name: 'Tổng lệnh' });
    await expect(card).toContainText(`${now.ord_.toLocaleString('vi-VN')} Lệnh`, slow);
    const growth = before.ord_
      ? `${now.ord_ >= before.ord_ ? (now.ord_ > before.ord_ ? '+' : '') : '−'}${(Math.abs(Math.round(((now.ord_ - before.ord_) / before.ord_) * 1000) / 10)).toLocaleString('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`
      : 'chưa có số liệu';
    await expect(card.getByTestId('stats-last-year')).toHaveText(
      `Cùng kỳ năm trước: ${before.ord_.toLocaleString('vi-VN')} Lệnh (${growth})`,
      slow,
    );
    await expect(page.getByRole('button', { name: 'Doanh thu' }).getByTestId('stats-last-year')).toContainText(
      `Cùng kỳ năm trước: ${before.sum_.toLocaleString('vi-VN')} VNĐ`,
    );

    await statsScreenshots(page, shots, 'dashboard-last-year');
  });
});
