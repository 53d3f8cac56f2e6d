import { type CallReply, calls, mailOrderMessages, reportMailMessages, sizeTypeMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Spec 03 §2.4, §3, §5, §7 configuration: the settings forms and grids, call by call.
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ config: { fileTransferUrls: ['https://sftp.smartport.vn:8443'] }, jobs: { start: false } });
  admin = await t.login('admin');
  staff = await t.login('nhanvien');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const stored = async (name: string) =>
  (await t.sql<{ value: Record<string, unknown> }>('select value from system_settings where key = $1', [`form:${name}`]))[0]?.value;

describe('report mail (config/getMailReportConfig, saveMailReportConfig, MailReportSendNow)', () => {
  const full = { start_time: '2026-11-01 07:00:00', htime: 24, cc: 'baocao@smartport.vn; giamdoc@smartport.vn', TerminalList: 'bdp, ctl' };

  it('refuses save and send-now naming the first missing field in the spec order', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, reportMailMessages.start_time],
      [{ start_time: '  ' }, reportMailMessages.start_time],
      [{ start_time: full.start_time }, reportMailMessages.htime],
      [{ start_time: full.start_time, htime: 24 }, reportMailMessages.cc],
      [{ start_time: full.start_time, htime: 24, cc: full.cc, TerminalList: '' }, reportMailMessages.TerminalList],
    ];
    for (const [body, message] of steps) {
      for (const call of [calls.mail.saveMailReportConfig, calls.mail.mailReportSendNow]) {
        const res = await t.send(call, body, admin);
        expect(res.status, `${call.path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body).toEqual({ success: false, message });
      }
    }
    expect(await stored('report_mail_config')).toBeUndefined();
  });

  it('refuses a wrong start time, cycle or address with a Vietnamese message', async () => {
    for (const bad of [{ start_time: '01/11/2026 07:00' }, { htime: 0 }, { htime: 'abc' }, { cc: 'khong-phai-mail' }]) {
      const res = await t.send(calls.mail.saveMailReportConfig, { ...full, ...bad }, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(/Ngày bắt đầu|Giờ lặp|địa chỉ mail/);
    }
  });

  it('saves and answers the values back, lists tidied', async () => {
    const saved = await t.call(calls.mail.saveMailReportConfig, full, admin);
    expect(saved.body).toEqual({ success: true, message: 'Lưu dữ liệu hoàn tất !' });
    const got = await t.call(calls.mail.getMailReportConfig, {}, admin);
    expect(got.body.payload).toEqual({
      start_time: full.start_time,
      htime: 24,
      cc: 'baocao@smartport.vn, giamdoc@smartport.vn',
      TerminalList: 'BDP,CTL',
    });
  });

  it('is refused to a group without the report-mail menu', async () => {
    expect((await t.call(calls.mail.getMailReportConfig, {}, staff)).status).toBe(403);
    expect((await t.send(calls.mail.mailReportSendNow, full, staff)).status).toBe(403);
  });
});

describe('alert mail (config/getAlertMailConfig, saveAlertMailConfig)', () => {
  it('saves nothing required, the five lists round trip', async () => {
    expect((await t.call(calls.connectionAlerts.saveAlertMailConfig, {}, admin)).body.success).toBe(true);
    const body = {
      alert_catos2smp_mail: 'tos@cang.vn',
      alert_smp2catos_mail: 'it@cang.vn,  tos@cang.vn',
      alert_mb2smp_mail: 'ketoan@cang.vn',
      alert_smp2mb_mail: '',
      alert_vnpt_mail: 'hoadon@cang.vn',
    };
    expect((await t.call(calls.connectionAlerts.saveAlertMailConfig, body, admin)).body).toEqual({
      success: true,
      message: 'Lưu dữ liệu hoàn tất !',
    });
    const got = await t.call(calls.connectionAlerts.getAlertMailConfig, {}, admin);
    expect(got.body.payload).toEqual({ ...body, alert_smp2catos_mail: 'it@cang.vn, tos@cang.vn' });
    const bad = await t.send(calls.connectionAlerts.saveAlertMailConfig, { alert_vnpt_mail: 'hoadon@' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Mail cảnh báo VNPT');
  });
});

describe('main config (config/getMainConfig, saveMainConfig)', () => {
  it('stores SMP_UA_SEVKEY in quotes and answers it without them; the ten fields round trip', async () => {
    const body = {
      SMP_TITLE: 'Cảng <Tân Cảng> & SmartPort',
      SMP_IMG_URL: 'https://smartport.vn/logo.png',
      SMP_KEYWORD: 'cảng, container, lệnh điện tử',
      SMP_DESCRIPTION: 'Cổng dịch vụ "trực tuyến"',
      SMP_UAID: 'G-ABC123',
      SMP_UA_PROPERTY: '123456789',
      SMP_UA_SEVACC: 'ga@smartport.iam.gserviceaccount.com',
      SMP_UA_SEVKEY: '-----BEGIN PRIVATE KEY-----abc',
      SMP_FBID: '1234567890',
      urlSFTP: 'https://sftp.smartport.vn:8443',
    };
    expect((await t.call(calls.siteConfig.saveMainConfig, body, admin)).body.success).toBe(true);
    expect((await stored('main_config'))?.SMP_UA_SEVKEY).toBe('"-----BEGIN PRIVATE KEY-----abc"');
    expect((await t.call(calls.siteConfig.getMainConfig, {}, admin)).body.payload).toEqual(body);
    // Saved again as shown (or already quoted): still one pair of quotes.
    await t.call(calls.siteConfig.saveMainConfig, { ...body, SMP_UA_SEVKEY: '"-----BEGIN PRIVATE KEY-----abc"' }, admin);
    expect((await stored('main_config'))?.SMP_UA_SEVKEY).toBe('"-----BEGIN PRIVATE KEY-----abc"');
    const bad = await t.send(calls.siteConfig.saveMainConfig, { urlSFTP: 'ftp://x' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Địa chỉ API SFTP');
  });
});

describe('size type (common/getSizeTypeList, updateSizeTypeList, deleteSizeTypeList)', () => {
  it("refuses the list without an operator: 'Chưa chọn hãng khai thác !'", async () => {
    for (const body of [{}, { OperationCode: '' }]) {
      const res = await t.send(calls.tosMappings.getSizeTypeList, body, admin);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: sizeTypeMessages.noOperator });
    }
  });

  it("saves an operator's size types and lists only that operator's", async () => {
    const rows = [
      { LocalSizetype: '20dc', IsoSizetype: '22G1', CargoTypeCode: 'gp', CargoEmptyCode: 'mt', OperationCode: 'MSC' },
      { LocalSizetype: '40HC', IsoSizetype: '45G1', OperationCode: 'MSC' },
      { LocalSizetype: '20DC', IsoSizetype: '22G1', OperationCode: 'ONE' },
    ];
    const saved = await t.call(calls.tosMappings.updateSizeTypeList, { data: rows }, admin);
    expect(saved.body, saved.raw).toMatchObject({ success: true, message: 'Lưu dữ liệu hoàn tất !' });
    const msc = present((await t.send(calls.tosMappings.getSizeTypeList, { OperationCode: 'msc' }, admin)).body.payload);
    expect(msc.map((r) => [r.LocalSizetype, r.IsoSizetype, r.CargoTypeCode])).toEqual([
      ['20DC', '22G1', 'GP'],
      ['40HC', '45G1', null],
    ]);
    const dup = await t.call(
      calls.tosMappings.updateSizeTypeList,
      { data: [{ LocalSizetype: '20DC', IsoSizetype: '22R1', OperationCode: 'MSC' }] },
      admin,
    );
    expect(dup.status).toBe(400);
    const badIso = await t.send(
      calls.tosMappings.updateSizeTypeList,
      { data: [{ LocalSizetype: 'X', IsoSizetype: '2', OperationCode: 'MSC' }] },
      admin,
    );
    expect(badIso.status).toBe(400);
    const del = await t.call(calls.tosMappings.deleteSizeTypeList, { data: [{ Rowguid: present(msc[1]?.Rowguid) }] }, admin);
    expect(del.body).toMatchObject({ success: true, message: 'Xóa dữ liệu hoàn tất !' });
    expect(present((await t.send(calls.tosMappings.getSizeTypeList, { OperationCode: 'MSC' }, admin)).body.payload)).toHaveLength(1);
  });
});

describe('job-mode mapping, questions, version', () => {
  it('maps a job mode by size and cargo type, * by default', async () => {
    // A catalogue job mode (mappings must name one), its demo mapping removed first.
    const seeded = present((await t.call(calls.tosMappings.getMappingJobModeList, {}, admin)).body.payload).filter(
      (r) => r.JobModeCode === 'DVBAI',
    );
    if (seeded.length)
      await t.call(calls.tosMappings.deleteMappingJobModeList, { data: seeded.map((r) => ({ Rowguid: present(r.Rowguid) })) }, admin);
    const res = await t.call(
      calls.tosMappings.updateMappingJobModeList,
      { data: [{ JobModeCode: 'dvbai', TosCode: 'GTOUT', TosUsed: 1 }] },
      admin,
    );
    expect(res.body.success, res.raw).toBe(true);
    const list = present((await t.call(calls.tosMappings.getMappingJobModeList, {}, admin)).body.payload);
    expect(list.find((r) => r.JobModeCode === 'DVBAI')).toMatchObject({
      ContSize: '*',
      CargoTypeCode: '*',
      TosCode: 'GTOUT',
      TosUsed: true,
    });
    const bad = await t.send(
      calls.tosMappings.updateMappingJobModeList,
      { data: [{ JobModeCode: 'DVBAI', ContSize: '2X', TosCode: 'A' }] },
      admin,
    );
    expect(bad.status).toBe(400);
  });

  it('numbers new rating criteria after the existing ones (from 1) in the questions table the rating report reads', async () => {
    const before = await t.sql<{ question_code: number }>('select question_code from questions order by 1');
    // The demo criteria are numbered from 1 with no gap (code 0 is the free-text note, never a criterion).
    expect(before.map((c) => c.question_code)).toEqual(before.map((_, i) => i + 1));
    const res = await t.call(
      calls.ratings.updateQuestionList,
      {
        data: [
          { QuestionName: 'Thái độ phục vụ', IsActive: true },
          { QuestionName: 'Thời gian giao nhận', IsActive: true },
        ],
      },
      admin,
    );
    expect(res.body.success, res.raw).toBe(true);
    const codes = await t.sql<{ question_code: number; question_name: string }>(
      'select question_code, question_name from questions order by 1',
    );
    const n = before.length;
    expect(codes.map((c) => c.question_code)).toEqual([...before.map((c) => c.question_code), n + 1, n + 2]);
    const list = present((await t.call(calls.ratings.getQuestionList, {}, admin)).body.payload);
    expect(list.map((q) => q.QuestionName)).toEqual(expect.arrayContaining(['Thái độ phục vụ', 'Thời gian giao nhận']));
    // The rating report lists the same criteria (one table).
    const report = await t.call(calls.stats.totalRating, { fromdate: '2025-01-01 00:00:00', todate: '2026-12-31 23:59:59' }, admin);
    expect(report.body.success, report.raw).toBe(true);
    expect(JSON.stringify(report.body)).toContain('Thời gian giao nhận');
  });

  it('keeps versions with their release date', async () => {
    const res = await t.call(
      calls.siteConfig.updateVersionList,
      { data: [{ VersionCode: '2.1.0', VersionName: 'Cấu hình mail', Planner: 'Admin', ReleaseDate: '2026-11-20T03:00:00.000Z' }] },
      admin,
    );
    expect(res.body.success, res.raw).toBe(true);
    const [v] = present((await t.call(calls.siteConfig.getVersionList, {}, admin)).body.payload);
    expect(v).toMatchObject({ VersionCode: '2.1.0', Planner: 'Admin' });
    expect(new Date(String(v?.ReleaseDate)).toISOString()).toBe('2026-11-20T03:00:00.000Z');
  });

  it('gives the version check the released versions, newest first: planned and future rows are not released yet', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await t.call(
      calls.siteConfig.updateVersionList,
      {
        data: [
          { VersionCode: '2.2.0', VersionName: 'Có gì mới: phí MB-NAPAS', ReleaseDate: '2026-11-25T03:00:00.000Z' },
          { VersionCode: '2.3.0', VersionName: 'Kế hoạch: chưa có ngày' },
          { VersionCode: '2.4.0', VersionName: 'Phát hành ngày mai', ReleaseDate: future },
        ],
      },
      admin,
    );
    expect(saved.body.success, saved.raw).toBe(true);
    // Any signed-in user reads them (the banner shows them to everybody); nobody signed in does not.
    const res = await t.call(calls.siteConfig.releasedVersions, {}, staff);
    expect(res.status, res.raw).toBe(200);
    const codes = present(res.body.payload).map((r) => r.VersionCode);
    expect(codes.slice(0, 2)).toEqual(['2.2.0', '2.1.0']);
    expect(codes).not.toContain('2.3.0');
    expect(codes).not.toContain('2.4.0');
    expect(present(res.body.payload)[0]).toEqual({
      VersionCode: '2.2.0',
      VersionName: 'Có gì mới: phí MB-NAPAS',
      ReleaseDate: '2026-11-25T03:00:00.000Z',
    });
    expect((await t.send(calls.siteConfig.releasedVersions, {}, null)).status).toBe(401);
  });
});

describe('mail order (config/getMailOrderList, updateMailOrderList, deleteMailOrderList)', () => {
  const rule = {
    OperationCode: 'MSC',
    MailTitle: 'Lệnh đã duyệt',
    MailCC: 'ops@msc.vn',
    DataFilter: 'DL',
    DelayType: 'GHN',
    DelayTime: '29:59',
    IsActive: true,
  };
  type Reply = CallReply<typeof calls.mail.updateMailOrderList>;

  it('takes HH:MM with the hour up to 29 and minutes 00–59; periodic and daily need it', async () => {
    for (const DelayTime of ['30:00', '12:60', '7:5', 'ab:cd']) {
      const res = await t.send<typeof calls.mail.updateMailOrderList>(
        calls.mail.updateMailOrderList,
        { data: [{ ...rule, DelayTime }] },
        admin,
      );
      expect(res.status, DelayTime).toBe(400);
      expect(res.body.message).toContain('HH:MM');
    }
    const none = await t.send(calls.mail.updateMailOrderList, { data: [{ ...rule, DelayTime: '' }] }, admin);
    expect(none.body.message).toContain(mailOrderMessages.delayNeeded);
    const zero = await t.send(calls.mail.updateMailOrderList, { data: [{ ...rule, DelayType: 'TCK', DelayTime: '00:00' }] }, admin);
    expect(zero.body.message).toContain(mailOrderMessages.periodZero);
    const badFilter = await t.send(calls.mail.updateMailOrderList, { data: [{ ...rule, DataFilter: 'XX' }] }, admin);
    expect(badFilter.status).toBe(400);
  });

  it('saves, lists and deletes rules; real time needs no time', async () => {
    const res = await t.call<Reply>(
      calls.mail.updateMailOrderList.path,
      { data: [rule, { ...rule, DelayType: 'TGT', DelayTime: null }] },
      admin,
    );
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const list = present((await t.call(calls.mail.getMailOrderList, {}, admin)).body.payload);
    expect(list.map((r) => [r.DelayType, r.DelayTime])).toEqual(
      expect.arrayContaining([
        ['GHN', '29:59'],
        ['TGT', null],
      ]),
    );
    const del = await t.call(calls.mail.deleteMailOrderList, { data: list.map((r) => ({ Rowguid: present(r.Rowguid) })) }, admin);
    expect(del.body.success).toBe(true);
  });
});

describe('contact (config/getContactList, updateContactList)', () => {
  it("lists the caller's terminals' contact details and saves a change", async () => {
    const list = present((await t.call(calls.siteConfig.getContactList, {}, admin)).body.payload);
    expect(list.length).toBeGreaterThan(0);
    const first = present(list[0]);
    const res = await t.call(
      calls.siteConfig.updateContactList,
      { data: [{ ...first, Tel: '028 3742 3333', Address: 'Số 1 Nguyễn Văn Quỳ' }] },
      admin,
    );
    expect(res.body, res.raw).toMatchObject({ success: true });
    const [row] = await t.sql<{ tel: string; address: string }>('select tel, address from terminals where terminal_code = $1', [
      first.TerminalCode,
    ]);
    expect(row).toEqual({ tel: '028 3742 3333', address: 'Số 1 Nguyễn Văn Quỳ' });
  });
});
