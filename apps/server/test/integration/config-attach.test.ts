import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachConfigRepository } from '../../src/modules/attach-config/attach-config.repository';
import { createAttachConfigService } from '../../src/modules/attach-config/attach-config.service';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Spec 03 §2.4 'Attached config', §3, §4, §7: common/getJobModeServiceList, getJobModeConfigAttachList, updateAttachConfigList.
let t: TestApp;
let admin: string;
let staff: string;
let otherTerminal: string;
let customer: string;
let voyageNdp: string;
let voyageNhi: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  staff = await t.login('nhanvien'); // terminals NDP, NDV, NHP: NDP first
  await t.addUser({
    UserID: 'cfg_nhi',
    UserGroupCode: 'CFG_ATTACH_ONLY',
    password: 'Thu@2026x',
    terminals: ['NHI'],
    grants: ['CFG_ATTACH'],
  });
  otherTerminal = await t.login('cfg_nhi', 'Thu@2026x');
  customer = present((await t.sql<{ c: string }>('select customer_code as c from customers order by customer_code limit 1'))[0]).c;
  voyageNdp = present((await t.sql<{ k: string }>(`select vessel_key as k from vessel_voyages where terminal_code = 'NDP' limit 1`))[0]).k;
  voyageNhi = present((await t.sql<{ k: string }>(`select vessel_key as k from vessel_voyages where terminal_code = 'NHI' limit 1`))[0]).k;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Scope = { OperationCode?: string; VesselKey?: string; CustomerCode?: string; IsLocalForeign?: string; TerminalCode?: string };

async function list(token: string, kind: 'IsLoLo' | 'IsCFSStuff' | 'IsCFSUnstuff', scope: Scope = {}) {
  const res = await t.call(calls.attachConfig.getJobModeConfigAttachList, { [kind]: 1, ...scope }, token);
  expect(res.status, res.raw).toBe(200);
  return present(res.body.payload);
}

/** The items of one job mode for a scope, as {service: IsFixed}. */
async function itemsOf(token: string, kind: 'IsLoLo' | 'IsCFSStuff' | 'IsCFSUnstuff', mode: string, scope: Scope = {}) {
  const row = present((await list(token, kind, scope)).find((r) => r.JobModeCode === mode));
  for (const i of row.ConfigList) expect(i.JobModeCode).toBe(mode);
  return Object.fromEntries(row.ConfigList.map((i) => [i.AttachServiceCode, i.IsFixed]));
}

const storedCount = async () => Number(present((await t.sql<{ n: string }>('select count(*) as n from attach_configs'))[0]).n);

describe('lists', () => {
  it('attachable services are the yard and non-container service job modes', async () => {
    const res = await t.call(calls.attachConfig.getJobModeServiceList, {}, staff);
    expect(res.body.payload?.map((s) => s.JobModeCode)).toEqual(['DVBAI', 'DVKC', 'DVKT']);
    expect(res.body.payload?.[0]?.JobModeName).toBe('Dịch vụ đảo chuyển trong bãi');
  });

  it('the radio chooses lift on/off, stuffing or unstuffing job modes, each with the demo attachments of the * scope', async () => {
    expect((await list(staff, 'IsLoLo')).map((r) => r.JobModeCode)).toEqual(['CAPR', 'HBAI', 'HICD', 'LAYN', 'TRAR']);
    expect((await list(staff, 'IsCFSStuff')).map((r) => r.JobModeCode)).toEqual(['DONG']);
    expect((await list(staff, 'IsCFSUnstuff')).map((r) => r.JobModeCode)).toEqual(['RUT']);
    expect(await itemsOf(staff, 'IsLoLo', 'CAPR')).toEqual({ DVKC: false, DVKT: false });
    expect(await itemsOf(staff, 'IsCFSStuff', 'DONG')).toEqual({ DVBAI: true, DVKC: false });
    expect(await itemsOf(staff, 'IsLoLo', 'HICD')).toEqual({});
    // The Maersk scope holds its own demo rule, the local scope its own.
    expect(await itemsOf(staff, 'IsLoLo', 'LAYN', { OperationCode: 'MAE' })).toEqual({ DVKT: true, DVBAI: false });
    expect(await itemsOf(staff, 'IsLoLo', 'HBAI', { IsLocalForeign: 'L' })).toEqual({ DVKC: true });
    expect(await itemsOf(staff, 'IsLoLo', 'HBAI', { IsLocalForeign: 'F' })).toEqual({});
  });
});

