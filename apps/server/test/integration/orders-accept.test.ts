import { acceptMessages, calls } from '@smartport/contract';
import {
  demoMailAccount,
  demoTosAccount,
  einvoiceSimulator,
  type HeldTosOrder,
  mailSimulator,
  type ReceivedMail,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The staff approval queue 'Duyệt lệnh': approve → C (invoice, TOS through the mappings), reject with a
// reason (paid money recorded for refund), TOS refusal → alert mail → resend, cancel of an approved order (invoice
// cancelled with the provider and traced), scope and roles. Against the TOS, e-invoice and mail simulators over HTTP.
let t: TestApp;
let sims: Record<string, RunningSimulator>;
const tok: Record<string, string> = {};

const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const tosHolds = async (): Promise<HeldTosOrder[]> =>
  ((await (await fetch(`${sims.tos?.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;
const inbox = async (to: string): Promise<ReceivedMail[]> => {
  const list = (await (await fetch(`${sims.mail?.url}/messages?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: string }[] };
  return Promise.all(list.messages.map(async (m) => (await (await fetch(`${sims.mail?.url}/messages/${m.id}`)).json()) as ReceivedMail));
};

/** The demo orders waiting for staff at NDP (db/seed/approval-queue.data.ts), by job mode, in seed order (the serial: an
 * order made before port midnight carries the day before in its number, so the number alone does not sort them). */
async function waiting(job: string, paid = true): Promise<string> {
  const [row] = await t.sql<{ order_no: string }>(
    `select order_no from orders where terminal_code = 'NDP' and order_status = 'P' and job_mode_code = $1
       and (transaction_id is not null) = $2 and order_no like 'NDP%900000_' order by right(order_no, 7) limit 1`,
    [job, paid],
  );
  return present(row, `a waiting ${job} order`).order_no;
}
const orderRow = async (orderNo: string) =>
  present(
    (
      await t.sql<{
        order_status: string;
        approved_by: string | null;
        reject_reason: string | null;
        tos_status: string;
        tos_message: string | null;
      }>('select order_status, approved_by, reject_reason, tos_status, tos_message from orders where order_no = $1', [orderNo])
    )[0],
  );
const invoiceOf = async (orderNo: string) =>
  (
    await t.sql<{ invoice_series: string; invoice_no: string; status: string }>(
      'select invoice_series, invoice_no, status from invoices where order_no = $1',
      [orderNo],
    )
  )[0];

beforeAll(async () => {
  sims = {};
  for (const def of [mailSimulator, tosSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  t = await createTestApp({
    config: {
      simulators: Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url])),
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
    },
    jobs: { start: false },
  });
  for (const u of ['admin', 'nhanvien', 'khachhang', 'haiquan']) tok[u] = await t.login(u);
  const smtp = new URL(String(sims.mail?.endpoints.smtp));
  await t.call(
    calls.mail.saveMailConfig,
    { host: smtp.hostname, port: Number(smtp.port), user: demoMailAccount.user, pass: demoMailAccount.pass, tls: 0 },
    tok.admin,
  );
  await t.call(calls.connectionAlerts.saveAlertMailConfig, { alert_smp2catos_mail: 'tos-canhbao@smartport.vn' }, tok.admin);
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const s of Object.values(sims ?? {})) await s.close();
});
beforeEach(async () => {
  for (const name of ['tos', 'einvoice']) await knobs(name, { reset: true });
});

describe('the queue', () => {
  it('lists the waiting orders of the staff member’s terminals, found by PIN, order number or container', async () => {
    const r = await t.call(calls.orders.loadAcceptOrders, {}, tok.nhanvien);
    expect(r.status).toBe(200);
    const rows = present(r.body.payload);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((o) => o.OrderStatus === 'P' && ['NDP', 'NDV', 'NHP'].includes(o.TerminalCode))).toBe(true);
    const one = present(rows.find((o) => o.JobModeCode === 'LAYN' && o.TransactionId));
    expect(one).toMatchObject({ OrderStatusName: 'Chờ duyệt', TosStatus: 'none', ContainerCount: 2 });
    const byPin = await t.call(calls.orders.loadAcceptOrders, { OrderStatus: '*', FindValue: one.PinCode.split('-')[0] }, tok.nhanvien);
    expect(present(byPin.body.payload).map((o) => o.OrderNo)).toEqual([one.OrderNo]);
    const [c] = await t.sql<{ container_no: string }>('select container_no from order_containers where order_no = $1 limit 1', [
      one.OrderNo,
    ]);
    const byCntr = await t.call(calls.orders.loadAcceptOrders, { FindValue: present(c).container_no }, tok.nhanvien);
    expect(present(byCntr.body.payload).map((o) => o.OrderNo)).toContain(one.OrderNo);
  });
});

