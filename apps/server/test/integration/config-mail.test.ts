import { calls, portTimeText, reportMailMessages } from '@smartport/contract';
import {
  cardSimulator,
  demoMailAccount,
  demoTosAccount,
  einvoiceSimulator,
  mailSimulator,
  type ReceivedMail,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApprovalFor } from '../helpers/approval';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Each mail setting doing its work, read back from the local mail server's inbox (spec 03 §2.4).
let t: TestApp;
let sims: Record<string, RunningSimulator>;
let admin: string;
const PASSWORD = demoMailAccount.pass;

const inbox = async (to?: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${sims.mail?.url}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)).json()) as {
    messages: { id: string }[];
  };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${sims.mail?.url}/messages/${m.id}`)).json()) as ReceivedMail));
};
const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  sims = {};
  for (const def of [mailSimulator, tosSimulator, cardSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({
    config: {
      simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])),
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
    },
    jobs: { start: false },
  });
  admin = await t.login('admin');
  const smtp = new URL(String(sims.mail?.endpoints.smtp));
  const saved = await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: PASSWORD, tls: 0 },
    admin,
  );
  expect(saved.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const s of Object.values(sims ?? {})) await s.close();
});
beforeEach(async () => {
  await fetch(`${sims.mail?.url}/messages`, { method: 'DELETE' });
  for (const name of ['tos', 'card', 'einvoice']) await knobs(name, { reset: true });
});

describe('sender mail is what the portal sends with', () => {
  it('keeps the password sealed at rest and out of every reply, and logs in with it', async () => {
    const [row] = await t.sql<{ text: string }>("select value::text text from system_settings where key = 'form:mail_config'");
    expect(present(row).text).not.toContain(PASSWORD);
    const got = await t.call(calls.mail.getMailConfig, {}, admin);
    expect(JSON.stringify(got.body)).not.toContain(PASSWORD);
    const sent = await t.portal.services.mail.send({ to: ['kiemtra@smartport.vn'], subject: 'Thử gửi', text: 'Xin chào' });
    expect(sent.ok).toBe(true);
    const [mail] = await inbox('kiemtra@smartport.vn');
    // The simulator accepted the login: the sealed password was opened for the send.
    expect(present(mail).authUser).toBe(demoMailAccount.user);
  });
});

describe('report mail', () => {
  const cc = 'baocao@smartport.vn, giamdoc@smartport.vn';

  async function terminalsWithOrders() {
    const rows = await t.sql<{ terminal_code: string; created: Date }>(
      "select terminal_code, max(created_time) created from orders where order_status <> 'D' group by 1 order by 2 desc limit 2",
    );
    return rows;
  }

  it("'Gửi ngay' sends the period start − cycle → start to the CC list, with the HTML summary and the Excel workbook", async () => {
    const [a, b] = await terminalsWithOrders();
    const last = new Date(present(a).created);
    const start = new Date(Math.ceil(last.getTime() / 1000) * 1000 + 60_000);
    const body = {
      start_time: portTimeText(start),
      htime: 720,
      cc,
      TerminalList: `${present(a).terminal_code},${present(b).terminal_code}`,
    };
    const res = await t.call(calls.mail.mailReportSendNow, body, admin);
    expect(res.body, res.raw).toEqual({ success: true, message: reportMailMessages.sent });
    // Nothing saved.
    expect((await t.call(calls.mail.getMailReportConfig, {}, admin)).body.payload?.start_time).toBe('');

    const [mail] = await inbox('giamdoc@smartport.vn');
    const m = present(mail);
    expect(m.to.sort()).toEqual(['baocao@smartport.vn', 'giamdoc@smartport.vn']);
    expect(m.subject).toContain(portTimeText(new Date(start.getTime() - 720 * 3_600_000)));
    expect(m.html).toContain(present(a).terminal_code);
    const file = present(m.attachments[0]);
    expect(file.filename).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.content, 'base64') as never);
    const summary = present(wb.getWorksheet('Tổng hợp'));
    // Row 5 on: the listed terminals; their order counts are those of the orders table for the period.
    const [expected] = await t.sql<{ n: number }>(
      "select count(*)::int n from orders where terminal_code = $1 and order_status <> 'D' and created_time >= $2 and created_time < $3",
      [present(a).terminal_code, new Date(start.getTime() - 720 * 3_600_000), start],
    );
    const row = [5, 6].map((i) => summary.getRow(i)).find((r) => r.getCell(1).value === present(a).terminal_code);
    expect(present(row).getCell(3).value).toBe(present(expected).n);
    expect(present(expected).n).toBeGreaterThan(0);
    expect(present(wb.getWorksheet('Danh sách lệnh')).rowCount).toBeGreaterThan(1);
  });

  it('the job sends the cycle that ended at the latest send time once, across two portals on one database', async () => {
    const [a] = await terminalsWithOrders();
    // Started 90 minutes ago with a 1-hour cycle: the send time 30 minutes ago is due, for the hour before it.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 90 * 60_000);
    const saved = await t.call(
      calls.mail.saveMailReportConfig,
      { start_time: portTimeText(start), htime: 1, cc: 'job@smartport.vn', TerminalList: present(a).terminal_code },
      admin,
    );
    expect(saved.body.success).toBe(true);
    const second = await createTestApp({ database: t.database, jobs: { start: false } });
    try {
      await Promise.all([t.portal.jobs.runNow('mail.report'), second.portal.jobs.runNow('mail.report')]);
      await t.portal.jobs.runNow('mail.report');
      const mails = await inbox('job@smartport.vn');
      expect(mails).toHaveLength(1);
      const due = new Date(start.getTime() + 60 * 60_000);
      expect(present(mails[0]).subject).toContain(`${portTimeText(new Date(due.getTime() - 3_600_000))} - ${portTimeText(due)}`);
      const runs = await t.sql<{ sent: boolean }>('select sent_time is not null sent from report_mail_runs where period_end = $1', [due]);
      expect(runs).toEqual([{ sent: true }]);
    } finally {
      await second.close();
    }
  });
});

describe('alert mail', () => {
  const sendQueued = () => t.portal.services.mailQueue.sendDue();
  const tick = (job: string) => t.sql('update scheduled_jobs set last_tick = -1 where name = $1', [job]);
  const watch = async () => {
    await tick('connections.watch');
    await t.portal.jobs.runNow('connections.watch');
    await sendQueued();
  };

  it('mails the SMP → TOS address once per outage, and a recovery notice when the TOS answers again', async () => {
    await t.call(calls.connectionAlerts.saveAlertMailConfig, { alert_smp2catos_mail: 'tos-alert@smartport.vn' }, admin);
    await t.sql("delete from connection_alerts where connection = 'smp2catos'");
    await watch();
    // Up: nothing.
    await new Promise((r) => setTimeout(r, 200));
    expect(await inbox('tos-alert@smartport.vn')).toHaveLength(0);

    await knobs('tos', { down: true });
    await watch();
    await expect.poll(async () => (await sendQueued(), await inbox('tos-alert@smartport.vn')).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await inbox('tos-alert@smartport.vn');
    expect(present(mail).subject).toBe('[SmartPort] Cảnh báo mất kết nối: SmartPort → TOS (CATOS)');

    // Still down a minute later, and later again: no second mail for the same outage, the failures counted.
    await watch();
    await watch();
    await new Promise((r) => setTimeout(r, 300));
    expect(await inbox('tos-alert@smartport.vn')).toHaveLength(1);
    const [open] = await t.sql<{ count: number; down: boolean }>(
      "select count, down_since is not null down from connection_alerts where connection = 'smp2catos'",
    );
    expect(open).toEqual({ count: 3, down: true });

    // The TOS answers again: one recovery notice, the episode closed.
    await knobs('tos', { reset: true });
    await watch();
    await expect.poll(async () => (await sendQueued(), await inbox('tos-alert@smartport.vn')).length, { timeout: 10_000 }).toBe(2);
    const recovery = (await inbox('tos-alert@smartport.vn')).find((m) => m.subject.includes('phục hồi'));
    expect(present(recovery).subject).toBe('[SmartPort] Kết nối đã phục hồi: SmartPort → TOS (CATOS)');
    expect(present(recovery).html).toContain('Số lần lỗi: 3');
    await watch();
    await new Promise((r) => setTimeout(r, 200));
    expect(await inbox('tos-alert@smartport.vn')).toHaveLength(2);

    // A new outage is a new alert. Every one is in 'Nhật ký gửi mail'.
    await knobs('tos', { down: true });
    await watch();
    await expect.poll(async () => (await sendQueued(), await inbox('tos-alert@smartport.vn')).length, { timeout: 10_000 }).toBe(3);
    await knobs('tos', { reset: true });
    await watch();
    // The recovery notice may be queued just after the watch's own send: the queue sends it on its next run.
    const record = async () => {
      await sendQueued();
      const rows = present((await t.call(calls.mail.getMailQueue, {}, admin)).body.payload);
      return rows.filter((r) => r.MailTo === 'tos-alert@smartport.vn').map((r) => [r.Kind, r.Status]);
    };
    await expect.poll(record, { timeout: 10_000 }).toEqual([
      ['alert.up', 'sent'],
      ['alert.down', 'sent'],
      ['alert.up', 'sent'],
      ['alert.down', 'sent'],
    ]);
  });

  it("reads the CATOS → SMP address when the TOS's yard feed to the portal fails, and tells when it is read again", async () => {
    await t.call(
      calls.connectionAlerts.saveAlertMailConfig,
      { alert_catos2smp_mail: 'catos-alert@smartport.vn', alert_smp2catos_mail: '' },
      admin,
    );
    await t.sql("delete from connection_alerts where connection = 'catos2smp'");
    // An order of NDP the TOS holds: the portal reads NDP's yard feed.
    const [held] = await t.sql<{ order_no: string; tos_status: string | null }>(
      "select order_no, tos_status from orders where source = 'SMP' and terminal_code = 'NDP' and completed_at is null order by order_no limit 1",
    );
    const order = present(held);
    await t.sql("update orders set tos_status = 'sent' where order_no = $1", [order.order_no]);
    try {
      await knobs('tos', { down: true });
      const failed = await t.portal.services.yardEvents.importNew(1);
      expect(failed.failures.length).toBeGreaterThan(0);
      // The alert is queued beside the call that failed (never delaying it): sent by the queue's next run.
      const sentTo = async (to: string) => {
        await sendQueued();
        return (await inbox(to)).length;
      };
      await expect.poll(() => sentTo('catos-alert@smartport.vn'), { timeout: 10_000 }).toBe(1);
      expect(present((await inbox('catos-alert@smartport.vn'))[0]).subject).toBe(
        '[SmartPort] Cảnh báo mất kết nối: TOS (CATOS) → SmartPort',
      );
      await knobs('tos', { reset: true });
      expect((await t.portal.services.yardEvents.importNew(1)).failures).toEqual([]);
      await expect.poll(() => sentTo('catos-alert@smartport.vn'), { timeout: 10_000 }).toBe(2);
      expect((await inbox('catos-alert@smartport.vn')).map((m) => m.subject)).toContain(
        '[SmartPort] Kết nối đã phục hồi: TOS (CATOS) → SmartPort',
      );
    } finally {
      await t.sql('update orders set tos_status = $2 where order_no = $1', [order.order_no, order.tos_status]);
    }
  });

  it('two instances meeting the same outage send one mail', async () => {
    await t.call(calls.connectionAlerts.saveAlertMailConfig, { alert_vnpt_mail: 'hoadon-alert@smartport.vn' }, admin);
    await t.sql("delete from connection_alerts where connection = 'vnpt'");
    const second = await createTestApp({ database: t.database, jobs: { start: false } });
    try {
      const outage = { failure: 'unreachable' as const, detail: 'connect ECONNREFUSED' };
      const results = await Promise.all([
        t.portal.services.alerts.report('vnpt', outage),
        second.portal.services.alerts.report('vnpt', outage),
        t.portal.services.alerts.report('vnpt', outage),
      ]);
      expect(results.filter((r) => r === 'sent')).toHaveLength(1);
      await sendQueued();
      expect(await inbox('hoadon-alert@smartport.vn')).toHaveLength(1);
    } finally {
      await t.portal.services.alerts.recovered('vnpt');
      await sendQueued();
      await second.close();
    }
  });

  it('while the sender mail is broken the alert waits in the mail record, the sender is left alone with backoff, and it goes once the sender works', async () => {
    const smtp = new URL(String(sims.mail?.endpoints.smtp));
    const good = { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: PASSWORD, tls: 0 };
    // A port nobody listens on.
    expect((await t.call(calls.mail.saveMailConfig, { ...good, port: 1 }, admin)).status).toBe(200);
    try {
      await sendQueued();
      await t.call(calls.connectionAlerts.saveAlertMailConfig, { alert_vnpt_mail: 'hoadon-gui-loi@smartport.vn' }, admin);
      await t.sql("delete from connection_alerts where connection = 'vnpt'");
      expect(await t.portal.services.alerts.report('vnpt', { failure: 'timeout' })).toBe('sent');
      await t.portal.services.mailQueue.queue({
        DedupeKey: `test:sender-broken:${Date.now()}`,
        Kind: 'order.saved',
        MailTo: ['khach-gui-loi@smartport.vn'],
        Subject: 'Thư thứ hai',
        Html: '<p>x</p>',
        Body: 'x',
      });
      // One try meets the broken sender; the other mail is not tried against it in the same run.
      expect(await sendQueued()).toEqual({ sent: 0, failed: 1 });
      const rows = async () =>
        t.sql<{ kind: string; status: string; attempts: number; waits: boolean; result: string | null }>(
          `select kind, status, attempts, next_try_time > now() waits, result from mail_queue
            where mail_to in ('hoadon-gui-loi@smartport.vn', 'khach-gui-loi@smartport.vn') order by kind`,
        );
      const [alert, other] = await rows();
      expect(alert).toMatchObject({ kind: 'alert.down', status: 'queued', attempts: 1, waits: true });
      expect(alert?.result).toContain('Không thể gửi mail');
      expect(other).toMatchObject({ kind: 'order.saved', status: 'queued', attempts: 0, waits: true });
      // Run again at once: both wait, nothing is tried.
      expect(await sendQueued()).toEqual({ sent: 0, failed: 0 });
      const listed = present((await t.call(calls.mail.getMailQueue, {}, admin)).body.payload).find(
        (r) => r.MailTo === 'hoadon-gui-loi@smartport.vn',
      );
      expect(listed).toMatchObject({ Kind: 'alert.down', Status: 'queued', Attempts: 1 });
      expect(listed?.Result).toContain('Không thể gửi mail');

      // The sender fixed: once their time comes, both go.
      expect((await t.call(calls.mail.saveMailConfig, good, admin)).status).toBe(200);
      await t.sql("update mail_queue set next_try_time = now() where status = 'queued'");
      expect(await sendQueued()).toMatchObject({ sent: 2, failed: 0 });
      expect((await inbox('hoadon-gui-loi@smartport.vn')).map((m) => m.subject)).toEqual([
        '[SmartPort] Cảnh báo mất kết nối: SmartPort → hóa đơn điện tử (VNPT)',
      ]);
    } finally {
      await t.call(calls.mail.saveMailConfig, good, admin);
      await t.portal.services.alerts.recovered('vnpt');
      await sendQueued();
    }
  });
});

describe('mail order', () => {
  const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };

  it('mails the shipping line in real time when its order is approved (paid without approval)', async () => {
    const [order] = await t.sql<{ order_no: string; operation_code: string }>(
      // Not the line of the daily-rule test below ('ONE'): its orders would match this rule too.
      `select order_no, operation_code from orders where order_status = 'A' and transaction_id is null and operation_code is not null
         and operation_code <> 'ONE' and not exists (select 1 from payments p where p.order_no = orders.order_no) order by order_no limit 1`,
    );
    const o = present(order);
    await configureApprovalFor(t, o.order_no, true);
    const rule = {
      OperationCode: o.operation_code,
      MailTitle: 'Lệnh đã duyệt',
      MailCC: 'line@hangtau.vn',
      DataFilter: 'DL',
      DelayType: 'TGT',
      IsActive: true,
    };
    expect((await t.call(calls.mail.updateMailOrderList, { data: [rule] }, admin)).body.success).toBe(true);

    const start = await t.call(calls.payments.makeCardTransfer, { OrderNo: o.order_no, ...card }, admin);
    expect(start.status, start.raw).toBe(200);
    const paid = await t.call(
      calls.payments.confirmCardTransfer,
      { otp: '123456', clientMessageId: present(start.body.data).clientMessageId },
      admin,
    );
    expect(paid.status, paid.raw).toBe(200);

    // Queued by the approval's handler at once, sent by the mail queue's job.
    await expect
      .poll(async () => (await t.sql("select 1 from mail_queue where mail_to = 'line@hangtau.vn'")).length, { timeout: 15_000 })
      .toBe(1);
    await t.sql("update scheduled_jobs set last_tick = -1 where name = 'mail.queue'");
    await t.portal.jobs.runNow('mail.queue');
    expect(await inbox('line@hangtau.vn')).toHaveLength(1);
    const [mail] = await inbox('line@hangtau.vn');
    expect(present(mail).subject).toBe('Lệnh đã duyệt (1 lệnh)');
    expect(present(mail).html).toContain(o.order_no);
  });

  it('mails daily rules at their time: the job sends what came due, one mail per rule and time', async () => {
    const orders = await t.sql<{ order_no: string; operation_code: string }>(
      "select order_no, operation_code from orders where operation_code = 'ONE' and order_status = 'C' order by order_no limit 2",
    );
    expect(orders).toHaveLength(2);
    const rule = {
      OperationCode: 'ONE',
      MailTitle: 'Tổng hợp lệnh ONE',
      MailCC: 'daily@one-line.com',
      DataFilter: 'DL',
      DelayType: 'GHN',
      DelayTime: '25:00',
      IsActive: true,
    };
    expect((await t.call(calls.mail.updateMailOrderList, { data: [rule] }, admin)).body.success).toBe(true);
    for (const o of orders) {
      const r = await t.portal.services.mailOrders.orderReached(o.order_no, 'DL');
      expect(r).toEqual({ recorded: 1, queued: 0 });
    }
    // Due at 01:00 port time after the day they came: not yet.
    const [due] = await t.sql<{ due: Date }>(
      "select distinct due_time due from mail_order_events e join mail_orders r on r.rowguid = e.rule_rowguid where r.operation_code = 'ONE'",
    );
    expect(portTimeText(new Date(present(due).due)).slice(11)).toBe('01:00:00');
    await t.portal.jobs.runNow('mail.orders');
    expect(await inbox('daily@one-line.com')).toHaveLength(0);
    // The time comes.
    await t.sql("update mail_order_events set due_time = now() - interval '1 second' where sent_time is null");
    await t.sql("update scheduled_jobs set last_tick = -1 where name = 'mail.orders'");
    await t.portal.jobs.runNow('mail.orders');
    await t.sql("update scheduled_jobs set last_tick = -1 where name = 'mail.queue'");
    await t.portal.jobs.runNow('mail.queue');
    const mails = await inbox('daily@one-line.com');
    expect(mails).toHaveLength(1);
    for (const o of orders) expect(present(mails[0]).html).toContain(o.order_no);
  });
});
