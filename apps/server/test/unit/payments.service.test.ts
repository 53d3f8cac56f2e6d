import { paymentMessages } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import type { BankPageGateway, BankPageResult, SignedBankResult } from '../../src/adapters/bank-page/bank-page.port';
import type { CardConfirm, CardGateway, CardStart } from '../../src/adapters/card/card.port';
import type { EinvoiceProvider } from '../../src/adapters/einvoice/einvoice.port';
import type { Outcome } from '../../src/adapters/outcome';
import type { QrTransfer, VietQrBank } from '../../src/adapters/vietqr/vietqr.port';
import type { AuthUser } from '../../src/http/context';
import { mbServiceCharge } from '../../src/modules/admin/mb-charges';
import { approvalNeededBy } from '../../src/modules/approval/approval-rules';
import { createInvoicesService } from '../../src/modules/invoices/invoices.service';
import { createPaymentsService } from '../../src/modules/payments/payments.service';
import { approvalRulesFor, createFakePaymentsRepository, unpaidOrder } from './fakes/payments-repository.fake';

/**
 * The payment and invoice services with fakes of the partner ports (no HTTP): each outcome a port
 * can answer becomes the user's message and the right state of the attempt and the order.
 */
const user: AuthUser = {
  UserID: 'khachhang',
  UserName: 'Khách hàng',
  UserGroupCode: 'KH',
  UserGroupName: 'Khách hàng',
  Rank: 10,
  terminals: ['NDP'],
  // The payer is the fake order's customer: only the order's customer (or granted staff) pays it.
  CustomerCode: 'KH01',
  Email: null,
  grants: new Set(['HOME']),
  jti: 'j1',
};
const ACCOUNT = '0801000123456';
const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };

/** A card gateway whose answers the test sets; by default everything succeeds. */
function fakeCard() {
  const answers: { start: CardStart[]; confirm: CardConfirm[] } = { start: [], confirm: [] };
  const seen: { start: string[]; confirm: string[] } = { start: [], confirm: [] };
  let amount = 0;
  const gateway: CardGateway = {
    async checkCard(bin) {
      return { ok: true, value: { isExpireDate: !bin.startsWith('9704') } };
    },
    async startTransfer(t) {
      seen.start.push(t.merchantRef);
      amount = t.amount;
      return answers.start.shift() ?? { ok: true, otpLength: 6 };
    },
    async confirm(ref) {
      seen.confirm.push(ref);
      return answers.confirm.shift() ?? { ok: true, transactionId: 'MB0001', amount };
    },
  };
  return { gateway, answers, seen };
}

/** A bank page that signs with 'good': the fake's read is the adapter's contract (checksum first, then the status). */
function fakeBankPage() {
  const status: { next: Outcome<{ signed: SignedBankResult; result: BankPageResult }> | null } = { next: null };
  const read = (signed: SignedBankResult): BankPageResult => {
    if (signed.checksum !== 'good') return { state: 'bad_checksum' };
    const { requestId, status: s, amount, transactionId } = signed.data;
    if (s === 'PENDING') return { state: 'pending', requestId };
    if (s === 'SUCCESS') return { state: 'paid', requestId, amount, transactionId };
    return { state: 'cancelled', requestId };
  };
  const gateway: BankPageGateway = {
    async create(p) {
      return { ok: true, value: { paymentUrl: `http://bank.test/pay/${p.requestId}` } };
    },
    async status(requestId) {
      if (status.next) return status.next;
      const signed = { data: signedData(requestId, 'PENDING', 0), checksum: 'good' };
      return { ok: true, value: { signed, result: read(signed) } };
    },
    read,
  };
  return { gateway, status, read };
}
const signedData = (requestId: string, status: string, amount: number) => ({
  requestId,
  orderNo: 'SP-0001',
  amount,
  status,
  transactionId: status === 'SUCCESS' ? 'FT123' : '',
  time: new Date().toISOString(),
});

function fakeVietQr() {
  const booked: QrTransfer[] = [];
  const bank: VietQrBank & { down: boolean } = {
    down: false,
    async registerWebhook() {
      return { ok: true, value: undefined };
    },
    async transfers(note) {
      if (bank.down) return { ok: false, failure: 'unreachable' };
      return { ok: true, value: booked.filter((b) => b.note.includes(note)) };
    },
    readNotice(n) {
      const { checksum, ...transfer } = n;
      return checksum === 'good' ? { ok: true, transfer } : { ok: false, failure: 'bad_checksum' };
    },
  };
  return { bank, booked };
}