describe('approve', () => {
  it('approves a paid waiting order: C with the approver, invoice issued, the TOS holds it with the mapped job and tariff codes', async () => {
    const heard: { orderNo: string; invoiceNo: string }[] = [];
    t.portal.events.onAfterCommit('invoice.issued', 'test.invoice-issued', async (e) => void heard.push(e));
    const orderNo = await waiting('LAYN');
    const r = await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(acceptMessages.approved);
    expect(await orderRow(orderNo)).toMatchObject({ order_status: 'C', approved_by: 'nhanvien' });
    await expect.poll(async () => (await invoiceOf(orderNo))?.status, { timeout: 10_000 }).toBe('Y');
    // The push job (every 30 s, under the advisory lock) sends what the first attempt did not.
    expect(t.portal.jobs.names()).toContain('orders.tos-push');
    await t.portal.jobs.runNow('orders.tos-push');
    await expect.poll(async () => (await orderRow(orderNo)).tos_status, { timeout: 10_000 }).toBe('sent');
    const held = present((await tosHolds()).find((o) => o.orderNo === orderNo));
    expect(held.containers.map((c) => c.jobCode)).toEqual(['LN', 'LN']);
    expect(held.charges.map((c) => c.tariffCode).sort()).toEqual(['LOLO-20-F', 'LOLO-40-F']);
    expect(held.terminalCode).toBe('NDP');

    // invoice/publishInvoiceNo answers the issued invoice of the approved order.
    const inv = await t.call(calls.invoices.publishInvoiceNo, { OrderNo: orderNo }, tok.nhanvien);
    expect(inv.status).toBe(200);
    const item = present(inv.body.msg?.[0]);
    const issued = present(await invoiceOf(orderNo));
    expect(item.InvoiceNo).toBe(`${issued.invoice_series}-${issued.invoice_no}`);

    // The approval and the invoice were domain events: each after-commit handler ran once (its outbox row done).
    await expect
      .poll(() => heard.find((e) => e.orderNo === orderNo)?.invoiceNo, { timeout: 10_000 })
      .toBe(`${issued.invoice_series}-${issued.invoice_no}`);
    const rows = async () =>
      t.sql<{ event: string; handler: string; attempts: number; done: boolean }>(
        "select event, handler, attempts, done_time is not null as done from domain_outbox where payload->>'orderNo' = $1 order by handler",
        [orderNo],
      );
    await expect.poll(async () => (await rows()).every((r) => r.done), { timeout: 10_000 }).toBe(true);
    expect((await rows()).map((r) => `${r.event} ${r.handler} ${r.attempts}`)).toEqual([
      'order.approved invoices.publish-approved 1',
      'order.approved mail.orders-approved 1',
      'order.approved mail.payer-approved 1',
      'invoice.issued mail.payer-invoice 1',
      'order.approved orders.live-approved 1',
      'order.approved orders.tos-delivery 1',
      'invoice.issued test.invoice-issued 1',
    ]);
  });

  it('approves once when two staff approve at the same moment; the second hears the order is no longer waiting', async () => {
    const orderNo = await waiting('HBAI');
    const both = await Promise.all([
      t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien),
      t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.admin),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(acceptMessages.notWaiting);
    await t.portal.services.tosDelivery.pushDue();
    await expect.poll(async () => (await tosHolds()).find((o) => o.orderNo === orderNo)?.received, { timeout: 10_000 }).toBe(1);
  });

  it('answers 409 for an order that is not waiting and publishInvoiceNo 409 for one not approved', async () => {
    const orderNo = await waiting('DVKT');
    const inv = await t.call(calls.invoices.publishInvoiceNo, { OrderNo: orderNo }, tok.nhanvien);
    expect(inv.status).toBe(409);
    expect(inv.body.message).toBe(acceptMessages.notApproved);
    const [approved] = await t.sql<{ order_no: string }>(
      "select order_no from orders where terminal_code = 'NDP' and order_status = 'C' limit 1",
    );
    const again = await t.call(calls.orders.approveOrder, { OrderNo: present(approved).order_no }, tok.nhanvien);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(acceptMessages.notWaiting);
  });
});

