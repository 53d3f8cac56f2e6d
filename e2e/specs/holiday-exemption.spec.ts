import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { containerCheckDigit } from '@smartport/contract';
import { demoYardCall, type PickedCall } from '../fixtures/orders';
import { demo, openMenu, pickOption, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';
import { setTerminalSwitch } from '../fixtures/wizard';

// Issue "every setting acts": 'Miễn lưu bãi ngày lễ' on 'Cấu hình cảng' decides whether the holiday lists exempt storage
// at the terminal, and a list entered for all operators still applies to an operator with its own list
// (docs/decisions.md "Holiday lists combine"). Observed on the storage line of an import pickup's draft invoice.
const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;

const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
/** A demo yard import (MSC, bill MEDUHP2611001, in for 12 days); the draft is priced, never saved. */
const box = containerNo('MSCU', 261041);
const bill = 'MEDUHP2611001';

/** 'YYYY-MM-DD' of the port day `daysAgo` days before now (UTC+7). */
const portDay = (daysAgo: number) => new Date(Date.now() + 7 * 3_600_000 - daysAgo * DAY).toISOString().slice(0, 10);

async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { UserID: demo.admin.user, Password: demo.admin.password } });
  return ((await login.json()) as { payload: { access_token: string } }).payload.access_token;
}

/** A holiday list of NDP with one period, as the holiday screen saves it. */
async function holidayList(request: APIRequestContext, token: string, ConfigName: string, OperationCode: string, from: number, to: number) {
  const res = await request.post('/api/common/updateHolidayList', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      data: [
        {
          TerminalCode: 'NDP',
          ConfigName,
          OperationCode,
          CustomerCode: '*',
          Descriptions: ConfigName,
          StartTime: portDay(from),
          EndTime: portDay(to),
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const _toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

const setHolidaySwitch = (page: Page, on: boolean) => setTerminalSwitch(page, 'Miễn lưu bãi ngày lễ', on);

/** An import pickup of `box` as the customer, up to the draft invoice: the storage line's explanation. */
async function storageLine(page: Page, call: PickedCall, taxCode: string) {
  await signIn(page, 'khachhang', '/', { timeout: 40_000 });
  await openMenu(page, 'Tác nghiệp', 'Lấy nguyên container');
  await pickOption(page, page.locator('.ant-select').filter({ has: page.getByLabel('Hãng khai thác') }), 'MSC - ');
  await page.getByRole('button', { name: 'Chọn tàu/chuyến' }).click();
  const picker = page.getByRole('dialog', { name: 'Chọn tàu - Chuyến' });
  await picker.getByLabel('Tìm theo tên tàu').fill(call.name);
  await picker.locator('.ant-table-row').filter({ hasText: call.im }).first().click();
  await expect(picker).toBeHidden();
  await page.getByLabel('Số vận đơn (B/L)').fill(bill);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByRole('button', { name: 'Dán danh sách' }).click();
  const paste = page.getByRole('dialog', { name: 'Dán danh sách container' });
  await paste.getByRole('textbox').fill(box);
  await paste.getByRole('button', { name: 'Thêm vào danh sách' }).click();
  await expect(page.getByTestId('container-count')).toHaveText('Tổng: 1 container, 0 dòng lỗi');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.getByLabel('Mã số thuế').fill(taxCode);
  await page.getByRole('button', { name: 'Tìm' }).click();
  await expect(page.locator('.ant-descriptions').filter({ hasText: 'Đối tượng thanh toán đã chọn' })).toBeVisible();
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByTestId('charges-total')).toHaveText(/^[\d.]+ VNĐ$/);
  const line = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: 'Lưu bãi' }).first();
  await expect(line).toBeVisible();
  return (await line.textContent()) ?? '';
}

test('the holiday switch on Cấu hình cảng decides the storage charge; the lists for all and for MSC combine', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const call = await demoYardCall(request);
  const customers = await request.post('/api/common/getCustomerList', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  const own = ((await customers.json()) as { payload: { CustomerCode: string; TaxCode: string }[] }).payload.find(
    (c) => c.CustomerCode === 'C0000001',
  );
  const run = Date.now() % 100_000;
  const tax = own?.TaxCode as string;
  const holidays = (text: string) => Number(/miễn (\d+) ngày lễ/.exec(text)?.[1] ?? 0);
  const billed = (text: string) => Number(/tính (\d+) ngày/.exec(text)?.[1]);

  // What other lists of NDP (other specs on this server) already exempt, with the switch on.
  await setHolidaySwitch(page, true);
  const before = holidays(await storageLine(page, call, tax));

  // For all operators: 6 and 5 days ago; MSC's own list: 5 and 4 days ago → three more distinct holiday days.
  await holidayList(request, token, `Nghỉ lễ chung ${run}`, '*', 6, 5);
  await holidayList(request, token, `Nghỉ lễ hãng MSC ${run}`, 'MSC', 5, 4);
  const on = await storageLine(page, call, tax);
  expect(holidays(on)).toBe(before + 3);
  expect(on).toContain(`miễn ${before + 3} ngày lễ`);
  await page.screenshot({ path: test.info().outputPath('holiday-exempt-1366.png') });

  // Switched off on its screen: no day is exempted as a holiday, every one of them is billed.
  await setHolidaySwitch(page, false);
  const off = await storageLine(page, call, tax);
  expect(off).not.toContain('ngày lễ');
  expect(billed(off) - billed(on)).toBe(before + 3);
});
