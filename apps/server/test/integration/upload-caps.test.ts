import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CallReply, calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CLEANUP } from '../../src/modules/customs/upload-cleanup.job';
import { multipart } from '../helpers/multipart';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

/**
 * Upload folders per user and day and files per folder are capped on the server (race-safe),
 * and folders never registered are removed by the 'uploads.cleanup' job after the grace period.
 */
const FOLDERS_PER_DAY = 4;
const FILES_PER_FOLDER = 3;
const FOLDER_CAP_MESSAGE = `Mỗi tài khoản chỉ được tạo tối đa ${FOLDERS_PER_DAY} thư mục tải tệp trong một ngày, bạn đã dùng hết. Vui lòng thử lại vào ngày mai.`;
const FILE_CAP_MESSAGE = `Mỗi tờ khai chỉ được tải lên tối đa ${FILES_PER_FOLDER} tệp.`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let customer: string;
let ownTax: string;

async function upload(token: string, folder: string, name: string) {
  const body = multipart({ tmporder: folder }, { name, data: PDF });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/custom/file_upload',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as CallReply<typeof calls.customs.uploadFile> };
}

const makeFolder = (token: string) => t.call(calls.customs.makeRowguid, {}, token);

async function folder(token: string) {
  const res = await makeFolder(token);
  expect(res.status).toBe(200);
  return present(res.body.payload, 'the new folder');
}

/** A user with the export registration grant only (its own folders, nobody else's). */
async function registrant(userId: string) {
  await t.addUser({ UserID: userId, UserGroupCode: 'CAP_TEST', password: 'Tai@Tep2026', grants: ['CUSTOMS_EXPORT_REG'] });
  return t.login(userId, 'Tai@Tep2026');
}

const folderCount = async (userId: string) =>
  Number((await t.sql<{ n: number }>('select count(*)::int as n from upload_folders where created_by = $1', [userId]))[0]?.n);

/** Moves the customer's folders of today to yesterday, so a test has the day's whole allowance. */
const newDay = () => t.sql("update upload_folders set created_time = now() - interval '25 hours' where created_by = 'khachhang'");

beforeAll(async () => {
  t = await createTestApp({
    config: { uploadFoldersPerDay: FOLDERS_PER_DAY, uploadFilesPerFolder: FILES_PER_FOLDER },
    // The cleanup runs when the test says so (runNow), not by the clock.
    jobs: { start: false },
  });
  customer = await t.login('khachhang');
  const [row] = await t.sql<{ tax_code: string }>("select tax_code from customers where customer_code = 'C0000001'");
  ownTax = String(row?.tax_code);
});
afterAll(async () => {
  await t?.close();
});

describe('upload folders per user and day', () => {
  it('refuses the folder over the cap with 429 and a Vietnamese message; yesterday’s folders do not count', async () => {
    const token = await registrant('taitep1');
    for (let i = 0; i < FOLDERS_PER_DAY; i++) await folder(token);
    const over = await makeFolder(token);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ success: false, message: FOLDER_CAP_MESSAGE });
    expect(await folderCount('taitep1')).toBe(FOLDERS_PER_DAY);
    // Another user is not held by this one's cap.
    await folder(customer);
    // The cap is per day: folders of yesterday leave today's allowance whole.
    await t.sql("update upload_folders set created_time = now() - interval '25 hours' where created_by = 'taitep1'");
    for (let i = 0; i < FOLDERS_PER_DAY; i++) await folder(token);
    expect((await makeFolder(token)).status).toBe(429);
  });

  it('lets parallel requests create no more folders than the cap', async () => {
    const token = await registrant('taitep2');
    const answers = await Promise.all(Array.from({ length: 12 }, () => makeFolder(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(FOLDERS_PER_DAY);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(12 - FOLDERS_PER_DAY);
    for (const r of refused) expect(r.body).toEqual({ success: false, message: FOLDER_CAP_MESSAGE });
    expect(await folderCount('taitep2')).toBe(FOLDERS_PER_DAY);
  });
});

describe('files per upload folder', () => {
  it('refuses the file over the cap with 400 and a Vietnamese message', async () => {
    await newDay();
    const f = await folder(customer);
    for (let i = 1; i <= FILES_PER_FOLDER; i++) expect((await upload(customer, f, `to-khai-${i}.pdf`)).status).toBe(200);
    const over = await upload(customer, f, 'to-khai-thua.pdf');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, message: FILE_CAP_MESSAGE });
    // Deleting one makes room again.
    expect((await t.call(calls.customs.deleteFile, { tmporder: f, filename: 'to-khai-1.pdf' }, customer)).status).toBe(200);
    expect((await upload(customer, f, 'to-khai-thua.pdf')).status).toBe(200);
  });

  it('lets parallel uploads into one folder store no more files than the cap', async () => {
    await newDay();
    const f = await folder(customer);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(customer, f, `song-song-${i}.pdf`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(FILES_PER_FOLDER);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body).toMatchObject({ success: false, message: FILE_CAP_MESSAGE });
    const [row] = await t.sql<{ n: number }>('select count(*)::int as n from declaration_files where file_patch = $1', [f]);
    expect(row?.n).toBe(FILES_PER_FOLDER);
  });
});

describe("the 'uploads.cleanup' job", () => {
  it('removes an old folder never registered with its files, and keeps registered and recent folders', async () => {
    await newDay();
    const old = await folder(customer);
    expect((await upload(customer, old, 'bo-quen.pdf')).status).toBe(200);
    const registered = await folder(customer);
    expect((await upload(customer, registered, 'da-dang-ky.pdf')).status).toBe(200);
    const added = await t.call(
      calls.customs.addDeclaration,
      {
        ImportExport: 'E',
        CustomerID: ownTax,
        CustomNo: '305888000222',
        CustomCode: '03EE',
        ContainerQty: '1',
        CustomDate: '2026-11-20',
        BL_BookingNo: 'BK-CLEANUP-1',
        FilePatch: registered,
      },
      customer,
    );
    expect(added.status).toBe(200);
    const recent = await folder(customer);
    expect((await upload(customer, recent, 'dang-lam.pdf')).status).toBe(200);
    // The old and the registered folder were made 25 hours ago (the grace period is 24 hours).
    await t.sql("update upload_folders set created_time = now() - interval '25 hours' where file_patch = any($1::uuid[])", [
      [old, registered],
    ]);
    const dir = (f: string) => join(t.portal.uploadRoot, f);
    expect(existsSync(dir(old))).toBe(true);

    await t.portal.jobs.runNow(UPLOAD_CLEANUP);
    expect(t.portal.jobs.stats(UPLOAD_CLEANUP).failed).toBe(0);

    const left = await t.sql<{ file_patch: string }>('select file_patch from upload_folders where file_patch = any($1::uuid[])', [
      [old, registered, recent],
    ]);
    expect(left.map((r) => r.file_patch).sort()).toEqual([registered, recent].sort());
    expect(await t.sql('select 1 from declaration_files where file_patch = $1', [old])).toHaveLength(0);
    expect(existsSync(dir(old))).toBe(false);
    expect(existsSync(join(dir(registered), 'da-dang-ky.pdf'))).toBe(true);
    expect(existsSync(join(dir(recent), 'dang-lam.pdf'))).toBe(true);
    // The registered declaration's file is still served.
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/custom/file/${registered}/da-dang-ky.pdf`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(got.statusCode).toBe(200);
    // A page still holding the removed folder is told to reload, not given a 500.
    const late = await upload(customer, old, 'tre.pdf');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Lỗi khi khởi tạo thư mục lưu dữ liệu, vui lòng tải lại trang và thử lại!');
  });
});
