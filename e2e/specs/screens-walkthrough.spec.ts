import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { portContainerPlan } from '../../apps/server/src/db/seed/port-containers.data';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// What a walkthrough of the built screens found, each checked as a person sees it in Chromium.
// Screenshots go to /tmp/h10w/ (1366×768 and 800 px wide).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = String(Date.now() % 1_000_000).padStart(6, '0');
/** The text AG Grid shows over an empty grid (its overlay sits beside the grid role, inside the grid's wrapper). */
const overlay = (page: Page, text: string | RegExp) =>
  page.locator('.ag-root-wrapper .ag-overlay').first().getByText(text, { exact: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h10w/${name}.png` });

/**
 * Every toast the page showed, as 'error: text' (a toast lasts a few seconds; on a loaded machine a check may come
 * after it has gone).
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-message-notice')) {
        const kind = n.querySelector('.ant-message-error') ? 'error' : n.querySelector('.ant-message-warning') ? 'warning' : 'info';
        const text = `${kind}: ${n.textContent ?? ''}`;
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

async function confirmDialog(page: Page, question: string, ok = 'OK') {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
}

test('item 15: a single scan of a mistyped declaration says "Không tìm thấy thông tin tờ khai", as the batch scan does', async ({
  page,
}) => {
  const toasts = await recordToasts(page);
  await signIn(page, 'khachhang');
  await openMenu(page, 'Hải quan', 'Kiểm tra thông quan tờ khai');
  // Eight digits instead of twelve: customs knows no such declaration.
  await page.getByLabel('Số tờ khai').fill(`30${run}`);
  await page.getByLabel('Mã hải quan đăng ký').fill('03EE');
  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await confirmDialog(page, 'Xác nhận quét tờ khai này?');
  // The empty table says why it is empty, and the answer was shown as an error (spec 01 §8).
  await expect(overlay(page, 'Không tìm thấy thông tin tờ khai')).toBeVisible();
  await expect.poll(toasts).toContain('info: Thông điệp đã được đưa vào hàng đợi!');
  await expect.poll(toasts).toContain('error: Không tìm thấy thông tin tờ khai');
  await shot(page, 'item15-single-not-found-1366');

  // Scanned again within 5 minutes: the stored answer says the same.
  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await confirmDialog(page, 'Xác nhận quét tờ khai này?');
  await expect(page.locator('.ant-message').getByText(/có thể quét lại sau 5 phút/)).toBeVisible();
  await expect(overlay(page, 'Không tìm thấy thông tin tờ khai')).toBeVisible();
});

test('item 16: a live search that matches nothing says so in Vietnamese, never "No Matching Rows"', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, 'Danh mục', 'Phương thức giao nhận');
  await expect(page.getByRole('gridcell', { name: 'TRUCK', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('không có phương thức nào như thế này');
  await expect(overlay(page, 'Không có dòng nào khớp với nội dung tìm kiếm')).toBeVisible();
  await expect(page.getByText('No Matching Rows')).toHaveCount(0);
  await shot(page, 'item16-grid-no-match-1366');

  // The read-only grids (scan and log tables) share the same texts.
  await openMenu(page, 'Hải quan', 'Kiểm tra thông quan tờ khai');
  await page.getByRole('textbox', { name: 'Tìm kiếm nhanh' }).fill('zzz');
  await expect(overlay(page, /^Không có (dữ liệu|dòng nào khớp với nội dung tìm kiếm)$/)).toBeVisible();
  await expect(page.getByText(/No (Matching )?Rows/)).toHaveCount(0);
});

test('item 18: "Tổng số container" refuses 0, -3 and 2.5 on the form; a customer’s own business code is filled in', async ({ page }) => {
  const toasts = await recordToasts(page);
  const adds: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/custom/add')) adds.push(r.url());
  });
  await signIn(page, 'khachhang');
  await openMenu(page, 'Hải quan', 'Đăng ký tờ khai hàng xuất');
  const code = page.getByLabel('Mã doanh nghiệp');
  await expect(code).toHaveValue(/^\d{10}$/);
  // Prefilled, and editable: a forwarder registers for its client's code (spec 01 §5, docs/decisions.md).
  await expect(code).toBeEditable();

  await page.getByLabel('Số tờ khai').fill(`30${run}0001`);
  await page.getByLabel('Mã hải quan').fill('03EE');
  const qty = page.getByLabel('Tổng số container');
  const problem = page.locator('.ant-form-item-explain-error').getByText('Tổng số container phải là số nguyên từ 1 đến 9999.', {
    exact: true,
  });
  const register = page.getByRole('button', { name: 'Đăng ký', exact: true });
  for (const wrong of ['0', '-3', '2.5']) {
    await qty.fill(wrong);
    // Said under the field as it is typed …
    await expect(problem).toBeVisible();
    // … and the registration stops there, before anything is sent.
    await register.click();
    await expect.poll(toasts).toContain('warning: Tổng số container phải là số nguyên từ 1 đến 9999.');
  }
  await shot(page, 'item18-registration-1366');
  await qty.fill('2');
  await expect(problem).toBeHidden();
  await register.click();
  await expect.poll(toasts).toContain('warning: Vui lòng nhập ngày tờ khai !');
  expect(adds).toEqual([]);
  await page.setViewportSize({ width: 800, height: 900 });
  await shot(page, 'item18-registration-800');
});

test('item 20: the pending-orders table shows each container’s own amount, not the order total on every row', async ({ page }) => {
  await signIn(page, 'khachhang');
  await page.getByRole('tab', { name: /Lệnh chờ thanh toán/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Thành tiền' })).toBeVisible();
  // The rows as the server gives them: the container's amount and the order total.
  const data = await page.evaluate(async () => {
    const res = await fetch('/api/tracking/DashboadEirSevTracking', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access_token')}` },
      body: '{}',
    });
    return ((await res.json()) as { payload: { OrderNo: string; ContainerNo: string; Amount: number | null; TotalAmount: number }[] })
      .payload;
  });
  const money = (n: number) => `${n.toLocaleString('vi-VN')} VNĐ`;
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim());
      return { pin: cells[1] ?? '', container: cells[2] ?? '', amount: cells[6] ?? '' };
    }),
  );
  const byPin = new Map<string, typeof shown>();
  for (const r of shown) byPin.set(r.pin, [...(byPin.get(r.pin) ?? []), r]);
  const multi = [...byPin.values()].filter((g) => g.length >= 2);
  expect(multi.length, 'an order with several containers on the first page').toBeGreaterThan(0);
  for (const group of multi) {
    const facts = group.map((r) => data.find((d) => d.ContainerNo === r.container));
    for (const [i, r] of group.entries()) {
      const f = facts[i];
      expect(f, r.container).toBeTruthy();
      expect(f?.Amount, r.container).not.toBeNull();
      expect(r.amount, r.container).toBe(money(f?.Amount ?? -1));
    }
    // The container amounts make up the order total, which is no longer repeated on every row.
    expect(facts.reduce((s, f) => s + (f?.Amount ?? 0), 0)).toBe(facts[0]?.TotalAmount);
    expect(group.every((r) => r.amount === money(facts[0]?.TotalAmount ?? -1))).toBe(false);
  }
  await shot(page, 'item20-pending-orders-1366');
});

