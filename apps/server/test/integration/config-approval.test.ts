import { approvalMessages, calls, paymentMessages, portTimeText } from '@smartport/contract';
import { cardSimulator, einvoiceSimulator, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Spec 03 §2.4 'Approval', §3 Approval row, §4, §5, §7 config/getApprovalJobMode, saveApprovalJobMode,
// common/getReffList, §8; spec 02 §4: the configuration decides at payment whether an order waits for approval.
let t: TestApp;
let sims: RunningSimulator[];
let admin: string;
let staff: string;

beforeAll(async () => {
  const card = await startSimulator(cardSimulator, 0);
  const einvoice = await startSimulator(einvoiceSimulator, 0);
  sims = [card, einvoice];
  t = await createTestApp({ jobs: { start: false }, config: { simulators: { card: card.url, einvoice: einvoice.url } } });
  admin = await t.login('admin');
  staff = await t.login('nhanvien');
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const s of sims ?? []) await s.close();
});

// Staff 'nhanvien' works at NDP, NDV and NHP.
const scope = {
  TerminalCode: 'NDV',
  OperationCode: 'MSC',
  MoneyCredit: 'M',
  CustomerCode: 'C0000003',
  FromDate: '2031-03-01 00:00:00',
  ToDate: '2031-03-31 00:00:00',
};
const stored = (where = "terminal_code = 'NDV' and operation_code = 'MSC' and customer_code = 'C0000003'") =>
  t.sql<{ rowguid: string; job_mode_code: string; is_approval: boolean; is_un_approval: boolean; from_date: Date; to_date: Date }>(
    `select rowguid::text, job_mode_code, is_approval, is_un_approval, from_date, to_date from approval_configs where ${where} order by job_mode_code`,
  );

