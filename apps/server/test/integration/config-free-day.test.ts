import { calls, defaultFreeDayRows, freeDayMessages, reeferMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

// Spec 03 §2.4, §3, §4, §5, §7: 'Cấu hình thời gian lưu bãi' (/config/free_day) and 'Cấu hình điện lạnh' (/config/reffer_config).
let t: TestApp;
let admin: string;
let staff: string;
let customer: string;
let someCustomer: { CustomerCode: string; CustomerName: string };

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  staff = await t.login('nhanvien'); // NDP, NDV, NHP
  customer = await t.login('khachhang');
  // The demo's templates and reefer rules (db/seed/storage-rules.data.ts) aside: these tests start from none.
  await t.sql('delete from free_day_rules');
  await t.sql('delete from reefer_configs');
  [someCustomer] = (await t.sql<{ CustomerCode: string; CustomerName: string }>(
    'select customer_code as "CustomerCode", customer_name as "CustomerName" from customers order by customer_code limit 1',
  )) as [{ CustomerCode: string; CustomerName: string }];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const header = {
  TerminalCode: 'NDP',
  ApplyDate: '2026-11-01T03:00:00.000Z', // 10:00 on 01/11 in port time
  ExpireDate: '2026-12-31T05:00:00.000Z',
  OperationCode: '*',
  IsLocalForiend: '*',
  MoneyCredit: 'M',
  CustomerCode: '*',
  isRFCheck: 0,
} as const;
const withHeader = (rows: readonly object[], h: object = header) => rows.map((r) => ({ ...r, ...h }));

describe('free day (common/getFreeDayNameList, getFreeDayList, updateFreeDayList, deleteFreeDayList)', () => {
  it('refuses a save lacking a header field with the spec messages, in the spec order', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, freeDayMessages.applyDate],
      [{ ExpireDate: header.ExpireDate, OperationCode: '*', IsLocalForiend: '*', MoneyCredit: 'M' }, freeDayMessages.applyDate],
      [{ ApplyDate: header.ApplyDate, OperationCode: '*' }, freeDayMessages.expireDate],
      [{ ApplyDate: header.ApplyDate, ExpireDate: header.ExpireDate, OperationCode: '', MoneyCredit: 'M' }, freeDayMessages.operator],
      [{ ApplyDate: header.ApplyDate, ExpireDate: header.ExpireDate, OperationCode: '*' }, freeDayMessages.localForeign],
      [
        { ApplyDate: header.ApplyDate, ExpireDate: header.ExpireDate, OperationCode: '*', IsLocalForiend: 'L' },
        freeDayMessages.moneyCredit,
      ],
    ];
    for (const [h, message] of steps) {
      const res = await t.send(
        calls.storageRules.updateFreeDayList,
        { data: withHeader(defaultFreeDayRows, { TerminalCode: 'NDP', ...h }) },
        admin,
      );
      expect(res.status, JSON.stringify(h)).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    expect(await t.sql('select 1 from free_day_rules')).toHaveLength(0);
  });

  it('refuses bad values with Vietnamese messages (400), nothing saved', async () => {
    const good = { ClassCode: '1', FE: 'F', CargoTypeCode: '*', StartTime: 'DateIn', EndTime: 'DateOut', FreeDay: 3 };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ FreeDay: 366 }, /Số ngày miễn phí là số nguyên từ 0 đến 365/],
      [{ FreeDay: -1 }, /Số ngày miễn phí/],
      [{ FreeDay: 1.5 }, /Số ngày miễn phí/],
      [{ FreeDay: 'ba' }, /Số ngày miễn phí/],
      [{ FE: 'X' }, /F \(hàng\) hoặc E \(rỗng\)/],
      [{ StartTime: 'ETA' }, /Bắt đầu tính phải là ATB, DateIn hoặc DateOut/],
      [{ EndTime: null }, /Kết thúc tính phải là ATB, DateIn hoặc DateOut/],
      [{ IsLocalForiend: 'X' }, /Nội\/ngoại phải là/],
      [{ MoneyCredit: 'Z' }, /M \(thu ngay\) hoặc C \(thu sau\)/],
      [{ ApplyDate: 'ngày mai' }, /Ngày hiệu lực không hợp lệ/],
      [{ LaneCode: 'L1' }, /luôn là \*/],
      [{ isRFCheck: 2 }, /Hàng lạnh/],
      [{ ExpireDate: '2026-10-31T03:00:00.000Z' }, new RegExp(freeDayMessages.expireBeforeApply)],
    ];
    for (const [change, message] of bad) {
      const res = await t.send(calls.storageRules.updateFreeDayList, { data: [{ ...good, ...header, ...change }] }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(change)).toMatch(message);
      expect(res.body.message).toMatch(vietnamese);
    }
    expect(await t.sql('select 1 from free_day_rules')).toHaveLength(0);
  });

  let name = '';
  it('saves the rules with the header merged into each (whole days, lane and vessel *, the template name)', async () => {
    const rows = defaultFreeDayRows.map((r, i) => ({ ...r, FreeDay: i + 1, Name: 'bỏ qua' }));
    const res = await t.call(calls.storageRules.updateFreeDayList, { data: withHeader(rows) }, admin);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Lưu dữ liệu hoàn tất !');
    name = '20261101-20261231-*-*-M-*-0';
    const stored = await t.sql<Record<string, unknown>>(
      `select terminal_code, name, apply_date, expire_date, operation_code, is_local_foreign, money_credit, customer_code, is_rf_check,
              lane_code, vessel_code, class_code, fe, cargo_type_code, start_time, end_time, free_day
         from free_day_rules order by free_day`,
    );
    expect(stored).toHaveLength(5);
    for (const [i, r] of stored.entries()) {
      expect(r).toMatchObject({
        terminal_code: 'NDP',
        name,
        operation_code: '*',
        is_local_foreign: '*',
        money_credit: 'M',
        customer_code: '*',
        is_rf_check: 0,
        lane_code: '*',
        vessel_code: '*',
        class_code: defaultFreeDayRows[i]?.ClassCode,
        fe: defaultFreeDayRows[i]?.FE,
        cargo_type_code: '*',
        start_time: 'DateIn',
        end_time: 'DateOut',
        free_day: i + 1,
      });
      expect(new Date(r.apply_date as string).toISOString()).toBe('2026-10-31T17:00:00.000Z');
      expect(new Date(r.expire_date as string).toISOString()).toBe('2026-12-31T16:59:59.999Z');
    }
  });

  it('lists the template (name, header, customer name) and its rules by Name or by the header fields', async () => {
    const templates = await t.call(calls.storageRules.getFreeDayNameList, {}, admin);
    expect(templates.status).toBe(200);
    expect(templates.body.payload).toHaveLength(1);
    expect(templates.body.payload?.[0]).toMatchObject({
      Name: name,
      TerminalCode: 'NDP',
      OperationCode: '*',
      MoneyCredit: 'M',
      IsLocalForiend: '*',
      CustomerCode: '*',
      CustomerName: null,
      isRFCheck: 0,
      RuleCount: 5,
    });
    const byName = await t.send(calls.storageRules.getFreeDayList, { Name: name }, admin);
    // Listed by class, full/empty, cargo type.
    expect(byName.body.payload?.map((r) => `${r.ClassCode}${r.FE}:${r.FreeDay}`)).toEqual(['1E:2', '1F:1', '2E:3', '3E:5', '3F:4']);
    expect(byName.body.payload?.[0]).toMatchObject({ ClassCode: '1', FE: 'E', TerminalCode: 'NDP', Name: name });
    const byHeader = await t.send(
      calls.storageRules.getFreeDayList,
      { OperationCode: '*', MoneyCredit: 'M', IsLocalForiend: '*', CustomerCode: '*', ApplyDate: '2026-10-31T17:00:00.000Z' },
      admin,
    );
    expect(byHeader.body.payload).toHaveLength(5);
    expect((await t.send(calls.storageRules.getFreeDayList, { MoneyCredit: 'C' }, admin)).body.payload).toHaveLength(0);
  });

  it('a customer template carries the customer name; a header change moves every rule to the new header', async () => {
    const h = { ...header, CustomerCode: someCustomer.CustomerCode.toLowerCase(), OperationCode: 'msc', isRFCheck: true };
    const saved = await t.call(calls.storageRules.updateFreeDayList, { data: withHeader(defaultFreeDayRows.slice(0, 2), h) }, admin);
    expect(saved.status, saved.raw).toBe(200);
    const templates = (await t.call(calls.storageRules.getFreeDayNameList, { TerminalCode: 'NDP' }, admin)).body.payload ?? [];
    const mine = templates.find((x) => x.CustomerCode === someCustomer.CustomerCode);
    expect(mine).toMatchObject({ CustomerName: someCustomer.CustomerName, OperationCode: 'MSC', isRFCheck: 1, RuleCount: 2 });
    const rows = (await t.send(calls.storageRules.getFreeDayList, { Name: mine?.Name }, admin)).body.payload ?? [];
    // The screen marks every rule edited on a header change and sends them all with the new header.
    const moved = await t.call(calls.storageRules.updateFreeDayList, { data: withHeader(rows, { ...h, MoneyCredit: 'C' }) }, admin);
    expect(moved.status, moved.raw).toBe(200);
    const after = (await t.call(calls.storageRules.getFreeDayNameList, {}, admin)).body.payload ?? [];
    expect(after.find((x) => x.Name === mine?.Name)).toBeUndefined();
    expect(after.find((x) => x.CustomerCode === someCustomer.CustomerCode)).toMatchObject({ MoneyCredit: 'C', RuleCount: 2 });
  });

  it('refuses a second rule for the same class, full/empty and cargo type in a template', async () => {
    const res = await t.send(calls.storageRules.updateFreeDayList, { data: withHeader([defaultFreeDayRows[0] as object]) }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/đã tồn tại/);
  });

  it('keeps rules per terminal: staff see and save only their terminals', async () => {
    const gml = await t.call(
      calls.storageRules.updateFreeDayList,
      { data: withHeader(defaultFreeDayRows.slice(0, 1), { ...header, TerminalCode: 'GML' }) },
      admin,
    );
    expect(gml.status, gml.raw).toBe(200);
    const staffList = (await t.call(calls.storageRules.getFreeDayNameList, {}, staff)).body.payload ?? [];
    expect(staffList.every((x) => x.TerminalCode !== 'GML')).toBe(true);
    expect(staffList.length).toBeGreaterThan(0);
    const staffRows = (await t.send(calls.storageRules.getFreeDayList, {}, staff)).body.payload ?? [];
    expect(staffRows.every((r) => (r as Record<string, unknown>).TerminalCode !== 'GML')).toBe(true);
    const refused = await t.send(
      calls.storageRules.updateFreeDayList,
      { data: withHeader(defaultFreeDayRows.slice(1, 2), { ...header, TerminalCode: 'GML' }) },
      staff,
    );
    expect(refused.status).toBe(403);
  });

  it('refuses a role without the menu', async () => {
    for (const call of [calls.storageRules.getFreeDayNameList, calls.storageRules.getFreeDayList, calls.storageRules.getReeferConfigList]) {
      expect((await t.send(call, {}, customer)).status, call.path).toBe(403);
    }
    const res = await t.send(calls.storageRules.updateFreeDayList, { data: withHeader(defaultFreeDayRows) }, customer);
    expect(res.status).toBe(403);
  });

  it('answers the tariff engine from the stored rules (most specific valid rule)', async () => {
    const rules = t.portal.services.storageRules;
    const q = {
      terminal: 'NDP',
      operationCode: 'ONE',
      customerCode: 'KHAC',
      isLocalForeign: 'L' as const,
      moneyCredit: 'M' as const,
      isReefer: false,
      classCode: '3',
      fe: 'E' as const,
      cargoTypeCode: 'GP',
      at: new Date('2026-11-01T00:00:00+07:00'),
    };
    expect(await rules.freeDaysFor(q)).toMatchObject({ freeDays: 5, startTime: 'DateIn', endTime: 'DateOut' });
    expect(await rules.freeDaysFor({ ...q, at: new Date('2026-10-31T23:59:59+07:00') })).toBeNull();
    expect(await rules.freeDaysFor({ ...q, classCode: '2', fe: 'F' })).toBeNull();
  });

  it('deletes the selected rules', async () => {
    // The same header at GML is a template of its own: a template is terminal + Name.
    expect((await t.send(calls.storageRules.getFreeDayList, { Name: name }, admin)).body.payload).toHaveLength(6);
    const rows = (await t.send(calls.storageRules.getFreeDayList, { Name: name, TerminalCode: 'NDP' }, admin)).body.payload ?? [];
    const gone = rows.slice(0, 2).map((r) => ({ Rowguid: r.Rowguid as string }));
    const res = await t.call(calls.storageRules.deleteFreeDayList, { data: gone }, admin);
    expect(res.body).toEqual({ success: true, message: 'Xóa dữ liệu hoàn tất !' });
    expect((await t.send(calls.storageRules.getFreeDayList, { Name: name, TerminalCode: 'NDP' }, admin)).body.payload).toHaveLength(3);
  });
});

