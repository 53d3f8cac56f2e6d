import { randomBytes } from 'node:crypto';
import {
  buildVietQr,
  type CallReply,
  type CallRequest,
  type calls,
  type OrderCompletedData,
  type PartnerKind,
  type PaymentResult,
  paymentLimits,
  paymentMessages,
} from '@smartport/contract';
import QRCode from 'qrcode';
import type { BankPageGateway, BankPageResult } from '../../adapters/bank-page/bank-page.port';
import type { CardGateway } from '../../adapters/card/card.port';
import type { QrTransfer, VietQrBank } from '../../adapters/vietqr/vietqr.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { assertOrderActor, orderReach } from '../../security/order-access';
import { partnerError, partnerNames } from './partner-failure';
import type { ApplyResult, PaymentsRepository, PayOrder } from './payments.repository';

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
}

/** Online payment (spec 02 §4): card + OTP, bank page with polling and checksum, VietQR; applied once. */
export function createPaymentsService(deps: PaymentsDeps) {
  const { repo, live, settings } = deps;
  const { card, bankPage, vietqr } = deps.ports;

  async function scopedOrder(user: AuthUser, orderNo: string): Promise<PayOrder> {
    const order = await repo.order(orderReach(user), orderNo);
    if (!order) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return order;
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
    const started = await repo.startAttempt(orderReach(user), orderNo, { partnerCode, key, userId: user.UserID });
    if (!started) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    if (started.kind === 'refused') {
      if (started.decision.kind === 'already_paid') throw new AppError(409, paymentMessages.alreadyPaid);
      if (started.decision.kind === 'busy') throw new AppError(409, 'Lệnh đang được xác nhận thanh toán, vui lòng đợi trong giây lát.');
      throw new AppError(409, 'Lệnh không ở trạng thái chờ thanh toán.');
    }
    return { code, key, order: started.order };
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
  function settled(r: ApplyResult, key: string, code: string): PaymentResult {
    const { decision, order, attempt } = r;
    if (decision.kind === 'unknown' || !attempt) throw notFound('Không tìm thấy giao dịch thanh toán.');
    if (decision.kind === 'amount_mismatch') {
      deps.log?.warn({ key, order: attempt.OrderNo }, 'partner reported an amount different from the order: refused');
      throw badRequest(
        `Số tiền thanh toán không khớp với số tiền của lệnh (${vnd(Number(attempt.Amount))}). Giao dịch không được ghi nhận.`,
      );
    }
    if (decision.kind === 'order_not_payable') {
      deps.log?.warn({ key, order: attempt.OrderNo }, 'success for an order already paid: needs a refund');
      throw new AppError(409, paymentMessages.alreadyPaid);
    }
    const paid = order as PayOrder;
    if (decision.kind === 'paid') {
      deps.log?.info({ key, order: paid.OrderNo }, 'payment applied');
      // Approval needed: the order's story ends here until it is approved.
      if (!paid.SkipApproval) {
        completion(
          attempt.UserID,
          { OrderNo: paid.OrderNo, success_payment: true, success_invoice: false, success: true, InvoiceNo: null },
          'P',
        );
      }
    }
    return {
      OrderNo: attempt.OrderNo,
      transactionId: String(paid?.TransactionId ?? attempt.TransactionId ?? ''),
      skip_approval: !!paid?.SkipApproval,
      clientMessageId: code,
      ft: String(paid?.TransactionId ?? ''),
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
    return settled(await repo.applySuccess(key, result.amount, result.transactionId), key, result.requestId);
  }

  async function qrTransfer(t: Pick<QrTransfer, 'transactionId' | 'amount' | 'note'>) {
    const code = /SMP ([A-Z0-9]{12})/.exec(t.note)?.[1];
    if (!code) throw notFound('Không tìm thấy lệnh khớp với nội dung chuyển khoản.');
    const key = `${PARTNER.qr}:${code}`;
    return settled(await repo.applySuccess(key, t.amount, t.transactionId), key, code);
  }

  return {
    async isExpireDate(input: CallRequest<P['isExpireDate']>): Promise<CallReply<P['isExpireDate']>> {
      const r = await card.checkCard(input.cardNumber.slice(0, paymentLimits.cardCheckDigits));
      if (!r.ok) throw partnerError(partnerNames.card, r);
      return { success: true, data: { isExpireDate: r.value.isExpireDate } };
    },

    async makeCardTransfer(user: AuthUser, input: CallRequest<P['makeCardTransfer']>): Promise<CallReply<P['makeCardTransfer']>> {
      const { code, key, order } = await start(user, input.OrderNo, 'card');
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
      return { success: true, data: { clientMessageId: code, otpLength: r.otpLength ?? paymentLimits.otpMaxLength } };
    },

    async confirmCardTransfer(user: AuthUser, input: CallRequest<P['confirmCardTransfer']>): Promise<CallReply<P['confirmCardTransfer']>> {
      assertOrderActor(user);
      const key = `${PARTNER.card}:${input.clientMessageId}`;
      const attempt = await attemptFor(user, key);
      if (attempt.Status === 1)
        return {
          success: true,
          data: settled(await repo.applySuccess(key, Number(attempt.Amount), String(attempt.TransactionId)), key, input.clientMessageId),
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
        data: settled(await repo.applySuccess(key, Number(r.amount), r.transactionId), key, input.clientMessageId),
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
      const outcome = await bankResult(bankPage.read({ data: input.data, checksum: input.checksum }));
      return { success: true, ...(outcome === 'pending' ? {} : { message: paymentMessages.paid }) };
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
      await qrTransfer(notice.transfer);
      return { success: true, message: paymentMessages.paid };
    },

    async inquiry(user: AuthUser, input: CallRequest<P['homeOrderInquiry']>): Promise<CallReply<P['homeOrderInquiry']>> {
      const o = await scopedOrder(user, input.orderNo);
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
          skip_approval: o.SkipApproval,
          TrarCount: o.TrarCount,
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

    completion,
    scopedOrder,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
