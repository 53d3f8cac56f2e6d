import { calls, portTimeText, shownPin } from '@smartport/contract';
import {
  demoMailAccount,
  demoTosAccount,
  einvoiceSimulator,
  mailSimulator,
  type ReceivedMail,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvents, EventName } from '../../src/events/domain-events';
import { dueTime } from '../../src/modules/mail/mail-orders.service';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The mails to payers and shipping lines, from the domain events through the mail queue to the local mail server.
let t: TestApp;
let sims: Record<string, RunningSimulator>;
let admin: string;
const PUBLIC_URL = 'https://cang.smartport.test';

const inbox = async (to: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${sims.mail?.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${sims.mail?.url}/messages/${m.id}`)).json()) as ReceivedMail));
};
const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Publishes through the portal's bus and waits for the after-commit handlers. */
async function publish<K extends EventName>(name: K, payload: DomainEvents[K]) {
  await t.portal.events.publish(name, payload);
  await t.portal.events.drain();
}
/** One run of a job through the scheduler's lock (a new tick: the lock runs a tick once). */
async function runJob(name: 'mail.queue' | 'mail.orders') {
  await t.sql('update scheduled_jobs set last_tick = -1 where name = $1', [name]);
  await t.portal.jobs.runNow(name);
}

interface OrderPick {
  order_no: string;
  pin_code: string;
  customer_code: string;
  created_by: string;
  operation_code: string;
}
const used = new Set<string>();
/** An order not used by another test, its payer and creator given addresses of their own (`tag`). */
async function orderFor(tag: string, where = "order_status = 'C'"): Promise<OrderPick & { payer: string; creator: string }> {
  const rows = await t.sql<OrderPick>(
    `select order_no, pin_code, customer_code, created_by, operation_code from orders
      where ${where} and created_by in (select user_id from users) and operation_code is not null and source = 'SMP' order by order_no limit 200`,
  );
  // The addresses are set per test (the inbox is emptied before each): only the order must be new.
  const o = present(rows.find((r) => !used.has(r.order_no)));
  used.add(o.order_no);
  const payer = `ketoan-${tag}@khachhang.vn`;
  const creator = `nguoitao-${tag}@khachhang.vn`;
  await t.sql('update customers set email = $2 where customer_code = $1', [o.customer_code, payer]);
  await t.sql('update users set email = $2 where user_id = $1', [o.created_by, creator]);
  return { ...o, payer, creator };
}

const queueRows = (orderNo: string) =>
  t.sql<{ kind: string; mail_to: string; status: string; attempts: number; result: string | null; sent: boolean; next_try: Date }>(
    `select kind, mail_to, status, attempts, result, sent_time is not null sent, next_try_time next_try from mail_queue
      where order_no = $1 order by kind, mail_to`,
    [orderNo],
  );

beforeAll(async () => {
  sims = {};
  for (const def of [mailSimulator, tosSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({
    config: {
      simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])),
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
      publicUrl: PUBLIC_URL,
    },
    jobs: { start: false },
  });
  admin = await t.login('admin');
  const smtp = new URL(String(sims.mail?.endpoints.smtp));
  const saved = await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: demoMailAccount.pass, tls: 0 },
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
  await knobs('mail', { reset: true });
});

describe('the payer and the order’s creator hear of each fact of their order', () => {
  it('one mail per event to each, through the mail queue job, with the PIN, the links and the QR', async () => {
    const o = await orderFor('events');
    const pin = shownPin(o.pin_code);
    const at = new Date().toISOString();
    await publish('order.saved', { orderNo: o.order_no, terminal: 'NDP', by: o.created_by });
    await publish('order.paid', {
      orderNo: o.order_no,
      payer: o.created_by,
      skipApproval: false,
      amount: 1_100_000,
      transactionId: 'FT26001',
    });
    await publish('invoice.issued', {
      orderNo: o.order_no,
      invoiceNo: 'C26TAA-0000777',
      by: null,
      pdfUrl: 'https://hoadon.example.vn/C26TAA/0000777.pdf',
    });
    await publish('order.approved', { orderNo: o.order_no, by: 'nhanvien', payer: null, createdBy: o.created_by });
    await publish('order.rejected', { orderNo: o.order_no, by: 'nhanvien', reason: 'Thiếu <D/O> giấy', createdBy: o.created_by });
    await publish('order.allocated', { orderNo: o.order_no, containerNos: ['MSCU1234565'], at });
    await publish('order.completed', { orderNo: o.order_no, at });
    await publish('order.extensionDue', {
      orderNo: o.order_no,
      extensionOrderNo: 'NDP2612010000042',
      containerNos: ['MSCU1234565'],
      amount: 350_000,
    });
    // Queued, not sent: only the job sends.
    expect((await queueRows(o.order_no)).every((r) => r.status === 'queued')).toBe(true);
    expect(await inbox(o.payer)).toHaveLength(0);

    await runJob('mail.queue');
    const mails = await inbox(o.payer);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `SmartPort – Lệnh ${pin} đã được lưu`,
        `SmartPort – Lệnh ${pin} đã thanh toán`,
        `SmartPort – Hóa đơn C26TAA-0000777 của lệnh ${pin}`,
        `SmartPort – Lệnh ${pin} đã được duyệt`,
        `SmartPort – Lệnh ${pin} bị từ chối`,
        `SmartPort – Lệnh ${pin} đã được phân bổ`,
        `SmartPort – Lệnh ${pin} đã hoàn tất`,
        `SmartPort – Lệnh ${pin} cần gia hạn`,
      ].sort(),
    );
    for (const m of mails) {
      expect(m.to).toEqual([o.payer]);
      expect(m.text).toContain(o.order_no);
      expect(m.html).toContain(o.order_no);
      // The PIN as screens show it: never its suffix.
      if (o.pin_code.includes('-')) expect(`${m.subject}${m.text}`).not.toContain(o.pin_code);
    }
    const bySubject = (s: string) => present(mails.find((m) => m.subject.includes(s)));
    const saved = bySubject('đã được lưu');
    expect(saved.text).toMatch(new RegExp(`${PUBLIC_URL}/order/[\\w.-]+`));
    expect(saved.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    expect(bySubject('đã thanh toán').text).toContain('Lệnh đang trạng thái chờ duyệt');
    expect(bySubject('Hóa đơn').html).toContain('href="https://hoadon.example.vn/C26TAA/0000777.pdf"');
    const rejected = bySubject('bị từ chối');
    expect(rejected.text).toContain('Lý do: Thiếu <D/O> giấy');
    expect(rejected.html).toContain('Thiếu &lt;D/O&gt; giấy');
    expect(bySubject('phân bổ').text).toContain('MSCU1234565');
    expect(bySubject('cần gia hạn').text).toContain('NDP2612010000042');
    // The creator gets the same eight.
    expect(await inbox(o.creator)).toHaveLength(8);

    const rows = await queueRows(o.order_no);
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.status === 'sent' && r.sent && r.attempts === 1)).toBe(true);
    // The staff's record screen lists them, newest first.
    const list = await t.call(calls.mail.getMailQueue, {}, admin);
    expect(list.status).toBe(200);
    const listed = present(list.body.payload).filter((r) => r.OrderNo === o.order_no);
    expect(listed).toHaveLength(16);
    expect(listed.every((r) => r.Status === 'sent' && r.SentTime && r.Attempts === 1)).toBe(true);
    expect(new Set(listed.map((r) => r.Kind)).size).toBe(8);
  });

  it('a payer without an address is recorded as skipped with the reason; the creator is still mailed', async () => {
    const o = await orderFor('skip');
    await t.sql('update customers set email = null where customer_code = $1', [o.customer_code]);
    await publish('order.approved', { orderNo: o.order_no, by: 'nhanvien', payer: null, createdBy: o.created_by });
    await runJob('mail.queue');
    const rows = await queueRows(o.order_no);
    expect(rows.filter((r) => r.kind === 'order.approved').map((r) => [r.status, r.mail_to, r.result])).toEqual([
      ['skipped', '', `Khách hàng ${o.customer_code} chưa có địa chỉ mail`],
      ['sent', o.creator, expect.stringContaining('Đã gửi')],
    ]);
    expect(await inbox(o.creator)).toHaveLength(1);
  });

  it('one mail when the payer and the creator share an address', async () => {
    const o = await orderFor('shared');
    await t.sql('update users set email = $2 where user_id = $1', [o.created_by, o.payer.toUpperCase()]);
    await publish('order.completed', { orderNo: o.order_no, at: new Date().toISOString() });
    await runJob('mail.queue');
    expect(await inbox(o.payer)).toHaveLength(1);
  });

  it('a replayed event queues and sends nothing new', async () => {
    const o = await orderFor('replay');
    const event = { orderNo: o.order_no, by: 'nhanvien', reason: 'Sai số container', createdBy: o.created_by };
    await publish('order.rejected', event);
    await publish('order.rejected', event);
    // And the handler's outbox row run again, as after a crash before its done mark.
    await t.sql(
      "update domain_outbox set done_time = null, claimed_until = null, next_try_time = now() where handler = 'mail.payer-rejected' and payload->>'orderNo' = $1",
      [o.order_no],
    );
    await t.portal.events.retryDue();
    await runJob('mail.queue');
    await runJob('mail.queue');
    expect(await inbox(o.payer)).toHaveLength(1);
    expect(await inbox(o.creator)).toHaveLength(1);
    expect(await queueRows(o.order_no)).toHaveLength(2);
  });
});

describe('a refusing mail server', () => {
  it('leaves the mail queued with the refusal and a backoff, then sends it once when the server takes it', async () => {
    const o = await orderFor('retry');
    await knobs('mail', { rejectRecipients: true });
    await publish('order.saved', { orderNo: o.order_no, terminal: 'NDP', by: o.created_by });
    await runJob('mail.queue');
    let rows = await queueRows(o.order_no);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'queued', attempts: 1, sent: false });
      expect(r.result).toContain('Không thể gửi mail');
      // Backoff: not before 30 s.
      expect(new Date(r.next_try).getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // Within the backoff the next run leaves it.
    await runJob('mail.queue');
    expect((await queueRows(o.order_no)).map((r) => r.attempts)).toEqual([1, 1]);

    await knobs('mail', { reset: true });
    // The backoff is over.
    await t.sql('update mail_queue set next_try_time = now() where order_no = $1', [o.order_no]);
    await runJob('mail.queue');
    rows = await queueRows(o.order_no);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    await runJob('mail.queue');
    expect(await inbox(o.payer)).toHaveLength(1);
    expect(await inbox(o.creator)).toHaveLength(1);
    // The SMTP password is in no record.
    const [dump] = await t.sql<{ text: string }>("select coalesce(string_agg(mail_queue::text, ''), '') text from mail_queue");
    expect(present(dump).text).not.toContain(demoMailAccount.pass);
  });
});

describe('mail-order rules of the shipping line', () => {
  it('DL at once (TGT), PB by period (TCK), HT daily (GHN), each at its time through the jobs', async () => {
    const [line] = await t.sql<{ operation_code: string }>(
      `select operation_code from orders where order_status = 'C' and operation_code is not null
        group by 1 having count(*) >= 6 order by count(*) desc limit 1`,
    );
    const op = present(line).operation_code;
    const orders = (
      await t.sql<{ order_no: string }>(
        "select order_no from orders where operation_code = $1 and order_status = 'C' order by order_no limit 6",
        [op],
      )
    ).map((r) => r.order_no);
    const rules = [
      { OperationCode: op, MailTitle: 'Lệnh đã duyệt', MailCC: 'dl@hangtau.vn', DataFilter: 'DL', DelayType: 'TGT', IsActive: true },
      {
        OperationCode: op,
        MailTitle: 'Lệnh đã phân bổ',
        MailCC: 'pb@hangtau.vn',
        DataFilter: 'PB',
        DelayType: 'TCK',
        DelayTime: '01:00',
        IsActive: true,
      },
      {
        OperationCode: op,
        MailTitle: 'Lệnh hoàn tất',
        MailCC: 'ht@hangtau.vn',
        DataFilter: 'HT',
        DelayType: 'GHN',
        DelayTime: '17:00',
        IsActive: true,
      },
    ];
    const saved = await t.call(calls.mail.updateMailOrderList, { data: rules }, admin);
    expect(saved.body.success, saved.raw).toBe(true);
    const [a, b, c, d, e] = orders as [string, string, string, string, string];

    // DL, real time: queued by the approval's handler, sent by the next run of the mail queue.
    await publish('order.approved', { orderNo: a, by: 'nhanvien', payer: null, createdBy: null });
    await runJob('mail.queue');
    const dl = await inbox('dl@hangtau.vn');
    expect(dl.map((m) => m.subject)).toEqual(['Lệnh đã duyệt (1 lệnh)']);
    expect(present(dl[0]).html).toContain(a);
    expect(present(dl[0]).text).toContain(a);

    // PB every hour: two allocations of one past period go in one mail when the job finds them due; one of the
    // running period waits for its end.
    // Ten minutes into the hour before this one (hours from port midnight are whole hours of UTC).
    const hourAgo = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 50 * 60_000);
    await publish('order.allocated', { orderNo: b, containerNos: ['MSCU1234565'], at: hourAgo.toISOString() });
    await publish('order.allocated', { orderNo: c, containerNos: ['TGHU7654321'], at: new Date(hourAgo.getTime() + 1000).toISOString() });
    const now = new Date();
    await publish('order.allocated', { orderNo: d, containerNos: ['MSCU1234565'], at: now.toISOString() });
    const due = async (orderNo: string, state: string) =>
      new Date(
        present(
          (
            await t.sql<{ due: Date }>('select due_time due from mail_order_events where order_no = $1 and data_filter = $2', [
              orderNo,
              state,
            ])
          )[0],
        ).due,
      ).getTime();
    expect(await due(b, 'PB')).toBe(dueTime({ DelayType: 'TCK', DelayTime: '01:00' }, hourAgo).getTime());
    expect(await due(d, 'PB')).toBe(dueTime({ DelayType: 'TCK', DelayTime: '01:00' }, now).getTime());
    expect(await due(d, 'PB')).toBeGreaterThan(Date.now());
    await runJob('mail.orders');
    await runJob('mail.queue');
    const pb = await inbox('pb@hangtau.vn');
    expect(pb.map((m) => m.subject)).toEqual(['Lệnh đã phân bổ (2 lệnh)']);
    expect(present(pb[0]).html).toContain(b);
    expect(present(pb[0]).html).toContain(c);
    expect(present(pb[0]).html).not.toContain(d);

    // HT every day at 17:00 port time: one completed two days ago went that day; one completed now waits for 17:00.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await publish('order.completed', { orderNo: e, at: twoDaysAgo.toISOString() });
    await publish('order.completed', { orderNo: a, at: now.toISOString() });
    expect(portTimeText(new Date(await due(a, 'HT'))).slice(11)).toBe('17:00:00');
    expect(await due(a, 'HT')).toBe(dueTime({ DelayType: 'GHN', DelayTime: '17:00' }, now).getTime());
    await runJob('mail.orders');
    await runJob('mail.queue');
    const ht = await inbox('ht@hangtau.vn');
    expect(ht.map((m) => m.subject)).toEqual(['Lệnh hoàn tất (1 lệnh)']);
    expect(present(ht[0]).html).toContain(e);

    // Their time comes: the waiting PB and HT mails go, once.
    await t.sql("update mail_order_events set due_time = now() - interval '1 second' where sent_time is null and order_no = any($1)", [
      [a, d],
    ]);
    await runJob('mail.orders');
    await runJob('mail.queue');
    await runJob('mail.orders');
    await runJob('mail.queue');
    expect((await inbox('pb@hangtau.vn')).map((m) => m.subject)).toEqual(['Lệnh đã phân bổ (2 lệnh)', 'Lệnh đã phân bổ (1 lệnh)']);
    expect((await inbox('ht@hangtau.vn')).map((m) => m.subject)).toEqual(['Lệnh hoàn tất (1 lệnh)', 'Lệnh hoàn tất (1 lệnh)']);
    // An allocation heard again for the same order and state: the rule's mail is not made twice.
    await publish('order.allocated', { orderNo: b, containerNos: ['MSCU1234565'], at: hourAgo.toISOString() });
    await runJob('mail.orders');
    await runJob('mail.queue');
    expect(await inbox('pb@hangtau.vn')).toHaveLength(2);
    expect(await inbox('dl@hangtau.vn')).toHaveLength(1);
  });
});