/** The fee tables as 'Mức phí dịch vụ …' and 'Mức phí xử lý giao dịch …' hold them in the demo. */
const mbTables = {
  charges: [
    { TotalSum: 0, Charge: 0.11 },
    { TotalSum: 10, Charge: 0.09 },
  ],
  fees: [{ FeeSchedule: 1100 }],
};

function setup(orders = [unpaidOrder()]) {
  const data = createFakePaymentsRepository(orders);
  const cardFake = fakeCard();
  const bankFake = fakeBankPage();
  const qrFake = fakeVietQr();
  const events: { userId: string; event: string; data: unknown }[] = [];
  const warnings: string[] = [];
  const payments = createPaymentsService({
    repo: data.repo,
    ports: { card: cardFake.gateway, bankPage: bankFake.gateway, vietqr: qrFake.bank },
    live: {
      toUser: (userId, event, env) => void events.push({ userId, event, data: env.data }),
      toAll: () => {},
      endSession: async () => {},
    },
    settings: { vietQrAccount: ACCOUNT, portalUrl: () => 'http://portal.test' },
    offers: async () => true,
    // The approval decision by the real rule selection over a configuration matching each order's wish.
    approvalNeeded: async (f) => approvalNeededBy(approvalRulesFor(orders), f),
    mbCharge: async (monthTotal, amount) => mbServiceCharge(monthTotal, amount, mbTables),
    log: { info: () => {}, warn: (_o, m) => void warnings.push(m) },
  });
  return { ...data, payments, card: cardFake, bank: bankFake, qr: qrFake, events, warnings };
}

const order = (s: ReturnType<typeof setup>) => s.orders.get('SP-0001');
const attemptOf = (s: ReturnType<typeof setup>, code: string, partner = 'MB') => s.attempts.get(`${partner}:${code}`);

