import { randomBytes } from 'node:crypto';
import {
  buildVietQr,
  type CallReply,
  type CallRequest,
  type calls,
  formatPortTime,
  type MbServiceFee,
  type OrderCompletedData,
  type PartnerKind,
  type PaymentFollowup,
  type PaymentResult,
  paymentLimits,
  paymentMessages,
  portFormats,
  portMonthStart,
} from '@smartport/contract';
import QRCode from 'qrcode';
import type { BankPageGateway, BankPageResult } from '../../adapters/bank-page/bank-page.port';
import type { CardGateway } from '../../adapters/card/card.port';
import type { QrTransfer, VietQrBank } from '../../adapters/vietqr/vietqr.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { assertOrderActor, orderReach } from '../../security/order-access';
import type { AdminRulesService } from '../admin/admin-rules.service';
import type { ApprovalFacts } from '../approval/approval.service';
import { partnerError, partnerNames } from './partner-failure';
import type { RefundReason } from './payment-machine';
import {
  type ApplyResult,
  type ApprovalDecision,
  approvalBasis,
  type Followup,
  type PaymentsRepository,
  type PayOrder,
} from './payments.repository';

export { partnerFailureMessage, partnerNames } from './partner-failure';
// What other modules (invoices) may use of payments: through this service file only.
export { invoiceable } from './payment-machine';
export type { PayOrder } from './payments.repository';

type P = typeof calls.payments;

export const PARTNER = { card: 'MB', bankPage: 'VCB_NAPAS', qr: 'VIETQR' } as const;
/** Bank identification numbers of the VietQR banks the portal serves (payment/vaqr/{bankCode}). */
const bankBins: Record<string, string> = { mb: '970422' };

export interface PaymentSettings {
  napasSecret: string;
  vietQrSecret: string;
  /** The port's receiving account at the VietQR bank. */
  vietQrAccount: string;
  /** Where partners reach the portal (server-to-server notices); null until known. */
  portalUrl(): string | null;
}

const newCode = () =>
  randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .toUpperCase()
    .slice(0, 12);
const vnd = (n: number) => `${new Intl.NumberFormat('vi-VN').format(n)} VNĐ`;

/** The payment partners behind their ports (adapters/card, adapters/bank-page, adapters/vietqr). */
export interface PaymentPorts {
  card: CardGateway;
  bankPage: BankPageGateway;
  vietqr: VietQrBank;
}

export interface PaymentsDeps {
  repo: PaymentsRepository;
  ports: PaymentPorts;
  live: LiveEvents;
  /** The partners' shared secrets are their adapters' business; the service needs the account and its own address. */
  settings: Pick<PaymentSettings, 'vietQrAccount' | 'portalUrl'>;
  /** Whether the configuration offers a partner of this kind (and VietQR bank) for an order of `terminal`. */
  offers(terminal: string, kind: PartnerKind, bankCode?: string): Promise<boolean>;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /**
   * The approval configuration (settings `approvalNeeded`): whether an order paid at `at` waits for staff (P, true)
   * or is approved at once (C, false). Asked at the moment money is applied; the answer is recorded in skip_approval.
   */
  approvalNeeded(f: ApprovalFacts): Promise<boolean>;
  /** The MB-NAPAS fee tables' one rule (admin `mbCharge`): the fee of `amountVnd` when the month's MB total is `monthlyTotalVnd`. */
  mbCharge: AdminRulesService['mbCharge'];
}

