import { expect as baseExpect } from '@playwright/test';
import { containerCheckDigit, shownPin } from '@smartport/contract';
import { grid, rowWith } from '../fixtures/grid';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Nhật ký gửi mail' (/config/mail_queue) as an administrator reads it: the mails the portal queued for an order the
// customer just saved (to the payer and to the customer who made it), each with its subject, recipient and state.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A drop-off of this spec's own: an owner code no other spec uses, a serial of this run. */
const runSerial = 500001 + (Date.now() % 900) * 10;
const box = (() => {
  const first10 = `SEGU${String(runSerial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
})();

test.describe('the mail record (/config/mail_queue)', () => {
  test.setTimeout(120_000);

  test("an administrator sees the mails of an order the customer saved, with the order's PIN", async ({ page, request }) => {
    // The customer saves an empty drop-off through the portal's calls: the order's 'saved' mails are queued.
    const login = await request.post('/api/auth/login', { data: { UserID: demo.khachhang.user, Password: demo.khachhang.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const draft = {
      OrderType: 'pre_advice',
      TerminalCode: 'NDP',
      JobModeCode: 'TRAR',
      OperationCode: 'MSC',
      BLNo: `BLMAIL${runSerial}`,
      ExpDate: `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`,
      containers: [{ ContainerNo: box, IsoSizetype: '22G1' }],
      CustomerCode: 'C0000001',
    };
    const priced = await request.post('/api/task/order/calculate', { headers, data: draft });
    expect(priced.status(), await priced.text()).toBe(200);
    const { TotalAmount } = ((await priced.json()) as { data: { TotalAmount: number } }).data;
    const saved = await request.post('/api/task/order/save', {
      headers,
      data: { ...draft, TotalAmount, ClientKey: crypto.randomUUID() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const order = ((await saved.json()) as { data: { OrderNo: string; PinCode: string } }).data;

    await signIn(page, 'admin');
    await openMenu(page, 'Cấu hình', 'Nhật ký gửi mail');
    await expect(page).toHaveURL(/\/config\/mail_queue$/);
    await expect(grid(page)).toBeVisible();
    // One row per recipient (the payer's address and the creator's), newest first: the order's rows are at the top.
    const rows = rowWith(page, order.OrderNo);
    await expect(rows.first()).toBeVisible();
    const subject = `SmartPort – Lệnh ${shownPin(order.PinCode)} đã được lưu`;
    await expect(rows.first()).toContainText(subject);
    await expect(rows.first()).toContainText('Lệnh đã lưu');
    for (const row of await rows.all()) {
      await expect(row).toContainText(subject);
      await expect(row).toContainText('NDP');
    }
    // Read only: the record offers nothing to add, delete or save.
    await expect(page.getByRole('button', { name: 'Thêm dòng' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lưu', exact: true })).toHaveCount(0);
  });
});
