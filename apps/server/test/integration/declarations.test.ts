import { type CallReply, calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

let t: TestApp;
let customer: string;
let staff: string;
let ownTax: string;
let otherTax: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4a9b50000000049454e44ae426082',
  'hex',
);
const pdfOfSize = (size: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, size - PDF.length), 0x20)]);

async function upload(token: string | null, fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const body = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/custom/file_upload',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as CallReply<typeof calls.customs.uploadFile>,
  };
}

async function folder(token: string) {
  const res = await t.call(calls.customs.makeRowguid, {}, token);
  expect(res.status).toBe(200);
  return present(res.body.payload, 'the new folder');
}

const download = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
  const rows = await t.sql<{ customer_code: string; tax_code: string }>(
    "SELECT customer_code, tax_code FROM customers WHERE customer_code IN ('C0000001', 'C0000002') ORDER BY customer_code",
  );
  ownTax = String(rows[0]?.tax_code);
  otherTax = String(rows[1]?.tax_code);
});
afterAll(async () => {
  await t?.close();
});

describe('custom/add: the checks of spec 01 §5 in their order', () => {
  it('answers each missing field with its own message, in the order of the spec', async () => {
    const f = await folder(customer);
    const steps: [Record<string, unknown>, string][] = [
      [{}, 'Vui lòng nhập mã doanh nghiệp !'],
      [{ CustomerID: ownTax }, 'Vui lòng nhập số tờ khai !'],
      [{ CustomNo: '305123456789' }, 'Vui lòng nhập mã hải quan !'],
      [{ CustomCode: '03ee' }, 'Vui lòng nhập tổng số container !'],
      [{ ContainerQty: 2 }, 'Vui lòng nhập ngày tờ khai !'],
      [{ CustomDate: '2026-11-20' }, 'Vui lòng số booking !'],
      [{ BL_BookingNo: 'MSCB1234567', FilePatch: f }, 'Vui lòng upload file !'],
    ];
    let body: Record<string, unknown> = { ImportExport: 'E' };
    for (const [more, message] of steps) {
      body = { ...body, ...more };
      const res = await t.call(calls.customs.addDeclaration, body, customer);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });

  it('asks for the bill of lading (not the booking) on an import declaration', async () => {
    const res = await t.call(
      calls.customs.addDeclaration,
      { ImportExport: 'I', CustomerID: ownTax, CustomNo: '105123456789', CustomCode: '02CI', ContainerQty: '1', CustomDate: '2026-11-20' },
      customer,
    );
    expect(res.body).toMatchObject({ success: false, message: 'Vui lòng số vận đơn !' });
  });

  it('refuses a total of containers that is not a whole number from 1 to 9999', async () => {
    const base = { ImportExport: 'E', CustomerID: ownTax, CustomNo: '305123456781', CustomCode: '03EE', CustomDate: '2026-11-20' };
    for (const ContainerQty of [0, -3, 2.5, '2,5', 10_000, 'ba']) {
      const res = await t.call(calls.customs.addDeclaration, { ...base, ContainerQty }, customer);
      expect(res.status, String(ContainerQty)).toBe(400);
      expect(res.body.message, String(ContainerQty)).toBe('Tổng số container phải là số nguyên từ 1 đến 9999.');
    }
    for (const ContainerQty of [null, '', '  ']) {
      const res = await t.call(calls.customs.addDeclaration, { ...base, ContainerQty }, customer);
      expect(res.body.message).toBe('Vui lòng nhập tổng số container !');
    }
  });

  it('tells a customer its own business code to prefill the form; staff with the menu start empty', async () => {
    const mine = await t.call(calls.customs.ownBusinessCode, {}, customer);
    expect(mine.status).toBe(200);
    expect(mine.body.payload).toEqual({ CustomerID: ownTax });
    // Staff who may register (the administrator: the registration menus and the staff grant) type the code.
    const admin = await t.call(calls.customs.ownBusinessCode, {}, await t.login('admin'));
    expect(admin.body.payload).toEqual({ CustomerID: null });
    // Staff without a registration menu may not ask.
    expect((await t.call(calls.customs.ownBusinessCode, {}, staff)).status).toBe(403);
  });

  it('checks the business code first (spec 01 §5), upper-cased, letters, digits and "-" only', async () => {
    const base = { ImportExport: 'E', CustomNo: '305123456783', CustomCode: '03EE', ContainerQty: 1, CustomDate: '2026-11-20' };
    for (const CustomerID of [undefined, '', '   ']) {
      const res = await t.call(calls.customs.addDeclaration, { ...base, CustomerID }, customer);
      expect(res.body).toMatchObject({ success: false, message: 'Vui lòng nhập mã doanh nghiệp !' });
    }
    const bad = await t.call(calls.customs.addDeclaration, { ...base, CustomerID: '0301 234' }, customer);
    expect(bad.body.message).toBe('Mã doanh nghiệp chỉ gồm chữ cái không dấu, chữ số và dấu -.');
    const long = await t.call(calls.customs.addDeclaration, { ...base, CustomerID: '1'.repeat(21) }, customer);
    expect(long.body.message).toBe('Mã doanh nghiệp tối đa 20 ký tự.');
  });

  it('refuses a booking over 200 characters or with unsafe characters', async () => {
    const base = {
      ImportExport: 'E',
      CustomerID: ownTax,
      CustomNo: '305123456780',
      CustomCode: '03EE',
      ContainerQty: 1,
      CustomDate: '2026-11-20',
    };
    const long = await t.call(calls.customs.addDeclaration, { ...base, BL_BookingNo: 'A'.repeat(201) }, customer);
    expect(long.body.message).toBe('Số booking không được quá 200 ký tự.');
    const unsafe = await t.call(calls.customs.addDeclaration, { ...base, BL_BookingNo: '<script>alert(1)</script>' }, customer);
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.message).toMatch(/^Số booking chỉ gồm/);
  });

  it('registers with upper-cased, trimmed inputs, the date at the start of the day and the file links', async () => {
    const f = await folder(customer);
    expect((await upload(customer, { tmporder: f }, { name: 'to-khai.pdf', data: PDF })).status).toBe(200);
    const res = await t.call(
      calls.customs.addDeclaration,
      {
        ImportExport: 'e',
        CustomerID: ` ${ownTax} `,
        CustomNo: ' 305999000111 ',
        CustomCode: '03ee',
        ContainerQty: '3',
        CustomDate: '2026-11-20',
        BL_BookingNo: '  mscb7654321  ',
        FilePatch: f,
      },
      customer,
    );
    expect(res.status).toBe(200);
    expect(res.body.out).toMatch(/^Đăng ký tờ khai thành công\. Mã đăng ký: DK\d{8}$/);
    expect(res.body.payload).toMatchObject({
      CustomerID: ownTax,
      CustomNo: '305999000111',
      CustomCode: '03EE',
      ContainerQty: 3,
      BL_BookingNo: 'MSCB7654321',
      ImportExport: 'E',
      Status: 0,
      TerminalCode: 'NDP',
      CreatedBy: 'khachhang',
      // 2026-11-20 00:00 in Asia/Ho_Chi_Minh
      CustomDate: '2026-11-19T17:00:00.000Z',
      FileLists: `/api/custom/file/${f}/to-khai.pdf`,
    });
    const again = await t.call(calls.customs.addDeclaration, { ...res.body.payload, FilePatch: f }, customer);
    expect(again.status).toBe(400);
  });
});

