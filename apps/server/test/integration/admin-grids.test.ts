import { adminMessages, calls, holidayMessages, imoMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Spec 03 §2.5, §3 Administration, §5, §7, §8: the administration grids, the holiday screen and what they do.
let t: TestApp;
let admin: string;
let ndpAdmin: string;
let customer: string;
let customs: string;
let shippingLine: string;

const sysMenus = [
  'SYS_RELEASE_POINT',
  'SYS_MB_CHARGES',
  'SYS_MB_FEE',
  'SYS_IMO_ALERT',
  'SYS_HOLIDAY',
  'SYS_TARIFF_MAPPING',
  'SYS_DATA_SHARE',
];

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  customer = await t.login('khachhang');
  customs = await t.login('haiquan');
  shippingLine = await t.login('hangtau');
  // An administrator of one terminal only: the terminal scope of the per-terminal grids.
  await t.addUser({ UserID: 'qtndp', UserGroupCode: 'SYS_NDP', password: 'Thu@2026x', terminals: ['NDP'], grants: sysMenus });
  ndpAdmin = await t.login('qtndp', 'Thu@2026x');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const saved = { success: true, message: 'Lưu dữ liệu hoàn tất !' };
const deleted = { success: true, message: 'Xóa dữ liệu hoàn tất !' };

describe('release points by block (config/releasePointByBlock/get, edit, delete)', () => {
  it('lists the seeded points, scoped to the caller’s terminals', async () => {
    const all = await t.call(calls.admin.getReleasePoints, {}, admin);
    expect(all.body.payload?.map((r) => `${r.TerminalCode}/${r.DIEMPH}`)).toEqual(
      expect.arrayContaining(['NDP/TP01', 'NDP/TP02', 'NDV/TP01']),
    );
    const own = await t.call(calls.admin.getReleasePoints, {}, ndpAdmin);
    expect(new Set(own.body.payload?.map((r) => r.TerminalCode))).toEqual(new Set(['NDP']));
  });

  it('saves ENABLE sent as an integer, tidies the block prefixes, refuses a part that is not 3 characters', async () => {
    const row = { TerminalCode: 'NDP', DIEMPH: 'TP09', NAME: 'Cổng 9', BLOCK_PREFIX: 'd01, d02', MADVI: 'NDP01', SERVER: 's', ENABLE: 0 };
    const res = await t.call(calls.admin.editReleasePoints, { data: [row] }, admin);
    expect(res.body).toMatchObject(saved);
    const got = present((await t.call(calls.admin.getReleasePoints, {}, admin)).body.payload?.find((r) => r.DIEMPH === 'TP09'));
    expect(got).toMatchObject({ BLOCK_PREFIX: 'D01,D02', ENABLE: false });
    const on = await t.call(calls.admin.editReleasePoints, { data: [{ ...got, ENABLE: 1 }] }, admin);
    expect(on.body.payload?.[0]?.ENABLE).toBe(true);

    const bad = await t.send(calls.admin.editReleasePoints, { data: [{ ...row, DIEMPH: 'TP10', BLOCK_PREFIX: 'D01,D2' }] }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(adminMessages.blockPart('D2'));

    const other = await t.send(calls.admin.editReleasePoints, { data: [{ ...row, TerminalCode: 'GML', DIEMPH: 'TP11' }] }, ndpAdmin);
    expect(other.status).toBe(403);

    const del = await t.call(calls.admin.deleteReleasePoints, { data: [{ Rowguid: present(got.Rowguid) }] }, admin);
    expect(del.body).toEqual(deleted);
  });

  it("answers a delete with nothing selected 'Chưa chọn điểm thu phí!'", async () => {
    const res = await t.send(calls.admin.deleteReleasePoints, { data: [] }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Chưa chọn điểm thu phí!');
  });
});

describe('MB-NAPAS fee tables (config/*MBChargesList, *MBFeeScheduleList)', () => {
  it('lists, saves and deletes the service charge tiers (rows in data)', async () => {
    const list = await t.call(calls.admin.getMBChargesList, {}, admin);
    expect(list.body.data?.map((r) => [r.TotalSum, r.Charge])).toEqual(
      expect.arrayContaining([
        [0, 0.11],
        [10, 0.09],
        [50, 0.07],
      ]),
    );
    const res = await t.call(calls.admin.updateMBChargesList, { data: [{ TotalSum: 100, Charge: 0.055 }] }, admin);
    expect(res.body).toMatchObject(saved);
    const row = present((await t.call(calls.admin.getMBChargesList, {}, admin)).body.data?.find((r) => r.TotalSum === 100));
    expect(row.Charge).toBe(0.055);
    expect(await t.portal.services.adminRules.mbCharge(120_000_000_000, 10_000_000)).toEqual({
      percent: 0.055,
      charge: 5500,
      processingFee: 1100,
      total: 6600,
    });
    for (const bad of [
      { TotalSum: 1, Charge: 101 },
      { TotalSum: -1, Charge: 1 },
      { TotalSum: 0, Charge: 0.2 },
    ]) {
      const r = await t.send(calls.admin.updateMBChargesList, { data: [bad] }, admin);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.call(calls.admin.deleteMBChargesList, { data: [{ Rowguid: present(row.Rowguid) }] }, admin)).body).toEqual(deleted);
  });

  it('keeps the processing fee an integer VND per transaction', async () => {
    const list = await t.call(calls.admin.getMBFeeScheduleList, {}, admin);
    const fee = present(list.body.payload?.[0]);
    expect(fee.FeeSchedule).toBe(1100);
    expect((await t.send(calls.admin.updateMBFeeScheduleList, { data: [{ ...fee, FeeSchedule: 1100.5 }] }, admin)).status).toBe(400);
    expect((await t.call(calls.admin.updateMBFeeScheduleList, { data: [{ ...fee, FeeSchedule: 1650 }] }, admin)).body).toMatchObject(saved);
    expect((await t.call(calls.admin.getMBFeeScheduleList, {}, admin)).body.payload?.map((r) => r.FeeSchedule)).toEqual([1650]);
    await t.call(calls.admin.updateMBFeeScheduleList, { data: [{ ...fee, FeeSchedule: 1100 }] }, admin);
  });
});

describe('dangerous goods allowed to be dropped off (config/getIMOAlert, update, delete, checkIMOAlert)', () => {
  it('round-trips a row, refuses a wrong UN number or class, scopes by terminal', async () => {
    const res = await t.call(
      calls.admin.updateIMOAlert,
      { data: [{ TerminalCode: 'NDP', Class: '6.1', Unno: '1547', AlertMsg: 'Anilin' }] },
      ndpAdmin,
    );
    expect(res.body).toMatchObject(saved);
    const row = present((await t.call(calls.admin.getIMOAlert, {}, ndpAdmin)).body.payload?.find((r) => r.Unno === '1547'));
    expect(row).toMatchObject({ TerminalCode: 'NDP', Class: '6.1', AlertMsg: 'Anilin' });
    const unno = await t.send(calls.admin.updateIMOAlert, { data: [{ TerminalCode: 'NDP', Class: '3', Unno: '120' }] }, admin);
    expect(unno.body.message).toContain(imoMessages.unnoFormat);
    const cls = await t.send(calls.admin.updateIMOAlert, { data: [{ TerminalCode: 'NDP', Class: '10', Unno: '1203' }] }, admin);
    expect(cls.body.message).toContain(imoMessages.classFormat);
    const ndv = (await t.call(calls.admin.getIMOAlert, {}, ndpAdmin)).body.payload ?? [];
    expect(ndv.every((r) => r.TerminalCode === 'NDP')).toBe(true);
    expect((await t.call(calls.admin.deleteIMOAlert, { data: [{ Rowguid: present(row.Rowguid) }] }, ndpAdmin)).body).toEqual(deleted);
  });

  it('imoAlertFor gives the messages of the matching entries', async () => {
    expect(await t.portal.services.adminRules.imoAlertFor({ terminal: 'ndp', classCode: '3', unno: '1203' })).toEqual([
      'Xăng (UN 1203): hạ khu hàng nguy hiểm, cách ly nguồn nhiệt',
    ]);
    expect(await t.portal.services.adminRules.imoAlertFor({ terminal: 'NDV', classCode: '3', unno: '1203' })).toEqual([]);
  });

  it('answers the order screens: allowed with the alert, not allowed with a message; only for order-creating roles', async () => {
    const ok = await t.call(calls.admin.checkIMOAlert, { Class: '3', Unno: '1203' }, customer);
    expect(ok.body).toEqual({ success: true, allowed: true, AlertMsg: ['Xăng (UN 1203): hạ khu hàng nguy hiểm, cách ly nguồn nhiệt'] });
    const no = await t.call(calls.admin.checkIMOAlert, { Class: '3', Unno: '1993' }, customer);
    expect(no.body).toEqual({ success: true, allowed: false, AlertMsg: [], message: imoMessages.notAllowed('3', '1993', 'NDP') });
    // A user of two terminals holding a drop-off entry, none named: which one?
    await t.addUser({
      UserID: 'kt_imo2',
      UserGroupCode: 'KT_IMO2',
      password: 'Kiem@Tra1',
      terminals: ['NDP', 'GML'],
      grants: ['HOME', 'TASK_PRE_ADVICE'],
    });
    const twoTerminals = await t.login('kt_imo2', 'Kiem@Tra1');
    const which = await t.send(calls.admin.checkIMOAlert, { Class: '3', Unno: '1203' }, twoTerminals);
    expect(which.status).toBe(400);
    expect(which.body.message).toBe(imoMessages.chooseTerminal);
    expect((await t.call(calls.admin.checkIMOAlert, { TerminalCode: 'ndp', Class: '3', Unno: '1203' }, twoTerminals)).body.allowed).toBe(
      true,
    );
    expect((await t.send(calls.admin.checkIMOAlert, { TerminalCode: 'NHI', Class: '3', Unno: '1203' }, twoTerminals)).status).toBe(403);
    // A shipping line orders nothing: no drop-off entry, no answer.
    expect((await t.send(calls.admin.checkIMOAlert, { TerminalCode: 'NDP', Class: '3', Unno: '1203' }, shippingLine)).status).toBe(403);
    expect((await t.send(calls.admin.checkIMOAlert, { Class: '3', Unno: '12' }, customer)).status).toBe(400);
    expect((await t.send(calls.admin.checkIMOAlert, { Class: '3', Unno: '1203' }, customs)).status).toBe(403);
  });
});

describe('tariff mapping (config/getMappingTrfList, update, delete) and tosTariffCode', () => {
  it('round-trips and maps a portal code to the TOS code', async () => {
    // A code a tariff uses (mappings must name one), its demo mapping removed first.
    const seeded = (await t.call(calls.admin.getMappingTrfList, {}, admin)).body.payload?.find((r) => r.TariffCode === 'DL-20');
    if (seeded) await t.call(calls.admin.deleteMappingTrfList, { data: [{ Rowguid: present(seeded.Rowguid) }] }, admin);
    const res = await t.call(
      calls.admin.updateMappingTrfList,
      { data: [{ TariffCode: 'dl-20', TosTariffCode: 'reef-20', TosDescription: 'Điện lạnh' }] },
      admin,
    );
    expect(res.body).toMatchObject(saved);
    expect(await t.portal.services.adminRules.tosTariffCode('DL-20')).toBe('REEF-20');
    expect(await t.portal.services.adminRules.tosTariffCode('NH20F')).toBe('LOLO-20-F');
    expect(await t.portal.services.adminRules.tosTariffCode('KHONG')).toBeNull();
    const dup = await t.send(calls.admin.updateMappingTrfList, { data: [{ TariffCode: 'DL-20', TosTariffCode: 'X' }] }, admin);
    expect(dup.status).toBe(400);
    const row = present((await t.call(calls.admin.getMappingTrfList, {}, admin)).body.payload?.find((r) => r.TariffCode === 'DL-20'));
    expect((await t.call(calls.admin.deleteMappingTrfList, { data: [{ Rowguid: present(row.Rowguid) }] }, admin)).body).toEqual(deleted);
    expect(await t.portal.services.adminRules.tosTariffCode('DL-20')).toBeNull();
  });
});

describe('EDO data sharing (config/getDataShareList, update, delete) and terminalsSharingEdoWith', () => {
  it('refuses targets that are the source, unknown or repeated', async () => {
    const self = await t.send(calls.admin.updateDataShareList, { data: [{ TerminalCode: 'NHP', TerminalTarget: 'NDP,NHP' }] }, admin);
    expect(self.body.message).toContain(adminMessages.shareSelf);
    const unknown = await t.send(calls.admin.updateDataShareList, { data: [{ TerminalCode: 'NHP', TerminalTarget: 'NDP,XYZ' }] }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`Dòng 1: ${adminMessages.shareUnknown('XYZ')}`);
    const twice = await t.send(calls.admin.updateDataShareList, { data: [{ TerminalCode: 'NHP', TerminalTarget: 'NDP,ndp' }] }, admin);
    expect(twice.body.message).toContain(adminMessages.shareTwice('NDP'));
    const scoped = await t.send(calls.admin.updateDataShareList, { data: [{ TerminalCode: 'NHP', TerminalTarget: 'NDP' }] }, ndpAdmin);
    expect(scoped.status).toBe(403);
  });

  it('decides which terminals see another’s delivery orders', async () => {
    expect(await t.portal.services.adminRules.terminalsSharingEdoWith('NDV')).toEqual(['NDP']);
    expect(await t.portal.services.adminRules.terminalsSharingEdoWith('NDP')).toEqual([]);
    const res = await t.call(
      calls.admin.updateDataShareList,
      { data: [{ TerminalCode: 'NHP', TerminalTarget: 'ndv', IsActive: true }] },
      admin,
    );
    expect(res.body).toMatchObject(saved);
    expect(res.body.payload?.[0]).toMatchObject({ TerminalTarget: 'NDV', DataTable: 'DELIVERY_ORDER' });
    expect(await t.portal.services.adminRules.terminalsSharingEdoWith('ndv')).toEqual(['NDP', 'NHP']);
    const row = present((await t.call(calls.admin.getDataShareList, {}, admin)).body.payload?.find((r) => r.TerminalCode === 'NHP'));
    await t.call(calls.admin.updateDataShareList, { data: [{ ...row, IsActive: false }] }, admin);
    expect(await t.portal.services.adminRules.terminalsSharingEdoWith('NDV')).toEqual(['NDP']);
    expect((await t.call(calls.admin.deleteDataShareList, { data: [{ Rowguid: present(row.Rowguid) }] }, admin)).body).toEqual(deleted);
  });

  it('saves a new row whose table cell is blank (the screen’s new row, an Excel row without it) as the delivery-order table, and refuses another table', async () => {
    const res = await t.call(
      calls.admin.updateDataShareList,
      { data: [{ TerminalCode: 'PIP', TerminalTarget: 'NDP', IsActive: true, DataTable: '' }] },
      admin,
    );
    expect(res.body).toMatchObject(saved);
    expect(res.body.payload?.[0]).toMatchObject({ TerminalCode: 'PIP', DataTable: 'DELIVERY_ORDER' });
    expect(await t.portal.services.adminRules.terminalsSharingEdoWith('NDP')).toEqual(['PIP']);
    const other = await t.send(
      calls.admin.updateDataShareList,
      { data: [{ TerminalCode: 'NHI', TerminalTarget: 'NDP', IsActive: true, DataTable: 'BOOKING' }] },
      admin,
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('Bảng dữ liệu chỉ có thể là DELIVERY_ORDER');
    const row = present((await t.call(calls.admin.getDataShareList, {}, admin)).body.payload?.find((r) => r.TerminalCode === 'PIP'));
    await t.call(calls.admin.deleteDataShareList, { data: [{ Rowguid: present(row.Rowguid) }] }, admin);
  });
});

describe('holiday exemptions (common/getHolidayNameList, getHolidayList, updateHolidayList, deleteHolidayList)', () => {
  const head = { TerminalCode: 'NDP', ConfigName: 'Quốc khánh 2027', OperationCode: '*', CustomerCode: 'C0000001' };
  const period = (Descriptions: string, StartTime: string, EndTime: string) => ({ ...head, Descriptions, StartTime, EndTime });

  it('lists the templates with their customer names and the periods of one', async () => {
    const names = await t.call(calls.admin.getHolidayNameList, {}, admin);
    expect(names.body.payload).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          HCODE: 'NDP/Tết Nguyên đán 2027',
          ConfigName: 'Tết Nguyên đán 2027',
          OperationCode: '*',
          CustomerCode: '*',
        }),
      ]),
    );
    const rows = await t.call(calls.admin.getHolidayList, { Name: 'Tết Nguyên đán 2027' }, admin);
    expect(rows.body.payload?.map((r) => r.Descriptions)).toEqual(['Nghỉ Tết Nguyên đán', 'Giỗ Tổ Hùng Vương']);
  });

  it('saves periods as whole days with the header; refuses >150 characters, end before start, overlaps', async () => {
    const res = await t.call(
      calls.admin.updateHolidayList,
      { data: [period('Quốc khánh', '2027-09-01T10:00:00+07:00', '2027-09-02T09:00:00+07:00')] },
      admin,
    );
    expect(res.body).toMatchObject(saved);
    const [row] = (await t.call(calls.admin.getHolidayList, { Name: head.ConfigName }, admin)).body.payload ?? [];
    expect(row).toMatchObject({ ...head, Descriptions: 'Quốc khánh' });
    expect(new Date(String(row?.StartTime)).toISOString()).toBe('2027-08-31T17:00:00.000Z');
    expect(new Date(String(row?.EndTime)).toISOString()).toBe('2027-09-02T16:59:59.000Z');

    const long = await t.send(
      calls.admin.updateHolidayList,
      { data: [{ ...period('x', '2027-10-01', '2027-10-01'), ConfigName: 'a'.repeat(151) }] },
      admin,
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(holidayMessages.nameTooLong);
    const back = await t.send(calls.admin.updateHolidayList, { data: [period('x', '2027-10-02', '2027-10-01')] }, admin);
    expect(back.body.message).toContain(holidayMessages.endBeforeStart);
    const overlap = await t.send(calls.admin.updateHolidayList, { data: [period('Bù', '2027-09-02', '2027-09-03')] }, admin);
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(holidayMessages.overlap('Quốc khánh (2027-09-01 – 2027-09-02)', 'Bù (2027-09-02 – 2027-09-03)'));
    const inBatch = await t.send(
      calls.admin.updateHolidayList,
      { data: [period('A', '2027-11-01', '2027-11-05'), period('B', '2027-11-05', '2027-11-06')] },
      admin,
    );
    expect(inBatch.status).toBe(400);
    // Another operator under the same content: refused (one operator/customer per configuration).
    const other = await t.send(
      calls.admin.updateHolidayList,
      { data: [{ ...period('C', '2027-12-01', '2027-12-01'), OperationCode: 'MSC' }] },
      admin,
    );
    expect(other.body.message).toBe(holidayMessages.nameTaken(head.ConfigName));
    // Moving the stored period is no overlap with itself.
    const moved = await t.call(
      calls.admin.updateHolidayList,
      { data: [{ ...row, ...head, StartTime: '2027-09-02', EndTime: '2027-09-03' }] },
      admin,
    );
    expect(moved.body).toMatchObject(saved);
    const scoped = await t.send(
      calls.admin.updateHolidayList,
      { data: [{ ...period('G', '2027-09-01', '2027-09-01'), TerminalCode: 'GML' }] },
      ndpAdmin,
    );
    expect(scoped.status).toBe(403);
  });

  it("holidayPeriodsFor: none while the terminal's switch is off; on, every list for all or for the operator/customer", async () => {
    const stay = { terminal: 'NDP', from: new Date('2027-01-01T00:00:00+07:00'), to: new Date('2027-12-31T23:59:59+07:00') };
    const names = async (operationCode: string, customerCode: string) =>
      (await t.portal.services.holidays.holidayPeriodsFor({ ...stay, operationCode, customerCode })).map((p) => p.ConfigName);
    const holidaySwitch = (on: boolean) =>
      t.sql(
        `insert into system_settings (key, value) values ('form:terminal_config:NDP', $1::jsonb)
         on conflict (key) do update set value = system_settings.value || $1::jsonb`,
        [JSON.stringify({ HolydaySelect: on ? 1 : 0 })],
      );
    await holidaySwitch(false);
    expect(await names('MSC', 'C0000001')).toEqual([]);
    await holidaySwitch(true);
    const tet = ['Tết Nguyên đán 2027', 'Tết Nguyên đán 2027'];
    expect(await names('MAE', 'C0000002')).toEqual(tet);
    // An operator's or customer's own list adds to the national holidays entered for all.
    expect(await names('MSC', 'C0000002')).toEqual([...tet, 'Lễ 30/4 – 1/5 hãng MSC']);
    expect(await names('MSC', 'C0000001')).toEqual([...tet, 'Lễ 30/4 – 1/5 hãng MSC', 'Quốc khánh 2027']);
    expect(await names('MAE', 'c0000001')).toEqual([...tet, 'Quốc khánh 2027']);
    expect(
      await t.portal.services.holidays.holidayPeriodsFor({ ...stay, terminal: 'NDV', operationCode: 'MSC', customerCode: 'C0000001' }),
    ).toEqual([]);
    await holidaySwitch(false);
  });

  it('deletes periods', async () => {
    const rows = (await t.call(calls.admin.getHolidayList, { Name: head.ConfigName }, admin)).body.payload ?? [];
    const res = await t.call(calls.admin.deleteHolidayList, { data: rows.map((r) => ({ Rowguid: present(r.Rowguid) })) }, admin);
    expect(res.body).toEqual(deleted);
    expect((await t.call(calls.admin.getHolidayList, { Name: head.ConfigName }, admin)).body.payload).toEqual([]);
  });
});