/** What happened to money that could not be applied: said to the payer, the same words on every path. */
export function refundMessage(orderNo: string, reason: RefundReason, amount: number, transactionId: string | null, orderAmount?: number) {
  const tx = transactionId ? ` (mã giao dịch ${transactionId})` : '';
  const after = 'Khoản tiền đã được ghi nhận để hoàn trả, bộ phận thu ngân của cảng sẽ liên hệ Quý khách để hoàn tiền.';
  if (reason === 'order_cancelled')
    return `Lệnh ${orderNo} đã bị hủy nên khoản thanh toán ${vnd(amount)}${tx} không được ghi nhận cho lệnh. ${after}`;
  if (reason === 'already_paid')
    return `Lệnh ${orderNo} đã được thanh toán trước đó; khoản thanh toán thêm ${vnd(amount)}${tx} không được ghi nhận cho lệnh. ${after}`;
  return `Số tiền thanh toán ${vnd(amount)}${tx} không khớp với số tiền của lệnh${orderAmount ? ` (${vnd(orderAmount)})` : ''}. Giao dịch không được ghi nhận cho lệnh. ${after}`;
}

export const paymentStartMessages = {
  tooMany: 'Lệnh đã được khởi tạo thanh toán quá nhiều lần. Quý khách vui lòng thử lại sau 10 phút.',
  starting: 'Đang gửi yêu cầu thanh toán tới ngân hàng, Quý khách vui lòng đợi trong giây lát.',
} as const;

const reasonTexts: Record<string, string> = {
  order_cancelled: 'Tiền về sau khi lệnh đã bị hủy',
  already_paid: 'Lệnh đã được thanh toán trước đó (chuyển tiền lần hai)',
  amount_mismatch: 'Số tiền không khớp với số tiền của lệnh',
  publish_failed: 'Chưa xuất được hóa đơn điện tử',
  order_rejected: 'Lệnh đã thanh toán bị nhân viên cảng từ chối duyệt',
  approved_cancelled: 'Lệnh đã duyệt bị hủy',
  edo_revoked: 'Lệnh đã thanh toán bị hủy do hãng tàu thu hồi eDO',
};
const statusTexts: Record<string, string> = { open: 'Chờ xử lý', failed: 'Cần nhân viên xử lý', done: 'Đã xử lý' };

/** One follow-up for the staff grid, with what to do about it in words. */
function followupRow(f: Followup): PaymentFollowup {
  const todo =
    f.Kind === 'refund'
      ? `Hoàn trả ${vnd(Number(f.Amount ?? 0))} cho khách hàng ${f.CustomerCode ?? ''} qua ${f.PartnerCode ?? 'đối tác'} (mã giao dịch ${f.TransactionId ?? '—'}), rồi ghi chú vào lệnh.`
      : f.Status === 'failed'
        ? 'Kiểm tra kết nối hệ thống hóa đơn điện tử rồi bấm "Xuất lại hóa đơn".'
        : `Hệ thống sẽ tự xuất lại${f.NextTryTime ? ` lúc ${formatPortTime(new Date(f.NextTryTime), portFormats.time)}` : ''}; có thể bấm "Xuất lại hóa đơn" ngay.`;
  return {
    Rowguid: f.Rowguid,
    Kind: f.Kind,
    OrderNo: f.OrderNo,
    TerminalCode: f.TerminalCode,
    CustomerCode: f.CustomerCode,
    OrderStatus: f.OrderStatus,
    PartnerCode: f.PartnerCode,
    TransactionId: f.TransactionId,
    Amount: f.Amount == null ? null : Number(f.Amount),
    Reason: f.Reason,
    ReasonText: reasonTexts[f.Reason] ?? f.Reason,
    Status: f.Status,
    StatusText: statusTexts[f.Status] ?? f.Status,
    Todo: todo,
    Attempts: f.Attempts,
    LastError: f.LastError,
    NextTryTime: f.NextTryTime ? new Date(f.NextTryTime).toISOString() : null,
    CreatedTime: new Date(f.CreatedTime).toISOString(),
  };
}

/** Money that arrived and was recorded for refund: the payer hears what happened (409/400), the partner an acknowledgement. */
export class RefundRecorded extends AppError {}