describe('uploads: type by content, 5,000,000 bytes per folder, names inside the folder', () => {
  it('keeps a PDF and a PNG and serves them back to their owner', async () => {
    const f = await folder(customer);
    const pdf = await upload(customer, { tmporder: f }, { name: 'Tờ khai.pdf', data: PDF });
    expect(pdf.body).toMatchObject({ success: true, filename: 'Tờ khai.pdf', size: PDF.length, tmporder: f });
    const png = await upload(customer, { tmporder: f }, { name: 'anh.png', data: PNG });
    expect(png.status).toBe(200);
    const got = await download(String(pdf.body.url), customer);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a file whose content is not an accepted type, even with a permitted extension', async () => {
    const f = await folder(customer);
    for (const [name, data] of [
      ['hoa-don.pdf', Buffer.from('just some text pretending to be a PDF')],
      ['anh.jpg', PNG],
      ['bang.xls', PDF],
      ['tai-lieu.docx', Buffer.from('PK\u0003\u0004 not really a docx')],
      ['script.exe', PDF],
    ] as const) {
      const res = await upload(customer, { tmporder: f }, { name, data });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toContain('không đúng định dạng cho phép');
    }
    const listed = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM declaration_files WHERE file_patch = $1', [f]);
    expect(listed[0]?.n).toBe(0);
  });

  it('refuses a file that would take the folder over 5,000,000 bytes, and one over it by itself', async () => {
    const f = await folder(customer);
    expect((await upload(customer, { tmporder: f }, { name: 'mot.pdf', data: pdfOfSize(3_000_000) })).status).toBe(200);
    const over = await upload(customer, { tmporder: f }, { name: 'hai.pdf', data: pdfOfSize(2_000_001) });
    expect(over).toMatchObject({ status: 400, body: { success: false, message: 'Tổng dung lượng không được quá 5MB !!' } });
    expect((await upload(customer, { tmporder: f }, { name: 'ba.pdf', data: pdfOfSize(2_000_000) })).status).toBe(200);
    const g = await folder(customer);
    const big = await upload(customer, { tmporder: g }, { name: 'lon.pdf', data: pdfOfSize(5_000_001) });
    expect(big.body.message).toBe('Tổng dung lượng không được quá 5MB !!');
  });

  it('needs the caller’s own temporary folder', async () => {
    const none = await upload(customer, {}, { name: 'a.pdf', data: PDF });
    expect(none.body.message).toBe('Lỗi khi khởi tạo thư mục lưu dữ liệu, vui lòng tải lại trang và thử lại!');
    const staffFolder = await t.call(calls.customs.makeRowguid, {}, await t.login('admin'));
    const foreign = await upload(customer, { tmporder: present(staffFolder.body.payload) }, { name: 'a.pdf', data: PDF });
    expect(foreign.body.message).toBe('Lỗi khi khởi tạo thư mục lưu dữ liệu, vui lòng tải lại trang và thử lại!');
  });

  it('accepts the token as the access_token form field, and answers 401 without any token', async () => {
    const f = await folder(customer);
    const viaField = await upload(null, { access_token: customer, tmporder: f }, { name: 'a.pdf', data: PDF });
    expect(viaField.status).toBe(200);
    const anonymous = await upload(null, { tmporder: f }, { name: 'b.pdf', data: PDF });
    expect(anonymous.status).toBe(401);
  });

  it('refuses file names that would leave the folder, on upload, delete and download', async () => {
    const f = await folder(customer);
    for (const name of ['../../evil.pdf', '..\\..\\evil.pdf', '.hidden.pdf', 'a/b.pdf']) {
      const res = await upload(customer, { tmporder: f, filename: name }, { name: 'ok.pdf', data: PDF });
      expect(res.body, name).toMatchObject({ success: false, message: 'Tên tệp không hợp lệ.' });
    }
    const del = await t.call(calls.customs.deleteFile, { tmporder: f, filename: '../../../etc/passwd' }, customer);
    expect(del.body).toMatchObject({ success: false, message: 'Tên tệp không hợp lệ.' });
    for (const url of [
      `/api/custom/file/${f}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/custom/file/..%2F..%2Fetc/passwd`,
      `/api/custom/file/${f}/%2E%2E`,
    ]) {
      const res = await download(url, customer);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it('deletes an uploaded file before registration, not after', async () => {
    const f = await folder(customer);
    await upload(customer, { tmporder: f }, { name: 'xoa.pdf', data: PDF });
    const del = await t.call(calls.customs.deleteFile, { tmporder: f, filename: 'xoa.pdf' }, customer);
    expect(del.body).toEqual({ success: true });
    expect((await download(`/api/custom/file/${f}/xoa.pdf`, customer)).statusCode).toBe(404);
    expect((await t.call(calls.customs.deleteFile, { tmporder: f, filename: 'xoa.pdf' }, customer)).status).toBe(404);
  });
});

describe('a customer sees its own business code and what it registered; staff act, customers do not', () => {
  let otherCustomer: string;
  beforeAll(async () => {
    await t.addUser({ UserID: 'khach2', UserGroupCode: 'CUSTOMER', password: 'Khach@Hai2026', terminals: ['NDP', 'NDV', 'NHP', 'GML'] });
    await t.sql("UPDATE users SET customer_code = 'C0000002' WHERE user_id = 'khach2'");
    otherCustomer = await t.login('khach2', 'Khach@Hai2026');
  });

  it("lists the caller's business code and nothing of another business it did not register", async () => {
    const own = await t.call(calls.customs.loadDeclarations, {}, customer);
    expect(present(own.body.payload).length).toBeGreaterThan(0);
    expect(new Set(present(own.body.payload).map((r) => r.CustomerID))).toEqual(new Set([ownTax]));
    const foreign = await t.call(calls.customs.loadDeclarations, { CustomerID: otherTax }, customer);
    expect(foreign.status).toBe(200);
    expect(foreign.body.payload).toEqual([]);
    const theirs = await t.call(calls.customs.loadDeclarations, {}, otherCustomer);
    expect(present(theirs.body.payload).length).toBeGreaterThan(0);
    expect(present(theirs.body.payload).every((r) => r.CustomerID === otherTax)).toBe(true);
  });

  it("registers a forwarder's declaration for its client, recorded with who registered it; both see it, staff see both codes", async () => {
    const f = await folder(customer);
    await upload(customer, { tmporder: f }, { name: 'khach-hang.pdf', data: PDF });
    const res = await t.call(
      calls.customs.addDeclaration,
      {
        ImportExport: 'E',
        CustomerID: ` ${otherTax.toLowerCase()} `,
        CustomNo: '305000000001',
        CustomCode: '03EE',
        ContainerQty: 1,
        CustomDate: '2026-11-20',
        BL_BookingNo: 'B1',
        FilePatch: f,
      },
      customer,
    );
    expect(res.status).toBe(200);
    const row = present(res.body.payload, 'the registration');
    expect(row).toMatchObject({ CustomerID: otherTax.toUpperCase(), CreatedBy: 'khachhang', RegistrantCode: 'C0000001' });
    const [stored] = await t.sql<{ registrant_code: string }>('SELECT registrant_code FROM customs_declarations WHERE id = $1', [row.ID]);
    expect(stored?.registrant_code).toBe('C0000001');

    // The forwarder finds it under its client's code; the client sees it among its own.
    const mine = await t.call(calls.customs.loadDeclarations, { CustomerID: otherTax, CustomNo: '305000000001' }, customer);
    expect(present(mine.body.payload).map((r) => r.ID)).toEqual([row.ID]);
    const forwarderAll = await t.call(calls.customs.loadDeclarations, {}, customer);
    expect(new Set(present(forwarderAll.body.payload).map((r) => r.CustomerID))).toEqual(new Set([ownTax, otherTax.toUpperCase()]));
    const client = await t.call(calls.customs.loadDeclarations, { CustomNo: '305000000001' }, otherCustomer);
    expect(present(client.body.payload).map((r) => r.ID)).toEqual([row.ID]);
    expect((await download(String(row.FileLists), otherCustomer)).statusCode).toBe(200);
    expect((await download(String(row.FileLists), customer)).statusCode).toBe(200);

    // A third customer, neither client nor registrant, sees nothing of it.
    await t.addUser({ UserID: 'khach3', UserGroupCode: 'CUSTOMER', password: 'Khach@Ba2026', terminals: ['NDP'] });
    await t.sql("UPDATE users SET customer_code = 'C0000003' WHERE user_id = 'khach3'");
    const third = await t.login('khach3', 'Khach@Ba2026');
    const seen = await t.call(calls.customs.loadDeclarations, { CustomerID: otherTax }, third);
    expect(present(seen.body.payload).some((r) => r.ID === row.ID)).toBe(false);
    expect((await download(String(row.FileLists), third)).statusCode).toBe(403);

    // Staff reviewing see the client's business code and the registrant (user and its customer code).
    const forStaff = await t.call(calls.customs.loadDeclarations, { CustomNo: '305000000001' }, staff);
    expect(present(forStaff.body.payload).find((r) => r.ID === row.ID)).toMatchObject({
      CustomerID: otherTax.toUpperCase(),
      CreatedBy: 'khachhang',
      RegistrantCode: 'C0000001',
    });
  });

  it('refuses registration to a customer account that belongs to no customer', async () => {
    await t.addUser({ UserID: 'khach4', UserGroupCode: 'CUSTOMER', password: 'Khach@Bon2026', terminals: ['NDP'] });
    const lone = await t.login('khach4', 'Khach@Bon2026');
    const res = await t.call(
      calls.customs.addDeclaration,
      { ImportExport: 'E', CustomerID: otherTax, CustomNo: '305000000002', CustomCode: '03EE', ContainerQty: 1 },
      lone,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(vietnamese);
  });

  it("does not serve another customer's file; serves it to staff of the terminal", async () => {
    const [row] = await t.sql<{ file_lists: string }>(
      "SELECT file_lists FROM customs_declarations WHERE customer_id = $1 AND terminal_code = 'NDP' LIMIT 1",
      [ownTax],
    );
    const url = String(row?.file_lists).split(';')[0] as string;
    const f = await folder(customer);
    const up = await upload(customer, { tmporder: f }, { name: 'rieng.pdf', data: PDF });
    expect((await download(String(up.body.url), otherCustomer)).statusCode).toBe(403);
    expect((await download(String(up.body.url), null)).statusCode).toBe(401);
    expect((await download(url, otherCustomer)).statusCode).toBe(403);
    // Staff of the terminal may open a registered declaration's file; so may the registrant's colleagues.
    const forStaff = await download(url, staff);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.headers['content-type']).toBe('application/pdf');
    expect(forStaff.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(url, customer)).statusCode).toBe(200);
    const haiquan = await t.login('haiquan');
    expect((await download(String(up.body.url), haiquan)).statusCode).toBe(403);
  });

  it('lets only staff approve or note, with the messages of spec 01 §8', async () => {
    const [row] = await t.sql<{ rowguid: string }>(
      "SELECT rowguid FROM customs_declarations WHERE status = 0 AND terminal_code = 'NDP' ORDER BY seq LIMIT 1",
    );
    const rowguid = String(row?.rowguid);
    expect((await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Status: 1 }, customer)).status).toBe(403);
    expect((await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Status: 1 }, await t.login('haiquan'))).status).toBe(403);
    const empty = await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Note: '   ' }, staff);
    expect(empty.body).toMatchObject({ success: false, message: 'Bạn chưa nhập lý do hủy.' });
    const noted = await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Note: 'Thiếu chứng từ' }, staff);
    expect(noted.body).toEqual({ success: true, message: 'Cập nhật ghi chú thành cong.' });
    const approved = await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Status: 1 }, staff);
    expect(approved.body).toEqual({ success: true, message: 'Cập nhật thành công.' });
    const [after] = await t.sql<{ status: number; note: string; action_by: string }>(
      'SELECT status, note, action_by FROM customs_declarations WHERE rowguid = $1',
      [rowguid],
    );
    expect(after).toMatchObject({ status: 1, note: 'Thiếu chứng từ', action_by: 'nhanvien' });
    const twice = await t.call(calls.customs.updateDeclaration, { Rowguid: rowguid, Note: 'Lần nữa' }, staff);
    expect(twice.status).toBe(400);
  });

  it("keeps staff to their terminals' declarations", async () => {
    const [row] = await t.sql<{ rowguid: string }>(
      "SELECT rowguid FROM customs_declarations WHERE terminal_code = 'GML' AND status = 0 LIMIT 1",
    );
    expect(row).toBeDefined();
    const res = await t.call(calls.customs.updateDeclaration, { Rowguid: String(row?.rowguid), Status: 1 }, staff);
    expect(res.status).toBe(404);
    const list = await t.call(calls.customs.loadDeclarations, { Status: [0, 1] }, staff);
    expect(present(list.body.payload).length).toBeGreaterThan(0);
    expect(present(list.body.payload).every((r) => ['NDP', 'NDV', 'NHP'].includes(r.TerminalCode))).toBe(true);
  });

  it('filters the staff search by status, import/export and creation time', async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const pending = await t.call(calls.customs.loadDeclarations, { Status: [0], ImportExport: 'E', FromDate: from, ToDate: to }, staff);
    expect(pending.status).toBe(200);
    expect(present(pending.body.payload).length).toBeGreaterThan(0);
    for (const r of present(pending.body.payload)) {
      expect(r.Status).toBe(0);
      expect(r.ImportExport).toBe('E');
      expect(r.CreatedTime >= from && r.CreatedTime <= to).toBe(true);
    }
    const backwards = await t.call(calls.customs.loadDeclarations, { FromDate: to, ToDate: from }, staff);
    expect(backwards.status).toBe(400);
  });
});