describe('reefer config (common/getReeferConfigList, updateReeferConfigList, deleteReeferConfigList)', () => {
  const row = {
    TerminalCode: 'NDP',
    OperationCode: '*',
    ApplyDate: '2026-11-01 00:00:00',
    ExpireDate: '2026-12-31 23:59:59',
    Rounding: 'R1',
    HourAdding: 2,
    MoneyCredit: 'M',
  };

  it('saves, lists, edits and deletes', async () => {
    const saved = await t.call(
      calls.storageRules.updateReeferConfigList,
      { data: [row, { ...row, OperationCode: 'msc', Rounding: 'R3', HourAdding: 0 }] },
      admin,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.message).toBe('Lưu dữ liệu hoàn tất !');
    const list = (await t.call(calls.storageRules.getReeferConfigList, {}, admin)).body.payload ?? [];
    expect(list.map((r) => [r.OperationCode, r.Rounding, r.HourAdding])).toEqual([
      ['*', 'R1', 2],
      ['MSC', 'R3', 0],
    ]);
    const [first] = list;
    const edited = await t.call(calls.storageRules.updateReeferConfigList, { data: [{ ...first, Rounding: 'R2' }] }, admin);
    expect(edited.status, edited.raw).toBe(200);
    const rules = t.portal.services.storageRules;
    const at = new Date('2026-11-05T08:00:00+07:00');
    expect((await rules.reeferRuleFor({ terminal: 'NDP', operationCode: 'ONE', moneyCredit: 'M', at }))?.Rounding).toBe('R2');
    expect((await rules.reeferRuleFor({ terminal: 'NDP', operationCode: 'MSC', moneyCredit: 'M', at }))?.Rounding).toBe('R3');
    expect(
      await rules.reeferHours({
        terminal: 'NDP',
        operationCode: 'ONE',
        moneyCredit: 'M',
        plugIn: at,
        plugOut: new Date(at.getTime() + 90 * 60_000),
      }),
    ).toMatchObject({
      hours: 4, // 1.5 h + 2 h added = 3.5 h, up to the next hour
    });
    const del = await t.call(calls.storageRules.deleteReeferConfigList, { data: [{ Rowguid: first?.Rowguid as string }] }, admin);
    expect(del.body.success).toBe(true);
    expect((await t.call(calls.storageRules.getReeferConfigList, {}, admin)).body.payload).toHaveLength(1);
  });

  it('refuses bad values with Vietnamese messages', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ Rounding: 'R9' }, /Làm tròn phải là R0/],
      [{ HourAdding: -1 }, /Số giờ cộng thêm là số nguyên/],
      [{ HourAdding: 1.5 }, /Số giờ cộng thêm là số nguyên/],
      [{ MoneyCredit: 'X' }, /thu ngay/],
      [{ ApplyDate: '' }, /Vui lòng nhập ngày hiệu lực/],
      [{ ExpireDate: '2026-10-01 00:00:00' }, new RegExp(reeferMessages.expireBeforeApply)],
      [{ TerminalCode: '' }, new RegExp(freeDayMessages.terminal)],
    ];
    for (const [change, message] of bad) {
      const res = await t.send(calls.storageRules.updateReeferConfigList, { data: [{ ...row, ...change }] }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toMatch(message);
    }
    const other = await t.send(calls.storageRules.updateReeferConfigList, { data: [{ ...row, TerminalCode: 'GML' }] }, staff);
    expect(other.status).toBe(403);
  });
});
