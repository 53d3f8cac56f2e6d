import type { ApprovalRule } from '../../../src/modules/approval/approval-rules';
import type { InvoicesRepository } from '../../../src/modules/invoices/invoices.repository';
import { decideApply, decideStart, maySupersede, refundReason } from '../../../src/modules/payments/payment-machine';
import {
  type ApplyResult,
  type Attempt,
  cardReuseMs,
  type Followup,
  type PaymentsRepository,
  type PayOrder,
  paymentStartLimit,
  type StartResult,
  skipsApproval,
} from '../../../src/modules/payments/payments.repository';

/**
 * The payments repository in memory, driven by the same pure machine as the SQL one (no locks
 * needed: one test, one thread). Enough to unit-test the services with fakes of the partner ports.
 */
export function createFakePaymentsRepository(orders: PayOrder[]) {
  const byNo = new Map(orders.map((o) => [o.OrderNo, { ...o }]));
  const attempts = new Map<string, Attempt>();
  const invoices = new Map<
    string,
    { InvoiceSeries: string; InvoiceNo: string; TaxAuthorityCode: string | null; Amount: number; IssueDate: Date }
  >();
  const followups: Followup[] = [];
  /** The MB-NAPAS fee recorded on each card attempt at its start. */
  const serviceFees = new Map<string, number>();
  const facts = (o: PayOrder) => ({
    status: o.OrderStatus,
    transactionId: o.TransactionId,
    amount: Number(o.TotalAmount),
    skipApproval: o.SkipApproval,
  });

  const repo: PaymentsRepository & InvoicesRepository = {
    async order(scope, orderNo) {
      const o = byNo.get(orderNo);
      if (!o || !scope.terminals.includes(o.TerminalCode) || (scope.customerCode && o.CustomerCode !== scope.customerCode)) return null;
      return { ...o };
    },
    async attempt(key) {
      const a = attempts.get(key);
      return a ? { ...a } : null;
    },
    async pendingAttempts(partnerCode, olderThanMs) {
      return [...attempts.values()].filter(
        (a) => a.PartnerCode === partnerCode && a.Status === 0 && a.CreatedTime.getTime() < Date.now() - olderThanMs,
      );
    },
    async startAttempt(scope, orderNo, a): Promise<StartResult | null> {
      const order = await repo.order(scope, orderNo);
      if (!order) return null;
      const decision = decideStart(facts(order));
      if (decision.kind !== 'ok') return { kind: 'refused', decision };
      const live = [...attempts.values()].find((x) => x.OrderNo === orderNo && x.Status === 0);
      if (live && !maySupersede({ status: live.Status, confirming: live.Confirming, amount: Number(live.Amount) }))
        return { kind: 'refused', decision: { kind: 'busy' } };
      if (a.reuse && live && live.PartnerCode === a.partnerCode && Date.now() - live.CreatedTime.getTime() < cardReuseMs) {
        if (live.OtpLength == null) return { kind: 'refused', decision: { kind: 'starting' } };
        return { kind: 'reused', order, attempt: { ...live } };
      }
      const recent = [...attempts.values()].filter(
        (x) => x.OrderNo === orderNo && x.CreatedTime.getTime() > Date.now() - paymentStartLimit.windowMs,
      );
      if (recent.length >= paymentStartLimit.max) return { kind: 'refused', decision: { kind: 'too_many' } };
      if (live) live.Status = -1;
      attempts.set(a.key, {
        OrderNo: orderNo,
        PartnerCode: a.partnerCode,
        IdempotencyKey: a.key,
        Amount: Number(order.TotalAmount),
        Status: 0,
        Confirming: false,
        TransactionId: null,
        UserID: a.userId,
        CreatedTime: new Date(),
        OtpLength: null,
      });
      return { kind: 'started', order };
    },
    async claim(key) {
      const a = attempts.get(key);
      if (!a) return false;
      if (a.Status !== 0 || a.Confirming) return false;
      a.Confirming = true;
      return true;
    },
    async markStarted(key, otpLength, serviceFee) {
      const a = attempts.get(key);
      if (a) a.OtpLength = otpLength;
      serviceFees.set(key, serviceFee);
    },
    async paidTotalSince(partnerCode) {
      return [...attempts.values()]
        .filter((a) => a.PartnerCode === partnerCode && a.Status === 1)
        .reduce((s, a) => s + Number(a.Amount), 0);
    },
    async release(key) {
      const a = attempts.get(key);
      if (a) a.Confirming = false;
    },
    async fail(key) {
      const a = attempts.get(key);
      if (a && a.Status !== 1) Object.assign(a, { Status: -1, Confirming: false });
    },
    async applySuccess(key, paidAmount, transactionId, approval): Promise<ApplyResult> {
      const attempt = attempts.get(key);
      if (!attempt) return { decision: { kind: 'unknown' }, order: null, attempt: null };
      const order = byNo.get(attempt.OrderNo);
      if (!order) return { decision: { kind: 'unknown' }, order: null, attempt: { ...attempt } };
      const before = { ...attempt };
      const skipApproval = skipsApproval(order, approval);
      const decision = decideApply(
        { ...facts(order), skipApproval },
        { status: attempt.Status, confirming: attempt.Confirming, amount: attempt.Amount, transactionId: attempt.TransactionId },
        paidAmount,
        transactionId,
      );
      if (decision.kind === 'paid') {
        Object.assign(order, { OrderStatus: decision.orderStatus, TransactionId: transactionId, SkipApproval: skipApproval });
        Object.assign(attempt, { Status: 1, Confirming: false, TransactionId: transactionId });
        return { decision, order: { ...order }, attempt: before };
      }
      if (decision.kind !== 'duplicate' && attempt.Status !== 1)
        Object.assign(attempt, { Status: -1, Confirming: false, TransactionId: transactionId });
      const refund = refundReason(facts(order), decision) ?? undefined;
      if (
        refund &&
        !followups.some((f) => f.Kind === 'refund' && f.TransactionId === transactionId && f.PartnerCode === attempt.PartnerCode)
      )
        followups.push(
          followup({
            Kind: 'refund',
            OrderNo: order.OrderNo,
            PartnerCode: attempt.PartnerCode,
            TransactionId: transactionId,
            Amount: paidAmount,
            Reason: refund,
          }),
        );
      return { decision, order: { ...order }, attempt: before, ...(refund ? { refund } : {}) };
    },
    async orderByNo(orderNo) {
      const o = byNo.get(orderNo);
      return o ? { ...o } : null;
    },
    async followups() {
      return followups.map((f) => ({ ...f }));
    },
    async refundsOf(orderNo) {
      return followups
        .filter((f) => f.Kind === 'refund' && f.OrderNo === orderNo)
        .map((f) => ({
          Reason: f.Reason as 'already_paid',
          Amount: Number(f.Amount),
          TransactionId: String(f.TransactionId),
          IdempotencyKey: null,
        }));
    },
    async dueInvoices() {
      return followups
        .filter((f) => f.Kind === 'invoice' && f.Status === 'open' && (f.NextTryTime?.getTime() ?? 0) <= Date.now())
        .map((f) => ({ OrderNo: f.OrderNo, Attempts: f.Attempts }));
    },
    async invoiceDone(orderNo) {
      for (const f of followups) if (f.Kind === 'invoice' && f.OrderNo === orderNo) f.Status = 'done';
    },
    async invoiceFailed(orderNo, error, maxAttempts, retryInMs) {
      let f = followups.find((x) => x.Kind === 'invoice' && x.OrderNo === orderNo);
      if (!f) {
        f = followup({ Kind: 'invoice', OrderNo: orderNo, Reason: 'publish_failed' });
        followups.push(f);
      }
      f.Attempts += 1;
      f.LastError = error;
      f.Status = f.Attempts >= maxAttempts ? 'failed' : 'open';
      f.NextTryTime = new Date(Date.now() + retryInMs(f.Attempts));
      return f.Attempts;
    },
    async invoiceRetryReset(orderNo) {
      for (const f of followups)
        if (f.Kind === 'invoice' && f.OrderNo === orderNo && f.Status !== 'done')
          Object.assign(f, { Status: 'open', Attempts: 0, NextTryTime: new Date() });
    },
    async invoiceOf(orderNo) {
      return invoices.get(orderNo) ?? null;
    },
    async saveInvoice(i) {
      if (!invoices.has(i.OrderNo)) invoices.set(i.OrderNo, { ...i });
    },
    async containerLines() {
      return [{ ContainerNo: 'TEMU1234565', IsoSizetype: '22G1', FE: 'F', Amount: 1 }];
    },
    async chargeLines() {
      return [];
    },
    async containerBlocks() {
      return [];
    },
    async parties() {
      return {
        BLNo: null,
        SellerName: 'Cảng Nam Đình Vũ',
        SellerTaxCode: '0201776543',
        SellerAddress: 'Khu kinh tế Đình Vũ, TP. Hải Phòng',
        BuyerCode: 'C0000001',
        BuyerName: 'Công ty A',
        BuyerTaxCode: '0101234567',
        BuyerAddress: 'Số 1 Trần Phú, Hải Phòng',
      };
    },
    // Invoice cancellation is tested on the real database (orders-accept.test.ts).
    async traceCancel() {},
    async cancelTrace() {
      return [];
    },
    async markCancelled() {},
    async failedCancellations() {
      return [];
    },
  };
  return { repo, orders: byNo, attempts, issued: invoices, followups, serviceFees };
}