describe('save (common/updateAttachConfigList)', () => {
  const msc = { OperationCode: 'MSC', VesselKey: '*', CustomerCode: '*', IsLocalForeign: '*' };

  it('round trip: saved items come back ticked with their default charge, codes tidied', async () => {
    const res = await t.call(
      calls.attachConfig.updateAttachConfigList,
      {
        ...msc,
        data: {
          HICD: [
            { AttachServiceCode: 'DVKT', JobModeCode: 'HICD', IsFixed: true },
            { AttachServiceCode: ' dvkc ', JobModeCode: 'hicd', IsFixed: false },
          ],
        },
      },
      staff,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', msc)).toEqual({ DVKT: true, DVKC: false });
    // Stored on the caller's current terminal (its first), in the MSC scope only.
    const rows = await t.sql<{ terminal_code: string; operation_code: string }>(
      `select terminal_code, operation_code from attach_configs where job_mode_code = 'HICD'`,
    );
    expect(rows).toEqual([
      { terminal_code: 'NDP', operation_code: 'MSC' },
      { terminal_code: 'NDP', operation_code: 'MSC' },
    ]);
  });

  it('keyed: only the job modes sent are replaced', async () => {
    await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...msc, data: { TRAR: [{ AttachServiceCode: 'DVBAI', IsFixed: true }] } },
      staff,
    );
    await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...msc, data: { HICD: [{ AttachServiceCode: 'DVBAI', IsFixed: false }] } },
      staff,
    );
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', msc)).toEqual({ DVBAI: false });
    expect(await itemsOf(staff, 'IsLoLo', 'TRAR', msc)).toEqual({ DVBAI: true });
  });

  it('scopes are separate: the * scope and another operator keep theirs', async () => {
    expect(await itemsOf(staff, 'IsLoLo', 'HICD')).toEqual({});
    expect(await itemsOf(staff, 'IsLoLo', 'TRAR')).toEqual({ DVBAI: true });
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', { OperationCode: 'CMA' })).toEqual({});
    // A payee, vessel and local/foreign scope of its own.
    const own = { OperationCode: 'MSC', VesselKey: voyageNdp, CustomerCode: customer, IsLocalForeign: 'F' };
    await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...own, data: { HICD: [{ AttachServiceCode: 'DVKC', IsFixed: true }] } },
      staff,
    );
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', own)).toEqual({ DVKC: true });
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', msc)).toEqual({ DVBAI: false });
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', { ...own, IsLocalForeign: 'L' })).toEqual({});
  });

  it('an empty list removes that job mode’s attachments for the scope, nothing else', async () => {
    await t.call(calls.attachConfig.updateAttachConfigList, { ...msc, data: { HICD: [] } }, staff);
    expect(await itemsOf(staff, 'IsLoLo', 'HICD', msc)).toEqual({});
    expect(await itemsOf(staff, 'IsLoLo', 'TRAR', msc)).toEqual({ DVBAI: true });
    expect(await itemsOf(staff, 'IsLoLo', 'TRAR')).toEqual({ DVBAI: true });
  });

  it('refuses bad input with a Vietnamese 400 and changes nothing', async () => {
    const before = await storedCount();
    const cases: [unknown, RegExp][] = [
      [{ data: { NOPE: [] } }, /Phương án "NOPE" không có trong danh mục/],
      [{ data: { TRAR: [{ AttachServiceCode: 'NOPE' }] } }, /Dịch vụ "NOPE" không phải dịch vụ có thể đính kèm/],
      [{ data: { TRAR: [{ AttachServiceCode: 'CAPR' }] } }, /Dịch vụ "CAPR" không phải dịch vụ có thể đính kèm/],
      [{ data: { DVBAI: [{ AttachServiceCode: 'DVBAI' }] } }, /không thể đính kèm chính nó/],
      [{ data: { TRAR: [{ AttachServiceCode: 'DVKT' }, { AttachServiceCode: 'dvkt' }] } }, /bị lặp/],
      [{ data: { TRAR: [{ AttachServiceCode: 'DVKT', JobModeCode: 'CAPR' }] } }, /nằm trong danh sách của "TRAR"/],
      [{ data: { TRAR: [{ AttachServiceCode: 'DVKT', IsFixed: 'có' }] } }, /IsFixed/],
      [{ data: { TRAR: [{ AttachServiceCode: '' }] } }, /Thiếu mã dịch vụ đính kèm/],
      [{ data: { TRAR: 'DVKT' } }, /phải là mảng/],
      [{ data: 'TRAR' }, /theo mã phương án/],
      [{ OperationCode: 'ZZZ', data: { TRAR: [] } }, /Hãng khai thác "ZZZ" không có trong danh mục/],
      [{ CustomerCode: 'KHONGCO', data: { TRAR: [] } }, /Đối tượng thanh toán "KHONGCO" không có/],
      [{ VesselKey: 'KHONGCO', data: { TRAR: [] } }, /Tàu\/chuyến "KHONGCO" không có trong lịch tàu của cảng NDP/],
      // A vessel call of another terminal is not one of this terminal's.
      [{ VesselKey: voyageNhi, data: { TRAR: [] } }, /không có trong lịch tàu của cảng NDP/],
      [{ IsLocalForeign: 'X', data: { TRAR: [] } }, /Nội\/ngoại phải là \*, L hoặc F/],
      [{}, /data/],
    ];
    for (const [body, message] of cases) {
      const res = await t.send(calls.attachConfig.updateAttachConfigList, body, staff);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await storedCount()).toBe(before);
    expect(await itemsOf(staff, 'IsLoLo', 'TRAR')).toEqual({ DVBAI: true });
  });
});