describe('card + OTP through the card port', () => {
  it('pays on a confirmed OTP: order paid with the gateway transaction, the spec message', async () => {
    const s = setup();
    const start = await s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card });
    const code = String(start.data?.clientMessageId);
    expect(start.data?.otpLength).toBe(6);
    expect(s.card.seen.start).toEqual([`MB:${code}`]);
    const paid = await s.payments.confirmCardTransfer(user, { otp: '123456', clientMessageId: code });
    expect(paid).toMatchObject({ success: true, message: paymentMessages.paid, data: { OrderNo: 'SP-0001', transactionId: 'MB0001' } });
    expect(order(s)).toMatchObject({ OrderStatus: 'C', TransactionId: 'MB0001' });
    expect(attemptOf(s, code)?.Status).toBe(1);
  });

  it('records on the card attempt the MB-NAPAS fee the inquiry showed, from the fee tables', async () => {
    const s = setup([unpaidOrder({ TotalAmount: 1_557_360 })]);
    const shown = await s.payments.inquiry(user, { orderNo: 'SP-0001' });
    // 1,557,360 × 0.11 % = 1,713 (rounded) + 1,100 per transaction.
    expect(shown.data?.MbServiceFee).toEqual({ percent: 0.11, charge: 1713, processingFee: 1100, total: 2813 });
    const code = String((await s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).data?.clientMessageId);
    expect(s.serviceFees.get(`MB:${code}`)).toBe(2813);
  });

  it("answers a declined card with 424 and the gateway's reason, and ends the attempt", async () => {
    const s = setup();
    s.card.answers.start.push({ ok: false, failure: 'declined', detail: 'Thẻ không hợp lệ hoặc bị từ chối' });
    await expect(s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).rejects.toMatchObject({
      statusCode: 424,
      message: 'Giao dịch thất bại! Thẻ không hợp lệ hoặc bị từ chối.',
    });
    const [ref] = s.card.seen.start;
    expect(s.attempts.get(String(ref))?.Status).toBe(-1);
    expect(order(s)).toMatchObject({ OrderStatus: 'A', TransactionId: null });
  });

  it('counts down wrong OTPs with the spec message and fails the transaction on the third', async () => {
    const s = setup();
    const code = String((await s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).data?.clientMessageId);
    s.card.answers.confirm.push(
      { ok: false, failure: 'wrong_otp', attemptsLeft: 2 },
      { ok: false, failure: 'wrong_otp', attemptsLeft: 1 },
      { ok: false, failure: 'transfer_failed' },
    );
    const confirm = (otp: string) => s.payments.confirmCardTransfer(user, { otp, clientMessageId: code });
    await expect(confirm('000001')).rejects.toMatchObject({ statusCode: 400, message: 'Mã OTP không đúng. Quý khách còn 2 lần nhập.' });
    expect(attemptOf(s, code)).toMatchObject({ Status: 0, Confirming: false });
    await expect(confirm('000002')).rejects.toMatchObject({ statusCode: 400, message: 'Mã OTP không đúng. Quý khách còn 1 lần nhập.' });
    await expect(confirm('000003')).rejects.toMatchObject({ statusCode: 400, message: paymentMessages.otpFailed });
    expect(attemptOf(s, code)?.Status).toBe(-1);
    // The attempt is over: even the right OTP does not reach the gateway again.
    await expect(confirm('123456')).rejects.toMatchObject({ message: paymentMessages.otpFailed });
    expect(s.card.seen.confirm).toHaveLength(3);
    expect(order(s)?.OrderStatus).toBe('A');
  });

  it('keeps the attempt open after a confirmation time-out (424) so the payer can confirm again', async () => {
    const s = setup();
    const code = String((await s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).data?.clientMessageId);
    s.card.answers.confirm.push({ ok: false, failure: 'timeout' });
    await expect(s.payments.confirmCardTransfer(user, { otp: '123456', clientMessageId: code })).rejects.toMatchObject({
      statusCode: 424,
      message: 'Cổng thanh toán thẻ không phản hồi kịp, vui lòng thử lại.',
    });
    expect(attemptOf(s, code)).toMatchObject({ Status: 0, Confirming: false });
    const again = await s.payments.confirmCardTransfer(user, { otp: '123456', clientMessageId: code });
    expect(again.message).toBe(paymentMessages.paid);
    expect(order(s)?.OrderStatus).toBe('C');
  });

  it('ends the attempt when starting times out, and says so; a missing gateway address is its own message', async () => {
    const s = setup();
    s.card.answers.start.push({ ok: false, failure: 'timeout' }, { ok: false, failure: 'not_configured' });
    await expect(s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).rejects.toMatchObject({
      statusCode: 424,
      message: 'Cổng thanh toán thẻ không phản hồi kịp, vui lòng thử lại.',
    });
    expect(s.attempts.get(String(s.card.seen.start[0]))?.Status).toBe(-1);
    await expect(s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).rejects.toMatchObject({
      statusCode: 424,
      message: 'Chưa cấu hình kết nối tới cổng thanh toán thẻ.',
    });
  });

  it('refuses a charged amount that differs from the order and leaves the order unpaid', async () => {
    const s = setup();
    const code = String((await s.payments.makeCardTransfer(user, { OrderNo: 'SP-0001', ...card })).data?.clientMessageId);
    s.card.answers.confirm.push({ ok: true, transactionId: 'MB0002', amount: 1_249_000 });
    await expect(s.payments.confirmCardTransfer(user, { otp: '123456', clientMessageId: code })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('không khớp'),
    });
    expect(order(s)).toMatchObject({ OrderStatus: 'A', TransactionId: null });
  });
});

