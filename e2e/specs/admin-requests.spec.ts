import { expect, type Page } from '@playwright/test';
import { confirm, grid, rowWith } from '../fixtures/grid';
import { demo, openMenu, signIn } from '../fixtures/portal';
import { test } from '../fixtures/server';

// 'Quản lý yêu cầu' (spec 03 §2.5, §4, §5, §6): add with confirmation, a row click opens 'Điều chỉnh yêu cầu',
// completion sets the release date, images added and removed, and the fields a lower rank may not change.
const SHOTS = '/tmp/requests';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4a9b50000000049454e44ae426082',
  'hex',
);

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

async function openScreen(page: Page) {
  await openMenu(page, 'Quản trị hệ thống', 'Quản lý yêu cầu');
  await expect(page).toHaveURL(/\/SystemManager\/issues$/);
  await expect(page.getByRole('heading', { name: 'Quản lý yêu cầu' })).toBeVisible();
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}-${name}-1366.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}-${name}-800.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function addRequest(page: Page, content: string, type?: string) {
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const add = dialog(page, 'Thêm mới yêu cầu');
  await expect(add).toBeVisible();
  await add.getByLabel('Nội dung').fill(content);
  if (type) {
    await add.getByLabel('Loại yêu cầu').click();
    await page.locator('.ant-select-item-option').filter({ hasText: type }).click();
  }
  await add.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Xác nhận thêm yêu cầu');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(rowWith(page, content)).toBeVisible();
}