describe('terminal scope', () => {
  const one = { OperationCode: 'ONE' };

  it('a terminal asked must be one of the caller’s; rows of another terminal are invisible', async () => {
    const saved = await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...one, TerminalCode: 'ndv', data: { CAPR: [{ AttachServiceCode: 'DVKC', IsFixed: true }] } },
      staff,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect(await itemsOf(staff, 'IsLoLo', 'CAPR', { ...one, TerminalCode: 'NDV' })).toEqual({ DVKC: true });
    // The same scope at the caller's first terminal (NDP) and at another user's terminal holds nothing.
    expect(await itemsOf(staff, 'IsLoLo', 'CAPR', one)).toEqual({});
    expect(await itemsOf(otherTerminal, 'IsLoLo', 'CAPR', one)).toEqual({});
    expect(await itemsOf(otherTerminal, 'IsLoLo', 'CAPR', { ...one, TerminalCode: 'NHI' })).toEqual({});
    // Outside the caller's terminals: 403, for reading and for saving.
    const read = await t.call(calls.attachConfig.getJobModeConfigAttachList, { IsLoLo: 1, ...one, TerminalCode: 'NDV' }, otherTerminal);
    expect(read.status).toBe(403);
    const write = await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...one, TerminalCode: 'NDV', data: { CAPR: [] } },
      otherTerminal,
    );
    expect(write.status).toBe(403);
    expect(await itemsOf(staff, 'IsLoLo', 'CAPR', { ...one, TerminalCode: 'NDV' })).toEqual({ DVKC: true });
    // The other terminal's own save stays there.
    await t.call(
      calls.attachConfig.updateAttachConfigList,
      { ...one, data: { CAPR: [{ AttachServiceCode: 'DVBAI', IsFixed: false }] } },
      otherTerminal,
    );
    expect(await itemsOf(otherTerminal, 'IsLoLo', 'CAPR', one)).toEqual({ DVBAI: false });
    expect(await itemsOf(staff, 'IsLoLo', 'CAPR', { ...one, TerminalCode: 'NDV' })).toEqual({ DVKC: true });
    expect(await itemsOf(admin, 'IsLoLo', 'CAPR', { ...one, TerminalCode: 'NHI' })).toEqual({ DVBAI: false });
  });
});

describe('attachedServicesFor (what the tariff engine reads)', () => {
  it('takes the most specific stored scope matching the order', async () => {
    const attach = createAttachConfigService(createAttachConfigRepository(t.database.db));
    const order = {
      terminal: 'NDP',
      jobModeCode: 'LAYN',
      operationCode: 'MAE',
      vesselKey: voyageNdp,
      customerCode: customer,
      isLocalForeign: 'F',
    };
    // Demo: LAYN has DVKT (charged) for everyone and DVKT + DVBAI for Maersk.
    expect(await attach.attachedServicesFor({ ...order, operationCode: 'MSC' })).toEqual([{ AttachServiceCode: 'DVKT', IsFixed: true }]);
    expect(await attach.attachedServicesFor(order)).toEqual([
      { AttachServiceCode: 'DVBAI', IsFixed: false },
      { AttachServiceCode: 'DVKT', IsFixed: true },
    ]);
    // A payee rule (any operator) wins over the Maersk rule.
    await t.call(
      calls.attachConfig.updateAttachConfigList,
      { CustomerCode: customer, data: { LAYN: [{ AttachServiceCode: 'DVKC', IsFixed: true }] } },
      staff,
    );
    expect(await attach.attachedServicesFor(order)).toEqual([{ AttachServiceCode: 'DVKC', IsFixed: true }]);
    // Another payee still gets the Maersk rule; another terminal only its own (demo * rule).
    expect(await attach.attachedServicesFor({ ...order, customerCode: 'KHACKH' })).toHaveLength(2);
    expect(await attach.attachedServicesFor({ ...order, terminal: 'NHI' })).toHaveLength(2);
    await t.call(calls.attachConfig.updateAttachConfigList, { TerminalCode: 'NHI', data: { LAYN: [] } }, admin);
    await t.call(calls.attachConfig.updateAttachConfigList, { TerminalCode: 'NHI', OperationCode: 'MAE', data: { LAYN: [] } }, admin);
    expect(await attach.attachedServicesFor({ ...order, terminal: 'NHI' })).toEqual([]);
    // Removing the payee rule brings the Maersk rule back (an empty list removes, it does not say "none").
    await t.call(calls.attachConfig.updateAttachConfigList, { CustomerCode: customer, data: { LAYN: [] } }, staff);
    expect(await attach.attachedServicesFor(order)).toHaveLength(2);
  });
});