describe('TOS refusal', () => {
  it('shows the refusal, mails the SMP → TOS alert address, and delivers on resend once the TOS takes it', async () => {
    await t.sql("delete from connection_alerts where connection = 'smp2catos'");
    await fetch(`${sims.mail?.url}/messages`, { method: 'DELETE' });
    await knobs('tos', { refuseOrders: 'Container không có trong kế hoạch khai thác' });
    const orderNo = await waiting('TRAR');
    expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien)).status).toBe(200);
    await t.portal.services.tosDelivery.pushDue();
    await expect.poll(async () => (await orderRow(orderNo)).tos_status, { timeout: 10_000 }).toBe('refused');
    expect((await orderRow(orderNo)).tos_message).toBe('TOS từ chối lệnh: Container không có trong kế hoạch khai thác');
    // Queued for the mail queue's job, which sends it.
    await expect
      .poll(
        async () => {
          await t.portal.services.mailQueue.sendDue();
          return (await inbox('tos-canhbao@smartport.vn')).length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const [mail] = await inbox('tos-canhbao@smartport.vn');
    expect(present(mail).subject).toContain('SmartPort → TOS (CATOS)');
    expect(present(mail).html).toContain('Container không có trong kế hoạch khai thác');

    const list = await t.call(calls.orders.loadAcceptOrders, { OrderStatus: 'C', FindValue: orderNo }, tok.nhanvien);
    expect(present(list.body.payload)[0]).toMatchObject({ TosStatus: 'refused', TosStatusName: 'TOS từ chối' });

    await knobs('tos', { reset: true });
    const resent = await t.call(calls.orders.resendTos, { OrderNo: orderNo }, tok.nhanvien);
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(acceptMessages.tosResent);
    expect((await orderRow(orderNo)).tos_status).toBe('sent');
    expect((await tosHolds()).some((o) => o.orderNo === orderNo)).toBe(true);
  });

  it('refuses an order whose job mode has no TOS mapping, in words staff can act on, and retries when the TOS is down', async () => {
    const orderNo = await waiting('CAPR', false);
    const saved = await t.sql<{ tos_code: string }>("delete from mapping_job_modes where job_mode_code = 'CAPR' returning tos_code");
    expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien)).status).toBe(200);
    await t.portal.services.tosDelivery.pushDue();
    await expect.poll(async () => (await orderRow(orderNo)).tos_status, { timeout: 10_000 }).toBe('refused');
    expect((await orderRow(orderNo)).tos_message).toContain('Chưa có mapping phương án CAPR');
    await t.sql("insert into mapping_job_modes (job_mode_code, cont_size, cargo_type_code, tos_code) values ('CAPR', '*', '*', $1)", [
      present(saved[0]).tos_code,
    ]);
    // The TOS down: failed, with a next try (the job retries it).
    await knobs('tos', { down: true });
    const down = await t.call(calls.orders.resendTos, { OrderNo: orderNo }, tok.nhanvien);
    expect(down.status).toBe(200);
    const [row] = await t.sql<{ tos_status: string; tos_next_try: Date | null }>(
      'select tos_status, tos_next_try from orders where order_no = $1',
      [orderNo],
    );
    expect(present(row).tos_status).toBe('failed');
    expect(present(row).tos_next_try).not.toBeNull();
    await knobs('tos', { reset: true });
    await t.sql('update orders set tos_next_try = now() where order_no = $1', [orderNo]);
    await t.portal.services.tosDelivery.pushDue();
    expect((await orderRow(orderNo)).tos_status).toBe('sent');
    // Pay later: the credit order is invoiced on approval too.
    await expect.poll(async () => (await invoiceOf(orderNo))?.status, { timeout: 10_000 }).toBe('Y');
  });
});