describe('config/getApprovalJobMode and the filter messages', () => {
  it('needs an operator, then a payee = the customer (spec 03 §5), then the payment type, in that order; all (*) is a choice', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, approvalMessages.operator],
      [{ ...scope, OperationCode: '' }, approvalMessages.operator],
      [{ ...scope, OperationCode: null, MoneyCredit: '' }, approvalMessages.operator],
      [{ ...scope, CustomerCode: '', MoneyCredit: '' }, 'Vui lòng chọn đối tượng thanh toán'],
      [{ ...scope, CustomerCode: '' }, 'Vui lòng chọn đối tượng thanh toán'],
      [{ ...scope, MoneyCredit: '' }, 'Vui lòng chọn loại thanh toán!'],
      [{ ...scope, FromDate: '' }, approvalMessages.fromDate],
      [{ ...scope, ToDate: '' }, approvalMessages.toDate],
    ];
    for (const [body, message] of steps) {
      const res = await t.send(calls.approval.getApprovalJobMode, body, staff);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    const all = await t.call(
      calls.approval.getApprovalJobMode,
      { ...scope, OperationCode: '*', MoneyCredit: '*', CustomerCode: '*' },
      staff,
    );
    expect(all.status, all.raw).toBe(200);
  });

  it('lists every job mode with blank switches for a scope nothing is stored for, dates as start and end of day', async () => {
    const res = await t.call(calls.approval.getApprovalJobMode, scope, staff);
    expect(res.status, res.raw).toBe(200);
    const rows = present(res.body.data);
    const modes = await t.sql<{ job_mode_code: string }>('select job_mode_code from job_modes order by job_mode_code');
    expect(rows.map((r) => r.JobModeCode)).toEqual(modes.map((m) => m.job_mode_code));
    for (const r of rows) {
      expect(r).toMatchObject({
        Rowguid: null,
        IsApproval: false,
        IsUnApproval: false,
        OperationCode: 'MSC',
        CustomerCode: 'C0000003',
        MoneyCredit: 'M',
        FromDate: '2031-03-01 00:00:00',
        ToDate: '2031-03-31 23:59:59',
      });
      expect(r.JobModeName).toBeTruthy();
    }
  });

  it('refuses bad scopes with Vietnamese 400s: payment type, dates, unknown operator or customer', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...scope, MoneyCredit: 'X' }, approvalMessages.moneyCredit],
      [{ ...scope, FromDate: '2031-02-30 00:00:00' }, approvalMessages.dateFormat],
      [{ ...scope, ToDate: 'ngày mai' }, approvalMessages.dateFormat],
      [{ ...scope, FromDate: '2031-04-01 00:00:00' }, approvalMessages.dateOrder],
      [{ ...scope, OperationCode: 'NOPE' }, approvalMessages.operatorUnknown('NOPE')],
      [{ ...scope, CustomerCode: 'C9999999' }, approvalMessages.customerUnknown('C9999999')],
    ];
    for (const [body, message] of cases) {
      for (const call of [calls.approval.getApprovalJobMode, calls.approval.saveApprovalJobMode]) {
        const res = await t.send(call, { ...body, JobModeCode: 'LAYN', IsApproval: true }, staff);
        expect(res.status, `${call.path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body).toEqual({ success: false, message });
      }
    }
    expect(await stored()).toHaveLength(0);
  });
});

describe('config/saveApprovalJobMode', () => {
  it('saves one switch, answers the Rowguid, and the second toggle with it changes the same row (no duplicate)', async () => {
    const first = await t.call(
      calls.approval.saveApprovalJobMode,
      { ...scope, JobModeCode: 'LAYN', IsApproval: true, IsUnApproval: false },
      staff,
    );
    expect(first.status, first.raw).toBe(200);
    expect(first.body.message).toBe(approvalMessages.saved);
    const row = present(first.body.data);
    expect(row).toMatchObject({
      JobModeCode: 'LAYN',
      IsApproval: true,
      IsUnApproval: false,
      ToDate: '2031-03-31 23:59:59',
      TerminalCode: 'NDV',
    });
    expect(row.Rowguid).toMatch(/^[0-9a-f-]{36}$/);

    const second = await t.call(
      calls.approval.saveApprovalJobMode,
      { ...scope, Rowguid: row.Rowguid, JobModeCode: 'LAYN', IsApproval: false, IsUnApproval: true },
      staff,
    );
    expect(second.status, second.raw).toBe(200);
    expect(present(second.body.data).Rowguid).toBe(row.Rowguid);
    // Without the Rowguid (another tab) the same scope and job mode is still the same row.
    const third = await t.call(
      calls.approval.saveApprovalJobMode,
      { ...scope, JobModeCode: 'LAYN', IsApproval: true, IsUnApproval: false },
      staff,
    );
    expect(present(third.body.data).Rowguid).toBe(row.Rowguid);

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rowguid: row.Rowguid, job_mode_code: 'LAYN', is_approval: true, is_un_approval: false });
    // Expiry at the end of the port day (spec 03 §4), start of day for the apply date.
    expect(portTimeText(new Date(present(rows[0]).to_date))).toBe('2031-03-31 23:59:59');
    expect(portTimeText(new Date(present(rows[0]).from_date))).toBe('2031-03-01 00:00:00');

    const list = present((await t.call(calls.approval.getApprovalJobMode, scope, staff)).body.data);
    expect(list.find((r) => r.JobModeCode === 'LAYN')).toMatchObject({ Rowguid: row.Rowguid, IsApproval: true, IsUnApproval: false });
    expect(list.filter((r) => r.Rowguid)).toHaveLength(1);
  });

  it('refuses both switches on (server side too), an unknown job mode and a Rowguid that is not there', async () => {
    const both = await t.send(
      calls.approval.saveApprovalJobMode,
      { ...scope, JobModeCode: 'CAPR', IsApproval: 1, IsUnApproval: '1' },
      staff,
    );
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ success: false, message: approvalMessages.both });
    const unknown = await t.send(calls.approval.saveApprovalJobMode, { ...scope, JobModeCode: 'XXXX', IsApproval: true }, staff);
    expect(unknown.body).toEqual({ success: false, message: approvalMessages.jobMode('XXXX') });
    const none = await t.send(calls.approval.saveApprovalJobMode, { ...scope, JobModeCode: '', IsApproval: true }, staff);
    expect(none.body).toEqual({ success: false, message: approvalMessages.jobModeMissing });
    const gone = await t.send(
      calls.approval.saveApprovalJobMode,
      { ...scope, Rowguid: '00000000-0000-4000-8000-000000000000', JobModeCode: 'CAPR', IsApproval: true },
      staff,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(approvalMessages.rowMissing);
    expect((await stored()).map((r) => r.job_mode_code)).toEqual(['LAYN']);
    // The database refuses both switches as well (a second line under the service's check).
    await expect(
      t.sql(
        `insert into approval_configs (terminal_code, job_mode_code, from_date, to_date, is_approval, is_un_approval)
         values ('NDV', 'CAPR', now(), now(), true, true)`,
      ),
    ).rejects.toThrow(/approval_configs_exclusive/);
  });

  it('keeps to the caller terminals: another terminal is refused, its rows are not in the caller reff list', async () => {
    const other = await t.send(
      calls.approval.saveApprovalJobMode,
      { ...scope, TerminalCode: 'BDP', JobModeCode: 'LAYN', IsApproval: true },
      staff,
    );
    expect(other.status).toBe(403);
    const adminRow = await t.call(
      calls.approval.saveApprovalJobMode,
      {
        ...scope,
        TerminalCode: 'BDP',
        FromDate: '2032-01-01 00:00:00',
        ToDate: '2032-01-31 00:00:00',
        JobModeCode: 'LAYN',
        IsUnApproval: true,
      },
      admin,
    );
    expect(adminRow.status, adminRow.raw).toBe(200);
    // A Rowguid of another terminal is not the caller's to change.
    const foreign = await t.send(
      calls.approval.saveApprovalJobMode,
      { ...scope, Rowguid: present(adminRow.body.data).Rowguid, JobModeCode: 'LAYN', IsApproval: true },
      staff,
    );
    expect(foreign.status).toBe(404);
    const staffList = present((await t.call(calls.approval.getReffList, {}, staff)).body.payload).map((r) => r.ReffCode);
    expect(staffList).toContain('20310301-20310331-MSC-C0000003-M');
    expect(staffList).not.toContain('20320101-20320131-MSC-C0000003-M');
    const adminList = present((await t.call(calls.approval.getReffList, {}, admin)).body.payload).map((r) => r.ReffCode);
    expect(adminList).toContain('20320101-20320131-MSC-C0000003-M');
    const bdpOnly = present((await t.call(calls.approval.getReffList, { TerminalCode: 'BDP' }, admin)).body.payload).map((r) => r.ReffCode);
    expect(bdpOnly).toContain('20320101-20320131-MSC-C0000003-M');
    expect(bdpOnly).not.toContain('20310301-20310331-MSC-C0000003-M');
  });
});

describe('common/getReffList', () => {
  it('lists each stored scope once, built from the rows (dates YYYYMMDD, * for all), the demo scopes among them', async () => {
    await t.call(calls.approval.saveApprovalJobMode, { ...scope, JobModeCode: 'CAPR', IsUnApproval: true }, staff);
    await t.call(
      calls.approval.saveApprovalJobMode,
      { ...scope, OperationCode: '*', CustomerCode: '*', MoneyCredit: '*', JobModeCode: 'HBAI', IsApproval: true },
      staff,
    );
    const res = await t.call(calls.approval.getReffList, {}, staff);
    expect(res.status, res.raw).toBe(200);
    const codes = present(res.body.payload).map((r) => r.ReffCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => c === '20310301-20310331-MSC-C0000003-M')).toHaveLength(1);
    expect(codes).toContain('20310301-20310331-*-*-*');
    for (const c of codes) expect(c).toMatch(/^\d{8}-\d{8}-[^-]+-[^-]+-[MC*]$/);
    // The demo configuration's wide scope is there too.
    expect(codes.some((c) => c.endsWith('-*-*-*') && !c.startsWith('2031'))).toBe(true);
  });

  it('is the approval screen menu (CFG_APPROVAL): a customer account is refused', async () => {
    const customer = await t.login('khachhang');
    expect((await t.send(calls.approval.getReffList, {}, customer)).status).toBe(403);
    expect((await t.send(calls.approval.getApprovalJobMode, scope, customer)).status).toBe(403);
  });
});

describe('the decision at payment (spec 02 §4)', () => {
  const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
  const today = portTimeText(new Date()).slice(0, 10);

  async function unpaidOrder(exclude: string[] = []) {
    const [row] = await t.sql<{
      order_no: string;
      terminal_code: string;
      job_mode_code: string;
      operation_code: string;
      customer_code: string;
      money_credit: string;
    }>(
      `select order_no, terminal_code, job_mode_code, operation_code, customer_code, money_credit from orders
       where order_status = 'A' and transaction_id is null and operation_code is not null and not (order_no = any($1::text[]))
         and not exists (select 1 from payments p where p.order_no = orders.order_no)
       order by order_no limit 1`,
      [exclude],
    );
    return present(row);
  }
  /** The order's own scope on the screen ('today' as the period), one switch for its job mode. */
  async function configure(o: Awaited<ReturnType<typeof unpaidOrder>>, sw: 'IsApproval' | 'IsUnApproval') {
    const res = await t.call(
      calls.approval.saveApprovalJobMode,
      {
        TerminalCode: o.terminal_code,
        OperationCode: o.operation_code,
        CustomerCode: o.customer_code,
        MoneyCredit: o.money_credit,
        FromDate: `${today} 00:00:00`,
        ToDate: `${today} 00:00:00`,
        JobModeCode: o.job_mode_code,
        [sw]: true,
      },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
  }
  async function pay(orderNo: string) {
    const start = await t.call(calls.payments.makeCardTransfer, { OrderNo: orderNo, ...card }, admin);
    expect(start.status, start.raw).toBe(200);
    const paid = await t.call(
      calls.payments.confirmCardTransfer,
      { otp: '123456', clientMessageId: present(start.body.data).clientMessageId },
      admin,
    );
    expect(paid.status, paid.raw).toBe(200);
    return present(paid.body.data);
  }
  const state = async (orderNo: string) =>
    present(
      (
        await t.sql<{ order_status: string; skip_approval: boolean }>(
          'select order_status, skip_approval from orders where order_no = $1',
          [orderNo],
        )
      )[0],
    );

  it("'Cần duyệt' for the order's job mode: paid, it waits for staff (P) and publishing says it awaits approval", async () => {
    const o = await unpaidOrder();
    // The demo's skip flag on the order no longer decides: set it the other way round.
    await t.sql('update orders set skip_approval = true where order_no = $1', [o.order_no]);
    await configure(o, 'IsApproval');
    const inquiry = await t.call(calls.payments.homeOrderInquiry, { orderNo: o.order_no }, admin);
    expect(present(inquiry.body.data).skip_approval).toBe(false);
    const paid = await pay(o.order_no);
    expect(paid.skip_approval).toBe(false);
    expect(await state(o.order_no)).toEqual({ order_status: 'P', skip_approval: false });
    const pub = await t.call(calls.invoices.publishOrderNo, { OrderNo: o.order_no }, admin);
    expect(pub.body.message).toBe(paymentMessages.awaitingApproval);
    expect(await t.sql('select 1 from invoices where order_no = $1', [o.order_no])).toHaveLength(0);
  });

  it("'Không cần duyệt': paid, it is approved at once (C) and its invoice is published", async () => {
    const first = await unpaidOrder();
    const o = await unpaidOrder([first.order_no]);
    await t.sql('update orders set skip_approval = false where order_no = $1', [o.order_no]);
    await configure(o, 'IsUnApproval');
    expect(present((await t.call(calls.payments.homeOrderInquiry, { orderNo: o.order_no }, admin)).body.data).skip_approval).toBe(true);
    const paid = await pay(o.order_no);
    expect(paid.skip_approval).toBe(true);
    expect(await state(o.order_no)).toEqual({ order_status: 'C', skip_approval: true });
    await expect
      .poll(async () => (await t.sql('select 1 from invoices where order_no = $1', [o.order_no])).length, { timeout: 15_000 })
      .toBe(1);
  });

  it('a switch turned the other way before payment decides: the latest setting wins, with no row the order waits', async () => {
    const o = await unpaidOrder();
    await configure(o, 'IsUnApproval');
    await configure(o, 'IsApproval');
    expect(present((await t.call(calls.payments.homeOrderInquiry, { orderNo: o.order_no }, admin)).body.data).skip_approval).toBe(false);
    // No row at all for the order's terminal and job mode: approval is needed (docs/decisions.md).
    await t.sql('delete from approval_configs where terminal_code = $1 and job_mode_code = $2', [o.terminal_code, o.job_mode_code]);
    expect(present((await t.call(calls.payments.homeOrderInquiry, { orderNo: o.order_no }, admin)).body.data).skip_approval).toBe(false);
    expect((await pay(o.order_no)).skip_approval).toBe(false);
    expect((await state(o.order_no)).order_status).toBe('P');
  });
});