test('item 21: the comparison names a malformed row by its sheet row and sends the others; the terminal is chosen, and a container elsewhere is said to be', async ({
  page,
}, info) => {
  const plan = portContainerPlan();
  const visits = new Map<string, string[]>();
  for (const v of plan) visits.set(v.ContainerNo, [...(visits.get(v.ContainerNo) ?? []), v.TerminalCode]);
  const onlyAt = (terminal: string) => [...visits].filter(([, ts]) => ts.length === 1 && ts[0] === terminal).map(([no]) => no);
  const atNdp = onlyAt('NDP').slice(0, 72);
  const [atNdv] = onlyAt('NDV');
  const [atGml] = onlyAt('GML');
  const numbers = [...atNdp.slice(0, 10), 'MSCU-123/45', ...atNdp.slice(10), atNdv, atGml] as string[];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Đối chiếu');
  ws.addRow(['Số container', 'Tên tàu']);
  for (const no of numbers) ws.addRow([no, 'TÀU THỬ']);
  const file = info.outputPath('doi-chieu-sai-dong.xlsx');
  await wb.xlsx.writeFile(file);

  const sent: string[] = [];
  const terminalsAsked: (string | undefined)[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/common/checkContaierData')) return;
    const body = r.postDataJSON() as { data: { ContainerNo: string }[]; TerminalCode?: string };
    sent.push(...body.data.map((d) => d.ContainerNo));
    terminalsAsked.push(body.TerminalCode);
  });
  await signIn(page, 'nhanvien');
  await openMenu(page, 'Danh mục', 'Đối chiếu dữ liệu container');
  // The user's terminals (NDP, NDV, NHP) or all of them.
  const terminal = page.getByLabel('Cảng đối chiếu');
  await terminal.click();
  for (const code of ['Tất cả cảng của tôi', 'NDP', 'NDV', 'NHP'])
    await expect(page.locator('.ant-select-item-option').getByText(code, { exact: true })).toBeVisible();
  await expect(page.locator('.ant-select-item-option').getByText('GML', { exact: true })).toHaveCount(0);
  await page.locator('.ant-select-item-option').getByText('NDP', { exact: true }).click();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Nhập Excel' }).click();
  await (await chooser).setFiles(file);
  // Sheet row 12 (the header is row 1): named, not sent; the 74 others are compared, no batch is dropped.
  await expect(page.getByText('Dòng 12: số container "MSCU-123/45" không hợp lệ (Số container chỉ gồm chữ cái và chữ số)')).toBeVisible();
  const counters = page.getByRole('status', { name: 'Kết quả đối chiếu' });
  await expect(counters).toContainText('Không hợp lệ: 1');
  await expect(counters).toContainText(`${numbers.length} / ${numbers.length} dòng`);
  await expect(page.getByRole('dialog').filter({ hasText: 'Đang nhập liệu !' })).toBeHidden({ timeout: 60_000 });
  await expect(counters).not.toContainText('Bỏ qua do lỗi');
  expect(sent.sort()).toEqual(numbers.filter((n) => n !== 'MSCU-123/45').sort());
  expect(new Set(terminalsAsked)).toEqual(new Set(['NDP']));

  // Not at NDP but at NDV (one of the user's): named. At GML (not the user's): only 'another terminal'.
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(atNdv as string);
  await expect(page.getByRole('gridcell', { name: 'Không tồn tại (có tại cảng NDV)', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(atGml as string);
  await expect(
    page.getByRole('gridcell', { name: 'Không tồn tại (có tại một cảng khác, ngoài phạm vi của bạn)', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('GML')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('MSCU-123/45');
  await expect(page.getByRole('gridcell', { name: 'Không hợp lệ', exact: true })).toBeVisible();
  await shot(page, 'item21-compare-1366');
});

/** A grid cell is read whole: inside the grid's visible box (not scrolled off to the side) and its text not cut. */
async function expectFullyShown(cell: Locator) {
  await expect(cell).toBeVisible();
  const shown = await cell.evaluate((el) => {
    const box = (el.closest('.ag-body-viewport') ?? el.closest('.ag-root-wrapper'))?.getBoundingClientRect();
    const c = el.getBoundingClientRect();
    const value = (el.querySelector('.ag-cell-value') ?? el) as HTMLElement;
    return {
      inside: !!box && c.left >= box.left - 1 && c.right <= box.right + 1,
      fits: el.scrollWidth <= el.clientWidth + 1 && value.scrollWidth <= value.clientWidth + 1,
      text: el.textContent,
    };
  });
  expect(shown, `${shown.text} (in sight and not cut)`).toEqual({ inside: true, fits: true, text: shown.text });
}

const NA_TEXT = 'Không đủ điều kiện qua khu vực giám sát';
const NA = { no: '106555444340', office: '51CI' };
const TQ = { no: '305123456710', office: '03EE' };
/** The grid under the heading `title` ('Danh sách quét', 'Kết quả'). */
const gridTitled = (page: Page, title: string) =>
  page
    .locator('div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.locator('.ag-root') })
    .last();
const listGrid = (page: Page) => gridTitled(page, 'Danh sách quét');
const resultGrid = (page: Page) => gridTitled(page, 'Kết quả');

test('item 17: the scan lists show their key result whole at 1366×768, and stay usable at 800 px', async ({ page }) => {
  await signIn(page, 'nhanvien');

  // Batch scan: the list's status.
  await openMenu(page, 'Hải quan', 'Kiểm tra thông quan theo lô');
  for (const d of [TQ, NA]) {
    await page.getByLabel('Số tờ khai').fill(d.no);
    await page.getByLabel('Mã hải quan đăng ký').fill(d.office);
    await page.getByRole('button', { name: 'Thêm' }).click();
  }
  await page.getByRole('button', { name: 'Bắt đầu quét' }).click();
  await confirmDialog(page, 'Xác nhận quét danh sách tờ khai này?');
  const list = listGrid(page);
  await expectFullyShown(list.getByRole('gridcell', { name: NA_TEXT, exact: true }));
  await expectFullyShown(list.getByRole('gridcell', { name: 'Thông quan', exact: true }));
  await expectFullyShown(list.getByRole('gridcell', { name: NA.no, exact: true }));
  await shot(page, 'item17-batch-1366');
  await page.setViewportSize({ width: 800, height: 900 });
  await expectFullyShown(list.getByRole('gridcell', { name: NA_TEXT, exact: true }));
  await shot(page, 'item17-batch-800');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Gate scan (363): the list's container number and status.
  await openMenu(page, 'Container đủ điều kiện qua KVGS');
  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
  await picker.locator('tbody tr.ant-table-row').first().click();
  await expect(picker).toBeHidden();
  for (const no of ['MSCU1234565', 'MAEU7654321']) {
    await page.getByLabel('Số container').fill(no);
    await page.getByRole('button', { name: 'Thêm' }).click();
  }
  await page.getByRole('button', { name: 'Bắt đầu quét' }).click();
  await confirmDialog(page, 'Xác nhận quét danh sách tờ khai này?');
  const gate = listGrid(page);
  await expect(gate.getByRole('row').filter({ hasText: 'MSCU1234565' })).toBeVisible();
  const row = gate.getByRole('row').filter({ hasText: 'MSCU1234565' });
  await expectFullyShown(row.getByRole('gridcell', { name: 'MSCU1234565', exact: true }));
  // Wait for the status the scan gave, then check it is read whole.
  await expect(row.getByRole('gridcell').last()).not.toHaveText('');
  await expectFullyShown(row.getByRole('gridcell').last());
  await shot(page, 'item17-gate-1366');
  await page.setViewportSize({ width: 800, height: 900 });
  await expectFullyShown(row.getByRole('gridcell', { name: 'MSCU1234565', exact: true }));
  await expectFullyShown(row.getByRole('gridcell').last());
  await shot(page, 'item17-gate-800');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Single scan: the status text of the result.
  await openMenu(page, 'Kiểm tra thông quan tờ khai');
  await page.getByLabel('Số tờ khai').fill(NA.no);
  await page.getByLabel('Mã hải quan đăng ký').fill(NA.office);
  await page.getByRole('button', { name: 'Quét tờ khai' }).click();
  await confirmDialog(page, 'Xác nhận quét tờ khai này?');
  const result = resultGrid(page);
  await expectFullyShown(result.getByRole('gridcell', { name: NA_TEXT, exact: true }).first());
  await shot(page, 'item17-single-1366');
  await page.setViewportSize({ width: 800, height: 900 });
  await expectFullyShown(result.getByRole('gridcell', { name: NA_TEXT, exact: true }).first());
  await shot(page, 'item17-single-800');
});
