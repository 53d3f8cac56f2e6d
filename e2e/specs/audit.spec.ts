import { expect as baseExpect } from '@playwright/test';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Nhật ký thay đổi' (/SystemManager/audit_log) as an administrator reads it: a tariff row staff just added is found by
// the filter (user, action, key text) and its detail shows the fields it was created with.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('the audit trail (/SystemManager/audit_log)', () => {
  test.setTimeout(120_000);

  test('an administrator filters the trail and opens a change made by staff', async ({ page, request }) => {
    const name = `Nhật ký e2e ${Date.now() % 100_000}`;
    const login = await request.post('/api/auth/login', { data: { UserID: demo.nhanvien.user, Password: demo.nhanvien.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const saved = await request.post('/api/config/standard-tariff/save', {
      headers,
      data: {
        data: [
          {
            TerminalCode: 'NDP',
            TariffCode: 'E2E-AUDIT',
            TariffName: name,
            ChargeKind: 'job',
            JobModeCode: 'LAYN',
            ContSize: '20',
            CargoTypeCode: 'DG',
            FE: 'F',
            IsLocalForeign: '*',
            CurrencyCode: 'VND',
            UnitPrice: 654_000,
            VatRate: 8,
            ApplyDate: '2026-02-03T00:00:00+07:00',
            ExpireDate: '2027-12-31T23:59:59+07:00',
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await signIn(page, 'admin');
    await openMenu(page, 'Quản trị hệ thống', 'Nhật ký thay đổi');
    await expect(page).toHaveURL(/\/SystemManager\/audit_log$/);
    await page.getByLabel('Người thực hiện').fill('nhanvien');
    await page.getByLabel('Khóa đối tượng').fill('LAYN / 20 / DG');
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: 'Danh mục: standard_tariff' }).first();
    await expect(row).toContainText('nhanvien');
    await expect(row).toContainText('Thêm');
    await row.getByRole('button', { name: /Xem chi tiết/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Chi tiết thay đổi' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('row').filter({ hasText: 'TariffName' })).toContainText(name);
    await expect(drawer.getByRole('row').filter({ hasText: 'UnitPrice' })).toContainText('654000');
  });
});
