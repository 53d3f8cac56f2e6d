import { type CallInput, calls, type ReportScheduleRow } from '@smartport/contract';
import { demoMailAccount, mailSimulator, type ReceivedMail, type RunningSimulator, startSimulator } from '@smartport/simulators';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextRunAfter, reportPeriodOf } from '../../src/modules/report-schedules/report-schedule-times';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// 'Lịch gửi báo cáo': a schedule saved on the screen's calls, run by the job at a simulated moment, its workbook
// mailed through the mail queue to the local mail server, and the workbook's figures the statistics calls' figures.
let t: TestApp;
let mailSim: RunningSimulator;
let staff: string;

const inbox = async (to: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${mailSim.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${mailSim.url}/messages/${m.id}`)).json()) as ReceivedMail));
};
async function sendQueuedMail() {
  await t.sql(`update scheduled_jobs set last_tick = -1 where name = 'mail.queue'`);
  await t.portal.jobs.runNow('mail.queue');
}
/** The workbook's rows as values (row 1 = title). */
async function sheetRows(mail: ReceivedMail): Promise<unknown[][]> {
  const file = present(
    mail.attachments.find((a) => a.filename?.endsWith('.xlsx')),
    'the xlsx attachment',
  );
  expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
  const ws = present(wb.worksheets[0]);
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
const schedules = async (token: string) => present((await t.call(calls.reportSchedules.listReportSchedules, {}, token)).body.data);

const base: CallInput<typeof calls.reportSchedules.saveReportSchedule> = {
  ReportKind: 'summary',
  Period: 'month',
  Frequency: 'monthly',
  SendTime: '07:00',
  MonthDay: 1,
  Recipients: 'giamdoc@cang.vn; ketoan@cang.vn',
  TerminalCodes: ['NDP', 'NDV'],
  IsActive: true,
};

beforeAll(async () => {
  mailSim = await startSimulator(mailSimulator, 0);
  t = await createTestApp({ config: { simulators: { mail: mailSim.url } }, jobs: { start: false } });
  const admin = await t.login('admin');
  const smtp = new URL(String(mailSim.endpoints.smtp));
  const saved = await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: demoMailAccount.pass, tls: 0 },
    admin,
  );
  expect(saved.status).toBe(200);
  staff = await t.login('nhanvien');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mailSim?.close();
});
beforeEach(async () => {
  await fetch(`${mailSim.url}/messages`, { method: 'DELETE' });
});

describe('report schedules: saved with checks, run when due, mailed as a workbook', () => {
  it('refuses what cannot be sent, in Vietnamese, and what the caller may not see', async () => {
    const bad = await t.call(calls.reportSchedules.saveReportSchedule, { ...base, Recipients: 'giamdoc@cang.vn, ke toan' }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Email người nhận không hợp lệ: "ke"');
    const none = await t.call(calls.reportSchedules.saveReportSchedule, { ...base, Recipients: ' ' }, staff);
    expect(none.body.message).toContain('Vui lòng nhập email người nhận !');
    const noDay = await t.call(calls.reportSchedules.saveReportSchedule, { ...base, Frequency: 'weekly', WeekDay: null }, staff);
    expect(noDay.body.message).toContain('Vui lòng chọn ngày gửi trong tuần !');
    const time = await t.call(calls.reportSchedules.saveReportSchedule, { ...base, SendTime: '24:00' }, staff);
    expect(time.body.message).toContain('Giờ gửi phải có dạng HH:mm (00:00 – 23:59) !');
    // nhanvien works at NDP, NDV and NHP only.
    const foreign = await t.call(calls.reportSchedules.saveReportSchedule, { ...base, TerminalCodes: ['NDP', 'GML'] }, staff);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Bạn không có quyền trên cảng GML !');
    // A customer account has no 'Lịch gửi báo cáo'.
    const customer = await t.login('khachhang');
    expect((await t.call(calls.reportSchedules.listReportSchedules, {}, customer)).status).toBe(403);
    expect(await schedules(staff)).toEqual([]);
  });

  it('a monthly summary runs at its moment, once, and mails last month’s figures per terminal', async () => {
    const saved = await t.call(calls.reportSchedules.saveReportSchedule, base, staff);
    expect(saved.status).toBe(200);
    const s = present(saved.body.data);
    expect(s.Recipients).toBe('giamdoc@cang.vn, ketoan@cang.vn');
    const due = new Date(present(s.NextRunTime));
    expect(due.getTime()).toBe(nextRunAfter(s, new Date()).getTime());
    const service = t.portal.services.reportSchedules;

    // A minute early: nothing. At the moment: one mail queued, sent by the mail queue's job.
    expect(await service.runDue(new Date(due.getTime() - 60_000))).toEqual({ queued: 0, failed: 0 });
    expect(await service.runDue(due)).toEqual({ queued: 1, failed: 0 });
    expect(await service.runDue(due)).toEqual({ queued: 0, failed: 0 });
    await sendQueuedMail();
    const mails = await inbox('ketoan@cang.vn');
    expect(mails).toHaveLength(1);
    const mail = present(mails[0]);
    expect(mail.to.sort()).toEqual(['giamdoc@cang.vn', 'ketoan@cang.vn']);
    const { from, to } = reportPeriodOf('month', due);
    expect(mail.subject).toContain('Thống kê tổng hợp');

    const rows = await sheetRows(mail);
    expect(rows[0]?.[0]).toBe('THỐNG KÊ TỔNG HỢP');
    expect(String(rows[1]?.[0])).toContain(`đến ngày ${to.split('-').reverse().join('/')}`);
    const stats = await t.call(
      calls.stats.dashboardOrderChartLoad,
      { loadType: 'month', terminalList: ['NDP', 'NDV'], fromTime: from, toTime: to },
      staff,
    );
    const figures = Object.values(present(stats.body.data)).flat();
    for (const terminal of ['NDP', 'NDV']) {
      const mine = figures.filter((r) => r.TerminalCode === terminal);
      const line = present(
        rows.find((r) => r[1] === terminal),
        `the line of ${terminal}`,
      );
      // STT, Mã cảng, Tên cảng, Số lệnh, Số container, TEU, Doanh thu
      expect(line[3]).toBe(mine.reduce((a, r) => a + r.OrderCount, 0));
      expect(line[6]).toBe(mine.reduce((a, r) => a + r.TotalAmount, 0));
    }
    expect(figures.reduce((a, r) => a + r.TotalAmount, 0)).toBeGreaterThan(0);
    const total = present(rows.find((r) => r[0] === 'Tổng cộng'));
    expect(total[6]).toBe(figures.reduce((a, r) => a + r.TotalAmount, 0));

    // The run is recorded; the next moment is a month on.
    const [after] = (await schedules(staff)) as ReportScheduleRow[];
    expect(after?.LastStatus).toBe('queued');
    expect(after?.LastRunTime).toBe(due.toISOString());
    expect(new Date(present(after?.NextRunTime)).getTime()).toBe(nextRunAfter(s, due).getTime());
    await t.call(calls.reportSchedules.deleteReportSchedule, { Rowguid: s.Rowguid }, staff);
  });

  it('a weekly customer report mails each customer’s figures as the customer statistics give them', async () => {
    const saved = await t.call(
      calls.reportSchedules.saveReportSchedule,
      { ...base, ReportKind: 'customer', Period: 'week', Frequency: 'weekly', WeekDay: 1, MonthDay: null, TerminalCodes: ['NDP'] },
      staff,
    );
    const s = present(saved.body.data);
    expect(s.MonthDay).toBeNull();
    const due = new Date(present(s.NextRunTime));
    expect(await t.portal.services.reportSchedules.runDue(due)).toEqual({ queued: 1, failed: 0 });
    await sendQueuedMail();
    const mail = present((await inbox('giamdoc@cang.vn'))[0]);
    expect(mail.subject).toContain('Thống kê theo khách hàng');
    const rows = await sheetRows(mail);
    const { from, to } = reportPeriodOf('week', due);
    const stats = await t.call(
      calls.stats.dashboardCustomerChartLoad,
      { loadType: 'day', terminalList: ['NDP'], fromTime: from, toTime: to },
      staff,
    );
    const figures = Object.values(present(stats.body.data)).flat();
    const customers = [...new Set(figures.map((r) => r.CustomerCode))];
    // STT, Mã khách hàng, Tên khách hàng, Mã số thuế, Số lệnh, Số container, TEU, Doanh thu
    expect(rows.filter((r) => typeof r[0] === 'number')).toHaveLength(customers.length);
    for (const code of customers) {
      const line = present(rows.find((r) => r[1] === code));
      expect(line[7]).toBe(figures.filter((r) => r.CustomerCode === code).reduce((a, r) => a + r.TotalAmount, 0));
    }

    // 'Gửi ngay': the week before now, mailed at once; the next moment stays.
    await fetch(`${mailSim.url}/messages`, { method: 'DELETE' });
    const now = await t.call(calls.reportSchedules.sendReportScheduleNow, { Rowguid: s.Rowguid }, staff);
    expect(now.body.message).toBe('Đã xếp hàng gửi báo cáo, mail sẽ được gửi trong giây lát !');
    expect(now.body.data?.LastStatus).toBe('queued');
    expect(now.body.data?.NextRunTime).toBe(new Date(due.getTime() + 7 * 86_400_000).toISOString());
    await sendQueuedMail();
    const { from: weekFrom } = reportPeriodOf('week', new Date());
    expect(present((await inbox('giamdoc@cang.vn'))[0]).attachments[0]?.filename).toBe(
      `thong-ke-theo-khach-hang_${weekFrom}_${reportPeriodOf('week', new Date()).to}.xlsx`,
    );
  });

  it('a schedule whose owner lost the terminals records the failure and mails nothing', async () => {
    const s = present((await t.call(calls.reportSchedules.saveReportSchedule, { ...base, TerminalCodes: ['NHP'] }, staff)).body.data);
    await t.sql(`update users set terminal_codes = array['NDP','NDV'] where user_id = 'nhanvien'`);
    try {
      expect(await t.portal.services.reportSchedules.runDue(new Date(present(s.NextRunTime)))).toEqual({ queued: 0, failed: 1 });
      const row = present((await schedules(staff)).find((r) => r.Rowguid === s.Rowguid));
      expect(row.LastStatus).toBe('failed');
      expect(row.LastResult).toBe('Người tạo lịch không còn quyền trên cảng nào của lịch');
    } finally {
      await t.sql(`update users set terminal_codes = array['NDP','NDV','NHP'] where user_id = 'nhanvien'`);
    }
  });
});
