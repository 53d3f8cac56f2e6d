import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Reply {
  success: boolean;
  message?: string;
  payload?: Record<string, unknown>[];
}

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  customer = await t.login('khachhang');
});
afterAll(async () => {
  await t?.close();
});

const call = (path: string, body: unknown, token = admin) => t.call<Reply>(path, body, token);
const rowsOf = async (path: string) => (await call(path, {})).body.payload ?? [];

describe('editable catalogues: add, edit, delete in one mechanism', () => {
  const cases = [
    {
      name: 'payment types',
      get: 'common/getPaymentTypeList',
      update: 'common/updatePaymentTypeList',
      del: 'common/deletePaymentTypeList',
      row: { PaymentTypeCode: ' vi ', PaymentTypeName: 'Ví điện tử', MoneyCredit: 'M' },
      key: 'PaymentTypeCode',
      stored: 'VI',
      edit: { PaymentTypeName: 'Ví điện tử (MoMo, ZaloPay)' },
    },
    {
      name: 'methods',
      get: 'common/getMethodList',
      update: 'common/updateMethodList',
      del: 'common/deleteMethodList',
      row: { MethodCode: 'DRONE', MethodName: 'Giao nhận thử nghiệm', MappingMethod: '' },
      key: 'MethodCode',
      stored: 'DRONE',
      edit: { MappingMethod: 'DR' },
    },
    {
      name: 'commodities',
      get: 'common/getCommodityList',
      update: 'common/updateCommodityList',
      del: 'common/deleteCommodityList',
      row: { CommodityCode: 'CAOSU', CommodityName: 'Cao su tự nhiên' },
      key: 'CommodityCode',
      stored: 'CAOSU',
      edit: { CommodityName: 'Cao su thiên nhiên SVR' },
    },
    {
      name: 'job modes',
      get: 'common/getJobModeList',
      update: 'common/updateJobModeList',
      del: 'common/deleteJobModeList',
      row: { JobModeCode: 'KIEM', JobModeName: 'Kiểm hóa tại bãi', IsServiceYard: true, ExtraMode: 4 },
      key: 'JobModeCode',
      stored: 'KIEM',
      edit: { IsLoLo: 1 },
    },
    {
      name: 'shipping lines',
      get: 'common/getOperationList',
      update: 'common/updateOperationList',
      del: 'common/deleteOperationList',
      row: { OperationCode: 'ial', OperationName: 'Interasia Lines', IsLF: 'F', MoneyCredit: 'C', IsActive: true },
      key: 'OperationCode',
      stored: 'IAL',
      edit: { IsEDO: 1 },
    },
    {
      name: 'notifications',
      get: 'config/getNotifyList',
      update: 'config/updateNotifyList',
      del: 'config/deleteNotifyList',
      row: { MailTitle: 'Tạm ngừng cổng B', NotifyFrom: '2026-12-01T00:00:00.000Z', NotifyTo: '2026-12-02T00:00:00.000Z', IsActive: true },
      key: 'MailTitle',
      stored: 'Tạm ngừng cổng B',
      edit: { NotifyNote: 'Thông báo lại qua email' },
    },
    {
      name: 'exchange rates',
      get: 'common/getExchangeList',
      update: 'common/updateExchangeList',
      del: 'common/deleteExchangeList',
      row: { CurrencyCode: 'sgd', Rate: 19650.5, DateOfRate: '2026-11-20T00:00:00.000Z', IsActive: true },
      key: 'CurrencyCode',
      stored: 'SGD',
      edit: { Rate: 19700 },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: a new row is added, an edited row is saved by Rowguid, a deleted row is gone`, async () => {
      const added = await call(c.update, { data: [c.row] });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ success: true, message: 'Lưu dữ liệu hoàn tất !' });
      const row = (await rowsOf(c.get)).find((r) => r[c.key] === c.stored);
      expect(row?.Rowguid).toBeTruthy();

      // The same business key again (as a second new row) is refused with nothing written.
      const before = await rowsOf(c.get);
      const again = await call(c.update, { data: [{ ...c.edit, ...row, Rowguid: undefined }] });
      expect(again.status).toBe(400);
      expect(again.body.message).toMatch(/^Dòng 1: .+ đã tồn tại\. Chưa lưu dữ liệu nào\.$/);
      expect(await rowsOf(c.get)).toEqual(before);

      const edited = await call(c.update, { data: [{ ...row, ...c.edit }] });
      expect(edited.status).toBe(200);
      const after = (await rowsOf(c.get)).filter((r) => r[c.key] === c.stored);
      expect(after).toHaveLength(1);
      for (const [k, v] of Object.entries(c.edit)) expect(after[0]?.[k]).toEqual(typeof v === 'number' && k.startsWith('Is') ? true : v);

      const deleted = await call(c.del, { data: [{ Rowguid: row?.Rowguid }] });
      expect(deleted.body).toMatchObject({ success: true, message: 'Xóa dữ liệu hoàn tất !' });
      expect((await rowsOf(c.get)).find((r) => r[c.key] === c.stored)).toBeUndefined();
    });
  }
});

describe('business keys and references', () => {
  it('refuses two rows with the same OperationCode in one save, naming the rows and the field, and writes nothing', async () => {
    const before = await rowsOf('common/getOperationList');
    const msc = before.find((r) => r.OperationCode === 'MSC');
    const res = await call('common/updateOperationList', {
      data: [
        { ...msc, OperationName: 'Đổi tên không được lưu' },
        { OperationCode: 'NEW', OperationName: 'Hãng mới', MoneyCredit: 'M' },
        { OperationCode: 'new', OperationName: 'Hãng mới (trùng)', MoneyCredit: 'C' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dòng 3: Mã hãng tàu "NEW" bị trùng với dòng 2. Chưa lưu dữ liệu nào.');
    const after = await rowsOf('common/getOperationList');
    expect(after).toEqual(before);
  });

  it('refuses a new row whose OperationCode already exists', async () => {
    const res = await call('common/updateOperationList', { data: [{ OperationCode: 'MSC', OperationName: 'Trùng', MoneyCredit: 'M' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dòng 1: Mã hãng tàu "MSC" đã tồn tại. Chưa lưu dữ liệu nào.');
  });

  it('lets two rows swap codes in one save', async () => {
    const rows = await rowsOf('common/getCommodityList');
    const a = rows.find((r) => r.CommodityCode === 'GAO');
    const b = rows.find((r) => r.CommodityCode === 'CAPHE');
    const res = await call('common/updateCommodityList', {
      data: [
        { ...a, CommodityCode: 'TMP1' },
        { ...b, CommodityCode: 'TMP2' },
      ],
    });
    expect(res.status).toBe(200);
    const back = await call('common/updateCommodityList', { data: [a, b] });
    expect(back.status).toBe(200);
  });

  it('refuses to delete a job mode still used by orders, and deletes nothing', async () => {
    const trar = (await rowsOf('common/getJobModeList')).find((r) => r.JobModeCode === 'TRAR');
    const res = await call('common/deleteJobModeList', { data: [{ Rowguid: trar?.Rowguid }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Không thể xóa: Mã phương án "TRAR" đang được sử dụng trong lệnh. Chưa xóa dữ liệu nào.');
    expect((await rowsOf('common/getJobModeList')).some((r) => r.JobModeCode === 'TRAR')).toBe(true);
  });

  it('refuses an edit of a row that no longer exists', async () => {
    const res = await call('common/updateMethodList', {
      data: [{ Rowguid: '00000000-0000-4000-8000-000000000000', MethodCode: 'X', MethodName: 'Y' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Dòng 1: không tìm thấy dữ liệu cần sửa');
  });

  it('answers a missing required field with a Vietnamese message naming it', async () => {
    const res = await call('common/updateCommodityList', { data: [{ CommodityCode: 'A', CommodityName: '  ' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dữ liệu không hợp lệ ở trường "data.0.CommodityName": Vui lòng nhập tên mặt hàng');
  });
});

describe('read-only catalogues and the shared deletes', () => {
  it('lists container statuses, cargo types, classes, jobs and transits', async () => {
    for (const path of [
      'common/getContainerStatusList',
      'common/getCargoTypeList',
      'common/getClassList',
      'common/getJobList',
      'common/getTransitList',
    ]) {
      const res = await call(path, {});
      expect(res.status, path).toBe(200);
      expect((res.body.payload ?? []).length, path).toBeGreaterThan(2);
    }
  });

  it('standardtariff/delete finds the catalogue from the rows (a class) and common/delete deletes a job', async () => {
    const cls = (await rowsOf('common/getClassList')).find((r) => r.ClassCode === '5');
    expect((await call('standardtariff/delete', { data: [cls], action: 'delete' })).status).toBe(200);
    expect((await rowsOf('common/getClassList')).some((r) => r.ClassCode === '5')).toBe(false);
    const job = (await rowsOf('common/getJobList')).find((r) => r.JobCode === 'SHFT');
    expect((await call('common/delete', { data: [job], action: 'delete' })).status).toBe(200);
    expect((await rowsOf('common/getJobList')).some((r) => r.JobCode === 'SHFT')).toBe(false);
  });

  it('deleteTransitList deletes a transit, standardtariff/delete a container status and a cargo type nobody uses', async () => {
    const transit = (await rowsOf('common/getTransitList'))[0];
    expect((await call('common/deleteTransitList', { data: [{ Rowguid: transit?.Rowguid }] })).body).toMatchObject({
      success: true,
      message: 'Xóa dữ liệu hoàn tất !',
    });
    expect((await rowsOf('common/getTransitList')).some((r) => r.Rowguid === transit?.Rowguid)).toBe(false);
    const status = (await rowsOf('common/getContainerStatusList'))[0];
    expect((await call('standardtariff/delete', { data: [status], action: 'delete' })).status).toBe(200);
    expect((await rowsOf('common/getContainerStatusList')).some((r) => r.Rowguid === status?.Rowguid)).toBe(false);
    const used = new Set((await t.sql<{ c: string }>('SELECT DISTINCT cargo_type_code AS c FROM order_containers')).map((r) => r.c));
    const unused = (await rowsOf('common/getCargoTypeList')).find((r) => !used.has(String(r.CargoTypeCode)));
    expect(unused).toBeTruthy();
    expect((await call('standardtariff/delete', { data: [unused], action: 'delete' })).status).toBe(200);
    expect((await rowsOf('common/getCargoTypeList')).some((r) => r.Rowguid === unused?.Rowguid)).toBe(false);
  });

  it('refuses to delete a shipping line still used by orders, and deletes nothing', async () => {
    const before = await rowsOf('common/getOperationList');
    const msc = before.find((r) => r.OperationCode === 'MSC');
    const res = await call('common/deleteOperationList', { data: [{ Rowguid: msc?.Rowguid }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Không thể xóa: Mã hãng tàu "MSC" đang được sử dụng trong lệnh. Chưa xóa dữ liệu nào.');
    expect(await rowsOf('common/getOperationList')).toEqual(before);
  });

  it('refuses a cargo type still used by containers through standardtariff/delete', async () => {
    const rf = (await rowsOf('common/getCargoTypeList')).find((r) => r.CargoTypeCode === 'RF');
    const res = await call('standardtariff/delete', { data: [rf], action: 'delete' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('đang được sử dụng trong container của lệnh');
  });
});

describe('permissions', () => {
  it('a customer without the catalogue grants gets 403 on every catalogue call', async () => {
    for (const path of ['common/getExchangeList', 'common/getCustomerList', 'common/updateJobModeList', 'standardtariff/delete']) {
      const res = await call(path, {}, customer);
      expect(res.status, path).toBe(403);
    }
  });

  it('a customer reads the shipping lines and cargo types its order screens pick from, and changes none', async () => {
    for (const path of ['common/getOperationList', 'common/getCargoTypeList'])
      expect((await call(path, {}, customer)).status, path).toBe(200);
    expect((await call('common/updateOperationList', { data: [] }, customer)).status).toBe(403);
  });
});

describe('customers: the filter panel', () => {
  it('answers every customer when no filter is sent (All omitted) and narrows by each filter', async () => {
    const all = await rowsOf('common/getCustomerList');
    expect(all.length).toBe(60);
    const byName = (await call('common/getCustomerList', { CustomerName: 'hải minh' })).body.payload ?? [];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => String(r.CustomerName).toLowerCase().includes('hải minh'))).toBe(true);
    expect(byName.map((r) => r.CustomerCode)).toContain('C0000001');
    const payLater = (await call('common/getCustomerList', { MoneyCredit: 'C' })).body.payload ?? [];
    expect(payLater.length).toBeGreaterThan(0);
    expect(payLater.every((r) => r.MoneyCredit === 'C')).toBe(true);
    const tax = String(all[3]?.TaxCode);
    expect(((await call('common/getCustomerList', { TaxCode: tax.slice(2, 8) })).body.payload ?? []).some((r) => r.TaxCode === tax)).toBe(
      true,
    );
    expect((await call('common/getCustomerList', { IsActive: 0 })).body.payload).toEqual([]);
    expect((await call('common/getCustomerList', { CustomerName: '%' })).body.payload).toEqual([]);
  });

  it('lists customer types and levels', async () => {
    const types = (await call('common/getCustomerTypeList', {})).body.payload ?? [];
    expect(types.map((t) => t.CustomerTypeCode)).toContain('FWD');
    const levels = (await call('common/getCustomerLevelList', {})).body.payload ?? [];
    expect(levels.length).toBeGreaterThan(0);
  });

  it('deletes a customer nobody uses through standardtariff/delete', async () => {
    await t.sql(
      "INSERT INTO customers (customer_code, tax_code, customer_name, money_credit) VALUES ('KHTAM', '0312345678', 'Khách lẻ tạm', 'M')",
    );
    const c = (await call('common/getCustomerList', { CustomerCode: 'KHTAM' })).body.payload?.[0];
    expect(c?.Rowguid).toBeTruthy();
    expect((await call('standardtariff/delete', { data: [c], action: 'delete' })).body).toMatchObject({ success: true });
    expect((await call('common/getCustomerList', { CustomerCode: 'KHTAM' })).body.payload).toEqual([]);
  });

  it('refuses to delete a customer that has orders, through standardtariff/delete', async () => {
    const c = (await call('common/getCustomerList', { CustomerCode: 'C0000001' })).body.payload?.[0];
    const res = await call('standardtariff/delete', { data: [c], action: 'delete' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Không thể xóa: Mã khách hàng "C0000001" đang được sử dụng trong lệnh. Chưa xóa dữ liệu nào.');
  });
});

describe('commodity screen: commodities linked to stuffing and unstuffing job modes', () => {
  it("lists 'Đóng' job modes with IsCFSStuff=1 and 'Rút' ones with IsCFSUnstuff=1", async () => {
    const stuff = (await call('common/getJobModeStuffUnstuffList', { IsCFSStuff: 1 })).body.payload ?? [];
    expect(stuff.map((r) => r.JobModeCode)).toEqual(['DONG']);
    const unstuff = (await call('common/getJobModeStuffUnstuffList', { IsCFSUnstuff: 1 })).body.payload ?? [];
    expect(unstuff.map((r) => r.JobModeCode)).toEqual(['RUT']);
  });

  it('saves the code → commodity codes map and reads it back as ConfigList', async () => {
    const res = await call('common/updateConfigStuffUnstuffList', { DONG: ['DETMAY', 'dogo'], RUT: ['THUYSAN'] });
    expect(res.body).toMatchObject({ success: true });
    const stuff = (await call('common/getJobModeStuffUnstuffList', { IsCFSStuff: 1 })).body.payload ?? [];
    expect(stuff[0]?.ConfigList).toEqual(['DETMAY', 'DOGO']);
    await call('common/updateConfigStuffUnstuffList', { DONG: ['DOGO'] });
    const again = (await call('common/getJobModeStuffUnstuffList', { IsCFSStuff: 1 })).body.payload ?? [];
    expect(again[0]?.ConfigList).toEqual(['DOGO']);
    const unstuff = (await call('common/getJobModeStuffUnstuffList', { IsCFSUnstuff: 1 })).body.payload ?? [];
    expect(unstuff[0]?.ConfigList).toEqual(['THUYSAN']);
  });

  it('refuses an unknown commodity or a job mode that is not stuffing/unstuffing, changing nothing', async () => {
    const bad = await call('common/updateConfigStuffUnstuffList', { DONG: ['KHONGCO'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Mặt hàng "KHONGCO" không có trong danh mục.');
    const lolo = await call('common/updateConfigStuffUnstuffList', { TRAR: ['DOGO'] });
    expect(lolo.status).toBe(400);
    expect(lolo.body.message).toBe('Phương án "TRAR" không phải phương án đóng/rút hàng.');
    const stuff = (await call('common/getJobModeStuffUnstuffList', { IsCFSStuff: 1 })).body.payload ?? [];
    expect(stuff[0]?.ConfigList).toEqual(['DOGO']);
  });
});

describe('vessel schedule lookup', () => {
  it("lists only the caller's terminals' vessel calls, by default a week back to a month ahead", async () => {
    const staff = await t.login('nhanvien');
    const rows = (await call('common/getVesselScheduleList', {}, staff)).body.payload ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => ['NDP', 'NDV', 'NHP'].includes(String(r.TerminalCode)))).toBe(true);
    const gml = (await call('common/getVesselScheduleList', { TerminalCode: 'GML' }, staff)).body.payload ?? [];
    expect(gml).toEqual([]);
  });

  it('filters by vessel name and date range, and rejects a bad date with a Vietnamese message', async () => {
    const all = (await call('common/getVesselScheduleList', { FromDate: '2020-01-01', ToDate: '2030-01-01' })).body.payload ?? [];
    const name = String(all[0]?.VesselName);
    const some =
      (await call('common/getVesselScheduleList', { VesselName: name.toLowerCase(), FromDate: '2020-01-01', ToDate: '2030-01-01' })).body
        .payload ?? [];
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((r) => r.VesselName === name)).toBe(true);
    const bad = await call('common/getVesselScheduleList', { FromDate: 'hôm qua' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dữ liệu không hợp lệ ở trường "FromDate": Ngày không hợp lệ');
  });
});

describe('notification configuration and active notifications', () => {
  const day = 86_400_000;
  it('sanitises rich text before storing it: no scripts, handlers or javascript: links; raster images kept', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const html =
      `<p onclick="alert(1)">Cảng <strong>thông báo</strong></p><script>alert('x')</script>` +
      `<a href="javascript:alert(2)">bấm</a><img src="x" onerror="alert(3)"><img src="${png}" alt="logo">` +
      `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`;
    const res = await call('config/updateNotifyList', {
      data: [
        {
          MailTitle: 'Thông báo thử XSS',
          NotifyContent: html,
          NotifyFrom: new Date(Date.now() - day).toISOString(),
          NotifyTo: new Date(Date.now() + day).toISOString(),
          IsActive: true,
        },
      ],
    });
    expect(res.status).toBe(200);
    const stored = (await rowsOf('config/getNotifyList')).find((r) => r.MailTitle === 'Thông báo thử XSS');
    const content = String(stored?.NotifyContent);
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|svg/i);
    expect(content).toContain('<strong>thông báo</strong>');
    expect(content).toContain(`src="${png}"`);
  });

  it('shows signed-in users only active notifications whose window contains now', async () => {
    await call('config/updateNotifyList', {
      data: [
        {
          MailTitle: 'Đã hết hạn',
          NotifyFrom: new Date(Date.now() - 3 * day).toISOString(),
          NotifyTo: new Date(Date.now() - day).toISOString(),
          IsActive: true,
        },
        {
          MailTitle: 'Chưa bật',
          NotifyFrom: new Date(Date.now() - day).toISOString(),
          NotifyTo: new Date(Date.now() + day).toISOString(),
          IsActive: false,
        },
      ],
    });
    const res = await call('common/getActiveNotifyList', {}, customer);
    expect(res.status).toBe(200);
    const titles = (res.body.payload ?? []).map((r) => r.MailTitle);
    expect(titles).toContain('Lịch bảo trì hệ thống SmartPort');
    expect(titles).toContain('Thông báo thử XSS');
    expect(titles).not.toContain('Đã hết hạn');
    expect(titles).not.toContain('Chưa bật');
    expect((await call('config/getNotifyList', {}, customer)).status).toBe(403);
  });

  it('refuses an end time before the start time', async () => {
    const res = await call('config/updateNotifyList', {
      data: [{ MailTitle: 'Sai giờ', NotifyFrom: new Date().toISOString(), NotifyTo: new Date(Date.now() - day).toISOString() }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Dữ liệu không hợp lệ ở trường "data.0.NotifyTo": Thời gian kết thúc phải sau thời gian hiển thị');
  });
});