describe('reject', () => {
  it('rejects a paid order with its reason: D, money recorded for refund, the customer sees the state and reason', async () => {
    const orderNo = await waiting('RUT');
    const none = await t.call(calls.orders.rejectOrder, { OrderNo: orderNo, Reason: '  ' }, tok.nhanvien);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain(acceptMessages.noReason);
    // The customer's open pages hear it (live event to the order's creator).
    const heard: { user: string; envelope: { request_type: string; note_state?: string; message?: string } }[] = [];
    const live = t.portal.live;
    const toUser = live.toUser;
    live.toUser = (user, event, envelope) => {
      heard.push({ user, envelope });
      toUser.call(live, user, event, envelope);
    };
    const r = await t
      .call(calls.orders.rejectOrder, { OrderNo: orderNo, Reason: 'Container đang bị giữ kiểm hóa' }, tok.nhanvien)
      .finally(() => {
        live.toUser = toUser;
      });
    expect(r.status).toBe(200);
    const [creator] = await t.sql<{ created_by: string }>('select created_by from orders where order_no = $1', [orderNo]);
    expect(heard).toContainEqual({
      user: present(creator).created_by,
      envelope: expect.objectContaining({
        request_type: 'order_state',
        note_state: 'D',
        message: `Lệnh ${orderNo} bị từ chối: Container đang bị giữ kiểm hóa`,
      }),
    });
    expect(r.body.message).toBe(acceptMessages.rejected);
    expect(await orderRow(orderNo)).toMatchObject({ order_status: 'D', reject_reason: 'Container đang bị giữ kiểm hóa' });
    const follow = await t.call(calls.payments.listFollowups, {}, tok.admin);
    const refund = present(present(follow.body.data).find((f) => f.OrderNo === orderNo));
    expect(refund).toMatchObject({
      Kind: 'refund',
      Reason: 'order_rejected',
      ReasonText: 'Lệnh đã thanh toán bị nhân viên cảng từ chối duyệt',
    });
    const again = await t.call(calls.orders.rejectOrder, { OrderNo: orderNo, Reason: 'Lần hai' }, tok.nhanvien);
    expect(again.status).toBe(409);
  });
});