describe('GET /api/custom/file: the declaration decides, not who created the folder', () => {
  it('refuses staff a file of a declaration outside their terminals, even from a folder they created', async () => {
    // A folder whose creator is nhanvien (uploads are the customers'; the folder row says who made it).
    const f = await folder(customer);
    expect((await upload(customer, { tmporder: f }, { name: 'ngoai-cang.pdf', data: PDF })).status).toBe(200);
    await t.sql("update upload_folders set created_by = 'nhanvien' where file_patch = $1", [f]);
    const url = `/api/custom/file/${f}/ngoai-cang.pdf`;
    // Before registration the creator reads it.
    expect((await download(url, staff)).statusCode).toBe(200);
    // A declaration at GML (not one of nhanvien's NDP, NDV, NHP) now holds the folder.
    const [far] = await t.sql<{ rowguid: string }>(
      "select rowguid from customs_declarations where terminal_code = 'GML' order by seq limit 1",
    );
    if (!far) throw new Error('no demo declaration at GML');
    const [was] = await t.sql<{ file_patch: string }>('select file_patch from customs_declarations where rowguid = $1', [far.rowguid]);
    await t.sql('update customs_declarations set file_patch = $1 where rowguid = $2', [f, far.rowguid]);
    try {
      const res = await download(url, staff);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('%PDF');
      // The administrator (every terminal) still reads it.
      expect((await download(url, await t.login('admin'))).statusCode).toBe(200);
    } finally {
      await t.sql('update customs_declarations set file_patch = $1 where rowguid = $2', [was?.file_patch, far.rowguid]);
    }
  });
});