describe('bank page through its port', () => {
  async function open(s: ReturnType<typeof setup>) {
    const r = await s.payments.makeBankTransfer(user, { OrderNo: 'SP-0001' });
    expect(r.data?.redirectUrl).toMatch(/^http:\/\/bank\.test\/pay\//);
    return String(r.data?.requestId);
  }

  it('refuses a result whose checksum does not verify, from the poll, the notice and the browser', async () => {
    const s = setup();
    const requestId = await open(s);
    const forged = { data: signedData(requestId, 'SUCCESS', 1_250_000), checksum: 'forged' };
    s.bank.status.next = { ok: true, value: { signed: forged, result: s.bank.read(forged) } };
    await expect(s.payments.checkBankReceive(user, { requestId })).rejects.toMatchObject({
      statusCode: 400,
      message: paymentMessages.checksum,
    });
    await expect(s.payments.bankNotify(forged)).rejects.toMatchObject({ statusCode: 400, message: paymentMessages.checksum });
    await expect(s.payments.verifyChecksum(user, { data: forged.data, checkSumKey: forged.checksum })).rejects.toMatchObject({
      message: paymentMessages.checksum,
    });
    expect(order(s)).toMatchObject({ OrderStatus: 'A', TransactionId: null });
    expect(attemptOf(s, requestId, 'VCB_NAPAS')?.Status).toBe(0);
  });

  it('applies a signed success once (notice, then the poll shows it) and verifies its checksum', async () => {
    const s = setup();
    const requestId = await open(s);
    expect(await s.payments.checkBankReceive(user, { requestId })).toMatchObject({ stopped: false });
    const good = { data: signedData(requestId, 'SUCCESS', 1_250_000), checksum: 'good' };
    expect(await s.payments.bankNotify(good)).toEqual({ success: true, message: paymentMessages.paid });
    expect(await s.payments.bankNotify(good)).toMatchObject({ success: true });
    s.bank.status.next = { ok: true, value: { signed: good, result: s.bank.read(good) } };
    const poll = await s.payments.checkBankReceive(user, { requestId });
    expect(poll).toMatchObject({ stopped: true, data: { napasData: good.data, checkSumKey: 'good', transactionId: 'FT123' } });
    expect(await s.payments.verifyChecksum(user, { data: good.data, checkSumKey: 'good' })).toEqual({ success: true });
    expect(order(s)).toMatchObject({ OrderStatus: 'C', TransactionId: 'FT123' });
  });

  it('ends the attempt on a cancelled payment, and answers a bank time-out with 424', async () => {
    const s = setup();
    const requestId = await open(s);
    s.bank.status.next = { ok: false, failure: 'timeout' };
    await expect(s.payments.checkBankReceive(user, { requestId })).rejects.toMatchObject({
      statusCode: 424,
      message: 'Ngân hàng không phản hồi kịp, vui lòng thử lại.',
    });
    const cancelled = { data: signedData(requestId, 'CANCELLED', 1_250_000), checksum: 'good' };
    await expect(s.payments.bankNotify(cancelled)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Giao dịch đã bị hủy tại ngân hàng.',
    });
    expect(attemptOf(s, requestId, 'VCB_NAPAS')?.Status).toBe(-1);
  });

  it('reconciles: a bank that does not answer is logged and skipped, a signed success is applied', async () => {
    const s = setup();
    const requestId = await open(s);
    const attempt = attemptOf(s, requestId, 'VCB_NAPAS');
    if (attempt) attempt.CreatedTime = new Date(Date.now() - 120_000);
    s.bank.status.next = { ok: false, failure: 'unreachable' };
    expect(await s.payments.reconcile()).toEqual({ checked: 1, applied: 0 });
    expect(s.warnings).toContain('reconciliation: bank not asked');
    const good = { data: signedData(requestId, 'SUCCESS', 1_250_000), checksum: 'good' };
    s.bank.status.next = { ok: true, value: { signed: good, result: s.bank.read(good) } };
    expect(await s.payments.reconcile()).toEqual({ checked: 1, applied: 1 });
    expect(order(s)?.OrderStatus).toBe('C');
  });
});