describe('cancel an approved order', () => {
  it('cancels the invoice with the provider, traces every step, tells the TOS and records the money for refund', async () => {
    const orderNo = await waiting('LAYN');
    expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien)).status).toBe(200);
    await expect.poll(async () => (await invoiceOf(orderNo))?.status, { timeout: 10_000 }).toBe('Y');
    await t.portal.services.tosDelivery.pushDue();
    await expect.poll(async () => (await orderRow(orderNo)).tos_status, { timeout: 10_000 }).toBe('sent');
    const issued = present(await invoiceOf(orderNo));

    const r = await t.call(
      calls.orders.cancelApprovedOrder,
      { OrderNo: orderNo, Reason: 'Khách hàng đổi kế hoạch nhận hàng' },
      tok.nhanvien,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(acceptMessages.cancelled);
    expect((await orderRow(orderNo)).order_status).toBe('D');
    expect(present(await invoiceOf(orderNo)).status).toBe('C');
    const atProvider = (await (
      await fetch(`${sims.einvoice?.url}/_knobs/invoices/${issued.invoice_series}/${issued.invoice_no}`)
    ).json()) as {
      state: string;
      cancelReason: string;
    };
    expect(atProvider).toMatchObject({ state: 'cancelled', cancelReason: 'Khách hàng đổi kế hoạch nhận hàng' });
    const trace = await t.call(calls.orders.trackingInvoiceCancel, { OrderNo: orderNo }, tok.nhanvien);
    expect(present(trace.body.payload).map((s) => s.Step)).toEqual(['requested', 'provider_cancelled', 'done']);
    expect(present(trace.body.payload)[0]).toMatchObject({ StepName: 'Yêu cầu hủy hóa đơn', CreatedBy: 'nhanvien' });
    expect(present((await tosHolds()).find((o) => o.orderNo === orderNo)).cancelled?.reason).toBe('Khách hàng đổi kế hoạch nhận hàng');
    const [refund] = await t.sql<{ reason: string }>("select reason from payment_followups where kind = 'refund' and order_no = $1", [
      orderNo,
    ]);
    expect(present(refund).reason).toBe('approved_cancelled');

    // The customer traces its own order; another customer's is not found.
    const own = await t.call(calls.orders.trackingInvoiceCancel, { OrderNo: orderNo }, tok.khachhang);
    expect(own.status).toBe(200);
  });

  it('shows a provider failure, and the job retries the cancellation until the provider cancels it', async () => {
    const orderNo = await waiting('DVKT');
    expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien)).status).toBe(200);
    await expect.poll(async () => (await invoiceOf(orderNo))?.status, { timeout: 10_000 }).toBe('Y');
    await knobs('einvoice', { failCancel: true });
    const r = await t.call(calls.orders.cancelApprovedOrder, { OrderNo: orderNo, Reason: 'Hủy theo yêu cầu hãng tàu' }, tok.nhanvien);
    expect(r.status).toBe(200);
    expect(r.body.message).toContain('chưa hủy được');
    expect(present(await invoiceOf(orderNo)).status).toBe('Y');
    const list = await t.call(calls.orders.loadAcceptOrders, { OrderStatus: 'D', FindValue: orderNo }, tok.nhanvien);
    expect(present(list.body.payload)[0]?.InvoiceState).toBe('Hủy hóa đơn lỗi, đang thử lại');

    // Not due yet: nothing tried.
    expect(await t.portal.services.invoices.retryCancellations()).toEqual({ tried: 0, cancelled: 0 });
    await knobs('einvoice', { reset: true });
    expect(await t.portal.services.invoices.retryCancellations(new Date(Date.now() + 5 * 60_000))).toEqual({ tried: 1, cancelled: 1 });
    const trace = await t.call(calls.orders.trackingInvoiceCancel, { OrderNo: orderNo }, tok.nhanvien);
    expect(present(trace.body.payload).map((s) => s.Step)).toEqual([
      'requested',
      'provider_failed',
      'retried',
      'provider_cancelled',
      'done',
    ]);
    expect(present(await invoiceOf(orderNo)).status).toBe('C');
  });
});

describe('who may', () => {
  it('refuses the queue to customers and customs officers (403)', async () => {
    const orderNo = await waiting('HBAI').catch(() => 'NDP0000000000');
    for (const u of ['khachhang', 'haiquan']) {
      expect((await t.call(calls.orders.loadAcceptOrders, {}, tok[u])).status).toBe(403);
      expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok[u])).status).toBe(403);
      expect((await t.call(calls.orders.cancelApprovedOrder, { OrderNo: orderNo, Reason: 'x' }, tok[u])).status).toBe(403);
    }
  });

  it('does not find an order of another terminal (404) nor lists it', async () => {
    const [other] = await t.sql<{ order_no: string }>(
      "update orders set order_status = 'P' where order_no = (select order_no from orders where terminal_code = 'GML' and order_status = 'C' and transaction_id is not null limit 1) returning order_no",
    );
    const orderNo = present(other).order_no;
    const r = await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.nhanvien);
    expect(r.status).toBe(404);
    const list = await t.call(calls.orders.loadAcceptOrders, { TerminalCode: 'GML' }, tok.nhanvien);
    expect(present(list.body.payload)).toEqual([]);
    // The administrator holds every terminal.
    expect((await t.call(calls.orders.approveOrder, { OrderNo: orderNo }, tok.admin)).status).toBe(200);
  });

  it('lets a customer trace only its own orders', async () => {
    const [other] = await t.sql<{ order_no: string }>(
      "select order_no from orders where terminal_code = 'NDP' and customer_code <> 'C0000001' and order_status = 'D' limit 1",
    );
    const r = await t.call(calls.orders.trackingInvoiceCancel, { OrderNo: present(other).order_no }, tok.khachhang);
    expect(r.status).toBe(404);
  });
});