function followup(f: Pick<Followup, 'Kind' | 'OrderNo' | 'Reason'> & Partial<Followup>): Followup {
  return {
    Rowguid: `f-${Math.random().toString(36).slice(2)}`,
    PartnerCode: null,
    TransactionId: null,
    Amount: null,
    Status: 'open',
    Attempts: 0,
    NextTryTime: null,
    LastError: null,
    CreatedTime: new Date(),
    UpdatedTime: new Date(),
    OrderStatus: null,
    CustomerCode: null,
    TerminalCode: null,
    ...f,
  };
}

/** An unpaid order (status A) of terminal NDP; `SkipApproval` here is what the approval configuration says for it (see `approvalRulesFor`). */
export function unpaidOrder(o: Partial<PayOrder> = {}): PayOrder {
  return {
    OrderNo: 'SP-0001',
    PinCode: 'PIN001-01',
    TerminalCode: 'NDP',
    CustomsHeld: false,
    PaperDo: false,
    CustomerCode: 'KH01',
    CustomerName: 'Công ty Vận tải A',
    TaxCode: '0101234567',
    JobModeCode: 'LAYN',
    JobModeName: 'Lấy nguyên',
    OperationCode: 'MSC',
    MoneyCredit: 'M',
    OrderStatus: 'A',
    TransactionId: null,
    TotalAmount: 1_250_000,
    CurrencyCode: 'VND',
    SkipApproval: true,
    TrarCount: 0,
    ...o,
  };
}

/**
 * The approval configuration that gives each order the decision its `SkipApproval` field asks for (most specific
 * scope: exact customer, operator and MoneyCredit of the order, over a wide period), read by the real rule selection.
 */
export function approvalRulesFor(orders: readonly PayOrder[]): ApprovalRule[] {
  return orders.map((o) => ({
    JobModeCode: o.JobModeCode,
    OperationCode: o.OperationCode ?? '*',
    CustomerCode: o.CustomerCode,
    MoneyCredit: o.MoneyCredit,
    FromDate: new Date('2000-01-01T00:00:00Z'),
    ToDate: new Date('2100-01-01T00:00:00Z'),
    IsApproval: !o.SkipApproval,
    IsUnApproval: o.SkipApproval,
  }));
}