describe('VietQR through its port', () => {
  async function qr(s: ReturnType<typeof setup>) {
    const r = await s.payments.createQr(user, { OrderNo: 'SP-0001', amount: 1_250_000 }, 'mb');
    expect(r.data?.qr).toMatch(/^000201010212/);
    return String(r.data?.clientMessageId);
  }
  const notice = (code: string, over: Partial<QrTransfer & { checksum: string }> = {}) => ({
    transactionId: 'QR1',
    amount: 1_250_000,
    note: `SMP ${code}`,
    account: ACCOUNT,
    checksum: 'good',
    ...over,
  });

  it('matches a signed bank notice to the order by the note and pays it', async () => {
    const s = setup();
    const code = await qr(s);
    expect(await s.payments.qrNotify(notice(code))).toEqual({ success: true, message: paymentMessages.paid });
    expect(order(s)).toMatchObject({ OrderStatus: 'C', TransactionId: 'QR1' });
  });

  it('refuses a notice with a bad checksum or to another account; money of another amount is acknowledged and recorded for refund', async () => {
    const s = setup();
    const code = await qr(s);
    await expect(s.payments.qrNotify(notice(code, { checksum: 'forged' }))).rejects.toMatchObject({ message: paymentMessages.checksum });
    await expect(s.payments.qrNotify(notice(code, { account: '999' }))).rejects.toMatchObject({
      message: 'Tài khoản nhận không phải của cảng.',
    });
    expect(order(s)?.OrderStatus).toBe('A');
    // The bank booked the transfer: it hears "received", the order stays unpaid, the money is a refund to make.
    await expect(s.payments.qrNotify(notice(code, { amount: 1_000 }))).resolves.toMatchObject({
      success: true,
      message: expect.stringContaining('không khớp'),
    });
    expect(order(s)).toMatchObject({ OrderStatus: 'A', TransactionId: null });
    expect(s.followups).toMatchObject([{ Kind: 'refund', Reason: 'amount_mismatch', Amount: 1_000, TransactionId: 'QR1' }]);
    expect(s.warnings).toContain('money arrived for an order that is not payable: recorded for refund');
  });

  it('reconciles a transfer whose notice was lost; a bank that is down is skipped', async () => {
    const s = setup();
    const code = await qr(s);
    const attempt = attemptOf(s, code, 'VIETQR');
    if (attempt) attempt.CreatedTime = new Date(Date.now() - 120_000);
    s.qr.bank.down = true;
    expect(await s.payments.reconcile()).toEqual({ checked: 1, applied: 0 });
    s.qr.bank.down = false;
    s.qr.booked.push({ transactionId: 'QR9', amount: 1_250_000, note: `SMP ${code}`, account: ACCOUNT });
    expect(await s.payments.reconcile()).toEqual({ checked: 1, applied: 1 });
    expect(order(s)).toMatchObject({ OrderStatus: 'C', TransactionId: 'QR9' });
  });
});

describe('invoices through the e-invoice port', () => {
  function withProvider(answer: () => ReturnType<EinvoiceProvider['issue']>) {
    const s = setup([unpaidOrder({ OrderStatus: 'C', TransactionId: 'MB0001' })]);
    const invoices = createInvoicesService({
      repo: s.repo,
      einvoice: {
        issue: answer,
        cancel: async () => ({ ok: false, failure: 'not_configured' }),
        pdfUrl: (i) => `http://einvoice.test/${i.InvoiceSeries}/${i.InvoiceNo}.pdf`,
      },
      payments: s.payments,
      publicOrders: { linkToken: () => 'tok' },
      portalUrl: () => null,
    });
    return { ...s, invoices };
  }

  it('publishes once and links the PDF where the provider serves it', async () => {
    let calls = 0;
    const s = withProvider(async () => {
      calls++;
      return { ok: true, value: { series: 'C26TAA', invoiceNo: '10234567', taxAuthorityCode: 'M1-26-X', issuedAt: new Date() } };
    });
    const r = await s.invoices.publish(user, { OrderNo: 'SP-0001' });
    expect(r).toMatchObject({
      message: paymentMessages.invoiced,
      msg: [{ InvoiceNo: 'C26TAA-10234567', pdf_url: 'http://einvoice.test/C26TAA/10234567.pdf' }],
    });
    await s.invoices.publish(user, { OrderNo: 'SP-0001' });
    expect(calls).toBe(1);
    expect(s.events.at(-1)).toMatchObject({ event: 'order_completed', data: { success_invoice: true, InvoiceNo: 'C26TAA-10234567' } });
  });

  it("answers a provider time-out with 424 'Lỗi xuất hóa đơn' and tells the open dialog it failed", async () => {
    const s = withProvider(async () => ({ ok: false, failure: 'timeout' }));
    await expect(s.invoices.publish(user, { OrderNo: 'SP-0001' })).rejects.toMatchObject({
      statusCode: 424,
      message: paymentMessages.invoiceError,
      out: 'Hệ thống hóa đơn điện tử không phản hồi kịp, vui lòng thử lại.',
    });
    expect(s.events.at(-1)).toMatchObject({ event: 'order_completed', data: { success: false, success_invoice: false } });
    expect(s.issued.size).toBe(0);
  });
});