/** Online payment (spec 02 §4): card + OTP, bank page with polling and checksum, VietQR; applied once. */
export function createPaymentsService(deps: PaymentsDeps) {
  const { repo, live, settings } = deps;
  const { card, bankPage, vietqr } = deps.ports;

  async function scopedOrder(user: AuthUser, orderNo: string): Promise<PayOrder> {
    const order = await repo.order(orderReach(user), orderNo);
    if (!order) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return order;
  }

  /**
   * The MB-NAPAS fee of an MB card payment of `amount` made now: the tier of the port's running month (MB payments
   * completed since the first of the port month), the processing fee per transaction.
   */
  async function mbFeeNow(amount: number): Promise<MbServiceFee> {
    const monthTotal = await repo.paidTotalSince(PARTNER.card, portMonthStart(new Date()));
    return deps.mbCharge(monthTotal, amount);
  }

  /** The approval configuration's answer for this order if it were paid now. */
  async function skipsApprovalNow(order: PayOrder): Promise<boolean> {
    const needed = await deps.approvalNeeded({
      terminal: order.TerminalCode,
      jobModeCode: order.JobModeCode,
      operationCode: order.OperationCode,
      customerCode: order.CustomerCode,
      moneyCredit: order.MoneyCredit,
      at: new Date(),
    });
    return !needed;
  }

  /**
   * A partner's success applied (once, repository transaction): the approval decision is taken for the order just
   * before, and the repository uses it only if the order it locks is the one the decision was taken for.
   */
  async function applySuccess(key: string, paidAmount: number, transactionId: string): Promise<ApplyResult> {
    const attempt = await repo.attempt(key);
    const order = attempt && attempt.Status !== 1 ? await repo.orderByNo(attempt.OrderNo) : null;
    const approval: ApprovalDecision | undefined =
      order && order.OrderStatus === 'A' && !order.TransactionId
        ? { basis: approvalBasis(order), skipApproval: await skipsApprovalNow(order) }
        : undefined;
    return repo.applySuccess(key, paidAmount, transactionId, approval);
  }

  const partnerOf: Record<PartnerKind, string> = { card: PARTNER.card, bank: PARTNER.bankPage, qr: PARTNER.qr };

  /** A new attempt: only through a partner configured (and shown) for the order's terminal. */
  async function start(user: AuthUser, orderNo: string, kind: PartnerKind, bankCode?: string) {
    assertOrderActor(user);
    const head = await scopedOrder(user, orderNo);
    if (!(await deps.offers(head.TerminalCode, kind, bankCode))) throw badRequest(paymentMessages.noPartner);
    const partnerCode = partnerOf[kind];
    const code = newCode();
    const key = `${partnerCode}:${code}`;
    // Card: a repeated start (another click, another tab) reuses the live attempt; its OTP is on its way.
    const started = await repo.startAttempt(orderReach(user), orderNo, { partnerCode, key, userId: user.UserID, reuse: kind === 'card' });
    if (!started) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    if (started.kind === 'refused') {
      if (started.decision.kind === 'already_paid') throw new AppError(409, paymentMessages.alreadyPaid);
      if (started.decision.kind === 'busy') throw new AppError(409, 'Lệnh đang được xác nhận thanh toán, vui lòng đợi trong giây lát.');
      if (started.decision.kind === 'starting') throw new AppError(409, paymentStartMessages.starting);
      if (started.decision.kind === 'too_many') throw new AppError(429, paymentStartMessages.tooMany);
      throw new AppError(409, 'Lệnh không ở trạng thái chờ thanh toán.');
    }
    if (started.kind === 'reused') {
      const reused = started.attempt.IdempotencyKey;
      return { code: reused.slice(partnerCode.length + 1), key: reused, order: started.order, reused: started.attempt };
    }
    return { code, key, order: started.order, reused: null };
  }

  function completion(userId: string | null, data: OrderCompletedData, status: string) {
    if (!userId) return;
    live.toUser(userId, 'order_completed', {
      request_type: 'order_completed',
      note_state: status,
      response_func: 'payment',
      event_code: data.success ? 1 : 0,
      message: data.success_invoice ? paymentMessages.invoiced : data.success_payment ? paymentMessages.paid : paymentMessages.invoiceError,
      data,
    });
  }

  /** Turns the machine's decision on a partner's success into the reply (or the refusal). */
  function settled(r: ApplyResult, key: string, code: string, paid: { amount: number; transactionId: string }): PaymentResult {
    const { decision, order, attempt } = r;
    if (decision.kind === 'unknown' || !attempt) throw notFound('Không tìm thấy giao dịch thanh toán.');
    if (r.refund) {
      // Recorded for refund in the applying transaction (payment_followups); staff see it in payment/followups.
      deps.log?.warn(
        { key, order: attempt.OrderNo, reason: r.refund, amount: paid.amount, transactionId: paid.transactionId },
        'money arrived for an order that is not payable: recorded for refund',
      );
      const message = refundMessage(attempt.OrderNo, r.refund, paid.amount, paid.transactionId, Number(attempt.Amount));
      throw new RefundRecorded(r.refund === 'amount_mismatch' ? 400 : 409, message);
    }
    if (decision.kind === 'amount_mismatch' || decision.kind === 'order_not_payable') throw new AppError(409, paymentMessages.alreadyPaid);
    const paidOrder = order as PayOrder;
    if (decision.kind === 'paid') {
      deps.log?.info({ key, order: paidOrder.OrderNo }, 'payment applied');
      // Paid without approval: what follows (approver, invoice, TOS, mail orders) hears `order.paid` (events/).
      // Approval needed: the order's story ends here until it is approved.
      if (!paidOrder.SkipApproval) {
        completion(
          attempt.UserID,
          { OrderNo: paidOrder.OrderNo, success_payment: true, success_invoice: false, success: true, InvoiceNo: null },
          'P',
        );
      }
    }
    return {
      OrderNo: attempt.OrderNo,
      transactionId: String(paidOrder?.TransactionId ?? attempt.TransactionId ?? ''),
      skip_approval: !!paidOrder?.SkipApproval,
      clientMessageId: code,
      ft: String(paidOrder?.TransactionId ?? ''),
    };
  }

  async function attemptFor(user: AuthUser | null, key: string) {
    const attempt = await repo.attempt(key);
    if (!attempt) throw notFound('Không tìm thấy giao dịch thanh toán.');
    if (user) await scopedOrder(user, attempt.OrderNo);
    return attempt;
  }

  /** A bank-page result (polled, notified or reconciled), as its adapter read it: checksum first, then the machine. */
  async function bankResult(result: BankPageResult): Promise<PaymentResult | 'pending'> {
    if (result.state === 'bad_checksum') throw badRequest(paymentMessages.checksum);
    const key = `${PARTNER.bankPage}:${result.requestId}`;
    if (result.state === 'pending') return 'pending';
    if (result.state === 'cancelled') {
      await repo.fail(key);
      throw badRequest('Giao dịch đã bị hủy tại ngân hàng.');
    }
    return settled(await applySuccess(key, result.amount, result.transactionId), key, result.requestId, result);
  }

  async function qrTransfer(t: Pick<QrTransfer, 'transactionId' | 'amount' | 'note'>) {
    const code = /SMP ([A-Z0-9]{12})/.exec(t.note)?.[1];
    if (!code) throw notFound('Không tìm thấy lệnh khớp với nội dung chuyển khoản.');
    const key = `${PARTNER.qr}:${code}`;
    return settled(await applySuccess(key, t.amount, t.transactionId), key, code, t);
  }

  return {
    async isExpireDate(input: CallRequest<P['isExpireDate']>): Promise<CallReply<P['isExpireDate']>> {
      const r = await card.checkCard(input.cardNumber.slice(0, paymentLimits.cardCheckDigits));
      if (!r.ok) throw partnerError(partnerNames.card, r);
      return { success: true, data: { isExpireDate: r.value.isExpireDate } };
    },

    async makeCardTransfer(user: AuthUser, input: CallRequest<P['makeCardTransfer']>): Promise<CallReply<P['makeCardTransfer']>> {
      const { code, key, order, reused } = await start(user, input.OrderNo, 'card');
      // The same payment again: the gateway already sent its OTP; no second request reaches it.
      if (reused) return { success: true, data: { clientMessageId: code, otpLength: reused.OtpLength ?? paymentLimits.otpMaxLength } };
      const r = await card.startTransfer({
        merchantRef: key,
        amount: Number(order.TotalAmount),
        cardNumber: input.cardNumber,
        cardDate: input.cardDate,
        cardName: input.cardName,
      });
      if (!r.ok) {
        await repo.fail(key);
        throw partnerError(partnerNames.card, r);
      }
      const otpLength = r.otpLength ?? paymentLimits.otpMaxLength;
      // The fee the payer was shown, computed again from the tables at the start; the MB summary adds it up.
      await repo.markStarted(key, otpLength, (await mbFeeNow(Number(order.TotalAmount))).total);
      return { success: true, data: { clientMessageId: code, otpLength } };
    },

    async confirmCardTransfer(user: AuthUser, input: CallRequest<P['confirmCardTransfer']>): Promise<CallReply<P['confirmCardTransfer']>> {
      assertOrderActor(user);
      const key = `${PARTNER.card}:${input.clientMessageId}`;
      const attempt = await attemptFor(user, key);
      if (attempt.Status === 1)
        return {
          success: true,
          data: settled(await applySuccess(key, Number(attempt.Amount), String(attempt.TransactionId)), key, input.clientMessageId, {
            amount: Number(attempt.Amount),
            transactionId: String(attempt.TransactionId),
          }),
        };
      if (attempt.Status === -1) throw badRequest(paymentMessages.otpFailed);
      if (!(await repo.claim(key))) throw new AppError(409, 'Giao dịch đang được xác nhận, vui lòng đợi.');
      const r = await card.confirm(key, input.otp);
      if (!r.ok) {
        if (r.failure === 'wrong_otp') {
          await repo.release(key);
          throw new AppError(400, `Mã OTP không đúng. Quý khách còn ${r.attemptsLeft} lần nhập.`);
        }
        if (r.failure === 'transfer_failed') {
          await repo.fail(key);
          throw badRequest(paymentMessages.otpFailed);
        }
        // No answer or an unexpected one: the attempt stays live, the user may confirm again.
        await repo.release(key);
        throw partnerError(partnerNames.card, r);
      }
      return {
        success: true,
        message: paymentMessages.paid,
        data: settled(await applySuccess(key, Number(r.amount), r.transactionId), key, input.clientMessageId, {
          amount: Number(r.amount),
          transactionId: r.transactionId,
        }),
      };
    },

    async makeBankTransfer(user: AuthUser, input: CallRequest<P['makeBankTransfer']>): Promise<CallReply<P['makeBankTransfer']>> {
      const { code, key, order } = await start(user, input.OrderNo, 'bank');
      const base = settings.portalUrl();
      const r = await bankPage.create({
        requestId: code,
        orderNo: order.OrderNo,
        amount: Number(order.TotalAmount),
        ...(base ? { notifyUrl: `${base}/api/payment/napas/notify`, returnUrl: `${base}/` } : {}),
      });
      if (!r.ok) {
        await repo.fail(key);
        throw partnerError(partnerNames.bank, r);
      }
      return { success: true, data: { requestId: code, redirectUrl: r.value.paymentUrl } };
    },

    async checkBankReceive(user: AuthUser, input: CallRequest<P['checkBankReceive']>): Promise<CallReply<P['checkBankReceive']>> {
      const key = `${PARTNER.bankPage}:${input.requestId}`;
      const attempt = await attemptFor(user, key);
      if (attempt.Status === -1) {
        // The bank took the money after the attempt ended (order cancelled, paid otherwise): say where it went.
        const refund = (await repo.refundsOf(attempt.OrderNo)).find((r) => r.IdempotencyKey === key);
        if (refund)
          throw new AppError(
            409,
            refundMessage(attempt.OrderNo, refund.Reason, Number(refund.Amount), refund.TransactionId, Number(attempt.Amount)),
          );
      }
      if (attempt.Status === -1 && Date.now() - new Date(attempt.CreatedTime).getTime() > paymentLimits.bankTimeoutMs) {
        throw badRequest(paymentMessages.bankTimeout);
      }
      const status = await bankPage.status(input.requestId);
      if (!status.ok) throw partnerError(partnerNames.bank, status);
      const { signed, result } = status.value;
      const outcome = await bankResult(result);
      if (outcome === 'pending') {
        if (Date.now() - new Date(attempt.CreatedTime).getTime() > paymentLimits.bankTimeoutMs) {
          await repo.fail(key);
          throw badRequest(paymentMessages.bankTimeout);
        }
        return { success: true, stopped: false, data: { skipChecksum: false } };
      }
      return {
        success: true,
        stopped: true,
        message: paymentMessages.paid,
        data: {
          skipChecksum: false,
          transactionId: outcome.transactionId,
          napasData: signed.data,
          checkSumKey: signed.checksum,
          result: outcome,
        },
      };
    },

    async verifyChecksum(user: AuthUser, input: CallRequest<P['verifyChecksum']>): Promise<CallReply<P['verifyChecksum']>> {
      await attemptFor(user, `${PARTNER.bankPage}:${input.data.requestId}`);
      if (bankPage.read({ data: input.data, checksum: input.checkSumKey }).state === 'bad_checksum')
        throw badRequest(paymentMessages.checksum);
      return { success: true };
    },

    async bankNotify(input: CallRequest<P['bankNotify']>): Promise<CallReply<P['bankNotify']>> {
      try {
        const outcome = await bankResult(bankPage.read({ data: input.data, checksum: input.checksum }));
        return { success: true, ...(outcome === 'pending' ? {} : { message: paymentMessages.paid }) };
      } catch (err) {
        // The notice was received and its money recorded for refund: the bank hears 200 (received), so it
        // does not send the notice again; what happens to the money is the portal's business now.
        if (err instanceof RefundRecorded) return { success: true, message: err.message };
        throw err;
      }
    },

    async createQr(user: AuthUser, input: CallRequest<P['createQr']>, bankCode: string): Promise<CallReply<P['createQr']>> {
      assertOrderActor(user);
      const order = await scopedOrder(user, input.OrderNo);
      if (input.amount !== Number(order.TotalAmount)) {
        throw badRequest(`Số tiền (${vnd(input.amount)}) không khớp với số tiền của lệnh (${vnd(Number(order.TotalAmount))}).`);
      }
      const bankBin = bankBins[bankCode];
      if (!bankBin) throw badRequest(`Ngân hàng ${bankCode} chưa hỗ trợ VietQR.`);
      const { code } = await start(user, input.OrderNo, 'qr', bankCode);
      const note = `SMP ${code}`;
      const qr = buildVietQr({ bankBin, account: settings.vietQrAccount, amount: Number(order.TotalAmount), note });
      const qrImage = await QRCode.toDataURL(qr, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
      return {
        success: true,
        data: {
          qr,
          qrImage,
          clientMessageId: code,
          showClient: { bank: bankCode.toUpperCase(), account: settings.vietQrAccount, amount: Number(order.TotalAmount), desc: note },
        },
      };
    },

    async qrNotify(input: CallRequest<P['qrNotify']>): Promise<CallReply<P['qrNotify']>> {
      const notice = vietqr.readNotice(input);
      if (!notice.ok) throw badRequest(paymentMessages.checksum);
      if (notice.transfer.account !== settings.vietQrAccount) throw badRequest('Tài khoản nhận không phải của cảng.');
      try {
        await qrTransfer(notice.transfer);
      } catch (err) {
        // Received and recorded for refund: acknowledged like a booked transfer (see bankNotify).
        if (err instanceof RefundRecorded) return { success: true, message: err.message };
        throw err;
      }
      return { success: true, message: paymentMessages.paid };
    },

    async inquiry(user: AuthUser, input: CallRequest<P['homeOrderInquiry']>): Promise<CallReply<P['homeOrderInquiry']>> {
      const o = await scopedOrder(user, input.orderNo);
      if (o.OrderStatus !== 'A' || o.TransactionId) {
        // Money that arrived after the order stopped being payable: the payer is told where it went.
        const refund = (await repo.refundsOf(o.OrderNo))[0];
        if (refund)
          throw new AppError(
            409,
            refundMessage(o.OrderNo, refund.Reason, Number(refund.Amount), refund.TransactionId, Number(o.TotalAmount)),
          );
      }
      if (o.TransactionId || o.OrderStatus === 'P' || o.OrderStatus === 'C') throw new AppError(409, paymentMessages.alreadyPaid);
      if (o.OrderStatus !== 'A') throw new AppError(409, 'Lệnh không ở trạng thái chờ thanh toán.');
      return {
        success: true,
        data: {
          OrderNo: o.OrderNo,
          PinCode: o.PinCode,
          orderStatus: o.OrderStatus,
          TransactionId: o.TransactionId,
          TotalAmount: Number(o.TotalAmount),
          CurrencyCode: o.CurrencyCode,
          qrPay: true,
          DraftTotal: Number(o.TotalAmount),
          // Unpaid: what the approval configuration would decide if it were paid now.
          skip_approval: await skipsApprovalNow(o),
          TrarCount: o.TrarCount,
          MbServiceFee: await mbFeeNow(Number(o.TotalAmount)),
        },
      };
    },

    /** Reconciliation: asks the partners about attempts left pending (lost notices, closed tabs). */
    async reconcile(olderThanMs = 60_000): Promise<{ checked: number; applied: number }> {
      let checked = 0;
      let applied = 0;
      for (const a of await repo.pendingAttempts(PARTNER.bankPage, olderThanMs)) {
        checked++;
        const requestId = a.IdempotencyKey.slice(PARTNER.bankPage.length + 1);
        const status = await bankPage.status(requestId);
        if (!status.ok) {
          deps.log?.warn({ key: a.IdempotencyKey, failure: status.failure }, 'reconciliation: bank not asked');
          continue;
        }
        try {
          const outcome = await bankResult(status.value.result);
          if (outcome === 'pending') {
            if (Date.now() - new Date(a.CreatedTime).getTime() > paymentLimits.bankTimeoutMs) await repo.fail(a.IdempotencyKey);
          } else applied++;
        } catch (err) {
          deps.log?.warn({ key: a.IdempotencyKey, err: (err as Error).message }, 'reconciliation: attempt not applied');
        }
      }
      for (const a of await repo.pendingAttempts(PARTNER.qr, olderThanMs)) {
        checked++;
        const code = a.IdempotencyKey.slice(PARTNER.qr.length + 1);
        const booked = await vietqr.transfers(`SMP ${code}`);
        if (!booked.ok) {
          deps.log?.warn({ key: a.IdempotencyKey, failure: booked.failure }, 'reconciliation: VietQR bank not asked');
          continue;
        }
        try {
          const first = booked.value[0];
          if (first) {
            await qrTransfer(first);
            applied++;
          } else if (Date.now() - new Date(a.CreatedTime).getTime() > paymentLimits.bankTimeoutMs) await repo.fail(a.IdempotencyKey);
        } catch (err) {
          deps.log?.warn({ key: a.IdempotencyKey, err: (err as Error).message }, 'reconciliation: QR attempt not applied');
        }
      }
      return { checked, applied };
    },

    /** Staff list of money to act on (payment/followups), within the caller's order scope. */
    async listFollowups(user: AuthUser): Promise<CallReply<P['listFollowups']>> {
      const rows = await repo.followups(orderReach(user));
      return { success: true, data: rows.map(followupRow) };
    },

    completion,
    scopedOrder,
    /** The order by number for the server's own work (invoice publication after payment, the job): no caller, no scope. */
    orderByNo: (orderNo: string) => repo.orderByNo(orderNo),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