test('staff: add with confirmation, edit by row click, completion sets the release date, image add and remove', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'nhanvien');
  await openScreen(page);
  const content = `Màn hình lệnh cần lọc theo hãng tàu ${Date.now()}`;

  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const add = dialog(page, 'Thêm mới yêu cầu');
  await expect(add.getByLabel('Người yêu cầu')).toHaveValue(demo.nhanvien.name);
  await expect(add.getByLabel('Người yêu cầu')).toHaveAttribute('readonly', '');
  await expect(add.getByLabel('Ngày tạo')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  // The contractor's opinion is on the edit form only.
  await expect(add.getByLabel('Ý kiến nhà thầu')).toHaveCount(0);
  await add.locator('.ant-modal-footer').getByRole('button', { name: 'Đóng' }).click();
  await expect(add).toBeHidden();

  await addRequest(page, content, 'Chức năng');
  const row = rowWith(page, content);
  await expect(row.getByRole('gridcell', { name: 'Chức năng', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: demo.nhanvien.name, exact: true })).toBeVisible();
  await shots(page, 'list');

  // A click on the row opens the edit dialog with the request.
  await row.getByRole('gridcell', { name: content, exact: true }).click();
  const edit = dialog(page, 'Điều chỉnh yêu cầu');
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Nội dung')).toHaveValue(content);
  // Rank 2: content and opinion locked, performer, completion, confirmation and images open.
  await expect(edit.getByLabel('Nội dung')).toBeDisabled();
  await expect(edit.getByLabel('Ý kiến nhà thầu')).toBeDisabled();
  await edit.getByLabel('Người thực hiện').fill('Nhà thầu phần mềm A');
  await edit.getByLabel('Xác nhận').fill('Đã kiểm tra trên bản thử');
  await expect(edit.getByTestId('issue-release-date')).toHaveCount(0);
  await edit.getByRole('checkbox', { name: 'Hoàn thành' }).check();
  await expect(edit.getByTestId('issue-release-date')).toHaveText(/^Ngày hoàn thành: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await edit.getByTestId('issue-image-input').setInputFiles({ name: 'loi.png', mimeType: 'image/png', buffer: PNG });
  await expect(edit.getByTestId('issue-image')).toHaveCount(1);
  await expect(edit.getByRole('img', { name: 'Ảnh 1 của yêu cầu' })).toBeVisible();
  // A text file named .png is refused by the server.
  await edit
    .getByTestId('issue-image-input')
    .setInputFiles({ name: 'gia.png', mimeType: 'image/png', buffer: Buffer.from('không phải ảnh') });
  await expect(toast(page, 'chỉ nhận ảnh PNG, JPEG, GIF hoặc WebP')).toBeVisible();
  await expect(edit.getByTestId('issue-image')).toHaveCount(1);
  await shots(page, 'edit');
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Xác nhận điều chỉnh yêu cầu');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('gridcell', { name: 'Nhà thầu phần mềm A', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ })).toBeVisible();

  // Reopened: completed, the image served back; removing it and saving leaves none.
  await row.getByRole('gridcell', { name: content, exact: true }).click();
  await expect(edit.getByRole('checkbox', { name: 'Hoàn thành' })).toBeChecked();
  await expect(edit.getByRole('img', { name: 'Ảnh 1 của yêu cầu' })).toBeVisible();
  const loaded = await edit
    .getByRole('img', { name: 'Ảnh 1 của yêu cầu' })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  expect(loaded).toBe(1);
  await edit.getByRole('button', { name: 'Xóa ảnh 1' }).click();
  await expect(edit.getByTestId('issue-image')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Xác nhận điều chỉnh yêu cầu');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await row.getByRole('gridcell', { name: content, exact: true }).click();
  await expect(edit).toBeVisible();
  await expect(edit.getByTestId('issue-image')).toHaveCount(0);
  await edit.locator('.ant-modal-footer').getByRole('button', { name: 'Đóng' }).click();

  // Delete the row: tick it, 'Xóa dòng', 'Xóa nội dung này ?'. The box shows the tick at once and stays the same
  // box (a tick once rebuilt the grid's cells, so the clicked box was thrown away unticked).
  const ticked = await row.getByRole('checkbox').evaluate((box: HTMLInputElement) => {
    box.click();
    return box.checked && box.isConnected;
  });
  expect(ticked).toBe(true);
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Xóa dòng' }).click();
  await confirm(page, 'Xóa nội dung này ?');
  await expect(toast(page, 'Xóa dữ liệu hoàn tất !')).toBeVisible();
  await expect(grid(page).getByRole('gridcell', { name: content, exact: true })).toHaveCount(0);
});

test('a lower rank (customs officer, rank 3) creates and changes the type; every other field, content too, is locked', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'haiquan');
  await openScreen(page);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const auth = { authorization: `Bearer ${token}` };
  const ownIds = async () =>
    (
      (await (await page.request.post('/api/config/getIssueList', { headers: auth, data: {} })).json()) as {
        payload: { Rowguid: string }[];
      }
    ).payload.map((r) => r.Rowguid);
  const before = new Set(await ownIds());

  // Spec 03 §5: above rank 2 the content is locked on the add form as well; the request is its type.
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const add = dialog(page, 'Thêm mới yêu cầu');
  await expect(add.getByLabel('Nội dung')).toBeDisabled();
  await expect(add.getByLabel('Người thực hiện')).toBeDisabled();
  await expect(add.getByRole('checkbox', { name: 'Hoàn thành' })).toBeDisabled();
  await expect(add.getByLabel('Xác nhận')).toBeDisabled();
  await expect(add.getByRole('button', { name: 'Thêm ảnh' })).toHaveCount(0);
  await add.getByLabel('Loại yêu cầu').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Chức năng' }).click();
  await add.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Xác nhận thêm yêu cầu');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await expect(add).toBeHidden();
  const created = (await ownIds()).filter((id) => !before.has(id));
  expect(created).toHaveLength(1);
  // The server holds the same line: content typed by a rank 3 is refused, naming the field.
  const typed = await page.request.post('/api/config/updateIssueList', {
    headers: auth,
    data: [{ IssueName: 'Nội dung gõ tay', IssueType: 'Chức năng' }],
  });
  expect(typed.status()).toBe(403);
  expect(((await typed.json()) as { message: string }).message).toBe('Bạn không có quyền thay đổi trường "Nội dung" của yêu cầu.');

  // Their newest request comes first (a rank 3 sees only its own).
  await grid(page).locator('[row-index="0"] [col-id="IssueType"]').click();
  const edit = dialog(page, 'Điều chỉnh yêu cầu');
  await expect(edit).toBeVisible();
  for (const label of ['Nội dung', 'Ý kiến nhà thầu', 'Người thực hiện', 'Xác nhận']) await expect(edit.getByLabel(label)).toBeDisabled();
  await expect(edit.getByRole('checkbox', { name: 'Hoàn thành' })).toBeDisabled();
  await expect(edit.getByRole('button', { name: 'Thêm ảnh' })).toHaveCount(0);
  await expect(edit.getByLabel('Người yêu cầu')).toHaveValue(demo.haiquan.name);
  await shots(page, 'locked');
  await edit.getByLabel('Loại yêu cầu').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Giao diện' }).click();
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await confirm(page, 'Xác nhận điều chỉnh yêu cầu');
  await expect(toast(page, 'Lưu dữ liệu hoàn tất !')).toBeVisible();
  await expect(grid(page).locator('[row-index="0"] [col-id="IssueType"]')).toHaveText('Giao diện');

  // A forged change of the performer is refused too, naming the field.
  const forged = await page.request.post('/api/config/updateIssueList', {
    headers: auth,
    data: [{ Rowguid: created[0], Performer: 'Tự nhận' }],
  });
  expect(forged.status()).toBe(403);
  expect(((await forged.json()) as { message: string }).message).toBe('Bạn không có quyền thay đổi trường "Người thực hiện" của yêu cầu.');
});
