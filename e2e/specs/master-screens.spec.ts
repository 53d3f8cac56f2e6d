import { expect, type Page, type Request } from '@playwright/test';
import { confirm, grid, rowWith } from '../fixtures/grid';
import { openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

const rowCount = (page: Page) => page.getByText(/^\d+ \/ \d+ dòng$/);

/** The body of the next call to `path` made while `action` runs. */
async function bodyOf(page: Page, path: string, action: () => Promise<unknown>): Promise<unknown> {
  const request = page.waitForRequest((r: Request) => r.url().endsWith(`/api/${path}`) && r.method() === 'POST');
  await action();
  return (await request).postDataJSON();
}

// Generous: the machine running the suite may be busy (no timing is asserted).
test.describe.configure({ timeout: 120_000 });

test.describe('customers (/common/customer)', () => {
  const filters = ['CustomerTypeCode', 'CustomerLevelCode', 'TaxCode', 'CustomerName', 'MoneyCredit', 'IsActive'];

  // Opened by address after signing in (the menu itself is covered by the shell and catalogue specs).
  async function openCustomers(page: Page) {
    await signIn(page, 'admin');
    const first = bodyOf(page, 'common/getCustomerList', () => page.goto('/common/customer'));
    await expect(page).toHaveURL(/\/common\/customer$/);
    return first;
  }

  test("filters set to 'Tất cả' are left out of the request; the grid shows only matching rows", async ({ page }) => {
    const first = (await openCustomers(page)) as Record<string, unknown>;
    for (const f of filters) expect(first).not.toHaveProperty(f);
    await expect(page.getByRole('heading', { name: 'Danh sách khách hàng' })).toBeVisible();
    await expect(rowCount(page)).toHaveText('60 / 60 dòng');
    // Export only (spec 03 §2.1).
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeVisible();
    for (const name of ['Thêm dòng', 'Xóa dòng', 'Lưu', 'Nhập Excel'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

    const panel = page.getByRole('form', { name: 'Điều kiện lọc' });
    await panel.getByRole('radio', { name: 'Thu sau' }).check();
    const body = await bodyOf(page, 'common/getCustomerList', () => panel.getByRole('button', { name: 'Nạp dữ liệu' }).click());
    expect(body).toEqual({ MoneyCredit: 'C' });
    // Demo data: every fifth customer pays later.
    const shown = 12;
    await expect(rowCount(page)).toHaveText(`${shown} / ${shown} dòng`);
    // The live search over what is shown: every row is 'Thu sau', none 'Thu ngay'.
    const search = page.getByRole('textbox', { name: 'Tìm kiếm' });
    await search.fill('Thu ngay');
    await expect(rowCount(page)).toHaveText(`0 / ${shown} dòng`);
    await search.fill('Thu sau');
    await expect(rowCount(page)).toHaveText(`${shown} / ${shown} dòng`);
  });

  test('name, active flag and customer type filters; back to All sends no filter', async ({ page }) => {
    await openCustomers(page);
    await expect(rowCount(page)).toHaveText('60 / 60 dòng');
    const panel = page.getByRole('form', { name: 'Điều kiện lọc' });
    await panel.getByLabel('Tên khách hàng').fill('Thủy sản');
    await panel.getByRole('radio', { name: 'Hoạt động', exact: true }).check();
    const named = await bodyOf(page, 'common/getCustomerList', () => panel.getByRole('button', { name: 'Nạp dữ liệu' }).click());
    expect(named).toEqual({ CustomerName: 'Thủy sản', IsActive: 1 });
    const names = grid(page).locator('[role="gridcell"][col-id="CustomerName"]');
    await expect(names.first()).toBeVisible();
    for (const text of await names.allTextContents()) expect(text).toContain('Thủy sản');

    // Back to All: the filters leave the request again.
    await panel.getByRole('radio', { name: 'Tất cả' }).last().check();
    await panel.getByLabel('Tên khách hàng').fill('');
    const all = await bodyOf(page, 'common/getCustomerList', () => panel.getByRole('button', { name: 'Nạp dữ liệu' }).click());
    expect(all).toEqual({});
    await expect(rowCount(page)).toHaveText('60 / 60 dòng');

    // Customer type select: one type only.
    await panel.getByLabel('Loại khách hàng').click();
    await page.getByTitle('Đại lý giao nhận').click();
    const typed = await bodyOf(page, 'common/getCustomerList', () => panel.getByRole('button', { name: 'Nạp dữ liệu' }).click());
    expect(typed).toEqual({ CustomerTypeCode: 'FWD' });
    // Demo data: every tenth customer is a forwarder.
    const n = 6;
    await expect(rowCount(page)).toHaveText(`${n} / ${n} dòng`);
    // Every row shown is of that type: searching its code keeps them all.
    await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill('FWD');
    await expect(rowCount(page)).toHaveText(`${n} / ${n} dòng`);
  });

  test('pages of 50 rows, each scrolled within a grid 55% of the window high', async ({ page }) => {
    await openCustomers(page);
    await expect(rowCount(page)).toHaveText('60 / 60 dòng');
    const height = (await page.locator('.ag-root-wrapper').first().boundingBox())?.height ?? 0;
    expect(Math.abs(height - 0.55 * 768)).toBeLessThan(8);

    await expect(page.getByText('1 - 50 / 60', { exact: true })).toBeVisible();
    // The page scrolls: row 50 is below the fold until the grid body is scrolled.
    await expect(rowWith(page, 'C0000050')).toHaveCount(0);
    await rowWith(page, 'C0000001').hover();
    await page.mouse.wheel(0, 5000);
    await expect(rowWith(page, 'C0000050')).toBeVisible();
    await expect(rowWith(page, 'C0000051')).toHaveCount(0);

    await page.getByRole('button', { name: 'Trang sau' }).click();
    await expect(page.getByText('51 - 60 / 60', { exact: true })).toBeVisible();
    await expect(rowWith(page, 'C0000051')).toBeVisible();
    await expect(rowWith(page, 'C0000051').getByRole('gridcell', { name: '51', exact: true })).toBeVisible();
  });
});

test.describe('commodities (/common/commodity)', () => {
  const jobModes = (page: Page) => page.locator('.ant-card').filter({ hasText: 'Danh sách phương án' });
  const tick = (page: Page, code: string) => rowWith(page, code).locator('[col-id="__linked"] input[type="checkbox"]');

  async function openCommodities(page: Page) {
    await signIn(page, 'admin');
    await page.goto('/common/commodity');
    await expect(page).toHaveURL(/\/common\/commodity$/);
    await expect(page.getByRole('heading', { name: 'Danh sách mặt hàng' })).toBeVisible();
    await expect(rowWith(page, 'GAO')).toBeVisible();
  }

  test("switches 'Đóng' / 'Rút', links ticked commodities, saves with 'Lưu cài đặt' and shows them after a reload", async ({ page }) => {
    await openCommodities(page);
    const left = jobModes(page);
    await expect(left.getByRole('radio', { name: 'Đóng' })).toBeChecked();
    const dong = left.getByRole('row').filter({ hasText: 'DONG' });
    await expect(dong).toBeVisible();
    await expect(left.getByRole('row').filter({ hasText: 'RUT' })).toHaveCount(0);
    await expect(dong.getByRole('radio')).toBeChecked();
    await expect(tick(page, 'GAO')).not.toBeChecked();

    await tick(page, 'GAO').check();
    await tick(page, 'CAPHE').check();
    await expect(dong.getByText('Đã sửa')).toBeVisible();
    await expect(left.getByText('Phương án đã sửa chưa lưu: 1')).toBeVisible();
    await tick(page, 'CAPHE').uncheck();
    await expect(tick(page, 'CAPHE')).not.toBeChecked();

    await left.getByText('Rút', { exact: true }).click();
    const rut = left.getByRole('row').filter({ hasText: 'RUT' });
    await expect(rut.getByRole('radio')).toBeChecked();
    await expect(left.getByRole('row').filter({ hasText: 'DONG' })).toHaveCount(0);
    await expect(tick(page, 'GAO')).not.toBeChecked();
    await tick(page, 'THEP').check();
    await expect(rut.getByText('Đã sửa')).toBeVisible();
    await expect(left.getByText('Phương án đã sửa chưa lưu: 2')).toBeVisible();

    const body = await bodyOf(page, 'common/updateConfigStuffUnstuffList', async () => {
      await left.getByRole('button', { name: 'Lưu cài đặt' }).click();
      await confirm(page, 'Lưu lại ?');
    });
    expect(body).toEqual({ DONG: ['GAO'], RUT: ['THEP'] });
    await expect(page.getByText('Lưu dữ liệu hoàn tất !')).toBeVisible();
    await expect(left.getByText('Phương án đã sửa chưa lưu: 0')).toBeVisible();

    await page.reload();
    // A reload loads the app again: on a busy machine that takes longer than one expect's default.
    await expect(rowWith(page, 'GAO')).toBeVisible({ timeout: 30_000 });
    await expect(jobModes(page).getByRole('radio', { name: 'Đóng' })).toBeChecked();
    await expect(tick(page, 'GAO')).toBeChecked();
    await expect(tick(page, 'THEP')).not.toBeChecked();
    await expect(tick(page, 'CAPHE')).not.toBeChecked();
    await jobModes(page).getByText('Rút', { exact: true }).click();
    await expect(jobModes(page).getByRole('row').filter({ hasText: 'RUT' }).getByRole('radio')).toBeChecked();
    await expect(tick(page, 'THEP')).toBeChecked();
    await expect(tick(page, 'GAO')).not.toBeChecked();
  });

  test('the commodity catalogue keeps its own grid: a new commodity is saved, then it can be linked', async ({ page }) => {
    await openCommodities(page);
    const code = `MH${String(Date.now() % 100_000).padStart(5, '0')}`;
    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    await expect(grid(page).getByRole('textbox')).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    await expect(grid(page).getByRole('textbox')).toBeFocused();
    await page.keyboard.type('Hàng thử nghiệm');
    await page.keyboard.press('Enter');
    // Not saved yet: it cannot be linked (the server does not know its code).
    await expect(tick(page, code)).toBeDisabled();
    await page.locator('.ant-card').filter({ hasText: 'Danh sách mặt hàng' }).getByRole('button', { name: 'Lưu' }).click();
    await confirm(page, 'Lưu lại ?');
    await expect(page.getByText('Lưu dữ liệu hoàn tất !').first()).toBeVisible();
    await expect(tick(page, code)).toBeEnabled();
    await tick(page, code).check();
    const body = (await bodyOf(page, 'common/updateConfigStuffUnstuffList', async () => {
      await jobModes(page).getByRole('button', { name: 'Lưu cài đặt' }).click();
      await confirm(page, 'Lưu lại ?');
    })) as Record<string, string[]>;
    expect(body.DONG).toContain(code);
    await expect(page.getByText('Lưu dữ liệu hoàn tất !').first()).toBeVisible();
  });
});

test.describe('commodities: unsaved links', () => {
  test('leaving with ticked links not saved asks first; ticked back, it does not', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, 'Danh mục', 'Mặt hàng');
    await expect(page).toHaveURL(/\/common\/commodity$/);
    const left = page.locator('.ant-card').filter({ hasText: 'Danh sách phương án' });
    const tick = (code: string) => rowWith(page, code).locator('[col-id="__linked"] input[type="checkbox"]');
    await expect(rowWith(page, 'DOGO')).toBeVisible();
    const wasTicked = await tick('DOGO').isChecked();
    await tick('DOGO').setChecked(!wasTicked);
    await expect(left.getByText('Phương án đã sửa chưa lưu: 1')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Menu' });
    await nav.getByText('Hãng tàu', { exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Dữ liệu chưa được lưu' });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText('Có 1 dòng mới hoặc đã sửa chưa được lưu.');
    await ask.getByRole('button', { name: 'Ở lại' }).click();
    await expect(page).toHaveURL(/\/common\/commodity$/);
    await expect(tick('DOGO')).toBeChecked({ checked: !wasTicked });

    // Ticked back to what was loaded: nothing unsaved, the menu leaves at once.
    await tick('DOGO').setChecked(wasTicked);
    await expect(left.getByText('Phương án đã sửa chưa lưu: 0')).toBeVisible();
    await nav.getByText('Hãng tàu', { exact: true }).click();
    await expect(page).toHaveURL(/\/common\/operation$/);
    await expect(ask).toHaveCount(0);
  });
});

test.describe('vessel schedule (/common/vessel_schedule)', () => {
  async function openSchedule(page: Page) {
    await signIn(page, 'admin');
    await page.goto('/common/vessel_schedule');
    await expect(page).toHaveURL(/\/common\/vessel_schedule$/);
  }

  test("looks up by vessel name, restores the saved filter after a reload, says 'Không tìm thấy dữ liệu.' when empty", async ({ page }) => {
    await openSchedule(page);
    await expect(rowCount(page)).toHaveText('0 / 0 dòng', { timeout: 30_000 });
    const any = await bodyOf(page, 'common/getVesselScheduleList', () => page.getByRole('button', { name: 'Tìm kiếm' }).click());
    expect(any).toEqual({});
    const names = grid(page).locator('[role="gridcell"][col-id="VesselName"]');
    await expect(names.first()).toBeVisible();
    const vessel = (await names.first().textContent()) ?? '';
    expect(vessel).not.toBe('');

    await page.getByRole('textbox', { name: 'Tên tàu' }).fill(vessel);
    const named = await bodyOf(page, 'common/getVesselScheduleList', () => page.getByRole('button', { name: 'Tìm kiếm' }).click());
    expect(named).toEqual({ VesselName: vessel });
    // The first row may already be this vessel before the grid refreshes: wait for every row to be it.
    await expect.poll(async () => [...new Set(await names.allTextContents())], { timeout: 15_000 }).toEqual([vessel]);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Tên tàu' })).toHaveValue(vessel);
    // Restored, not run: the lookup waits for the button.
    await expect(rowCount(page)).toHaveText('0 / 0 dòng');

    await page.getByRole('textbox', { name: 'Tên tàu' }).fill('KHÔNG CÓ TÀU NÀY');
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    await expect(page.getByText('Không tìm thấy dữ liệu.')).toBeVisible();
    await expect(rowCount(page)).toHaveText('0 / 0 dòng');
  });

  test('a stored filter with a Rowguid runs when the screen opens, then only the filter is kept', async ({ page }) => {
    await openSchedule(page);
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    const names = grid(page).locator('[role="gridcell"][col-id="VesselName"]');
    await expect(names.first()).toBeVisible();
    const vessel = (await names.first().textContent()) ?? '';
    await page.evaluate(
      (name) => localStorage.setItem('smartport.vesselScheduleFilter', JSON.stringify({ VesselName: name, Rowguid: crypto.randomUUID() })),
      vessel,
    );
    const body = await bodyOf(page, 'common/getVesselScheduleList', () => page.reload());
    expect(body).toEqual({ VesselName: vessel });
    await expect(names.first()).toHaveText(vessel);
    await expect(page.getByRole('textbox', { name: 'Tên tàu' })).toHaveValue(vessel);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('smartport.vesselScheduleFilter') ?? '{}'));
    expect(stored).toEqual({ VesselName: vessel });
  });
});
