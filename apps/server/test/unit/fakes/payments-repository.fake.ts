import type { InvoicesRepository } from '../../../src/modules/invoices/invoices.repository';
import { decideApply, decideStart, maySupersede } from '../../../src/modules/payments/payment-machine';
import type { ApplyResult, Attempt, PaymentsRepository, PayOrder, StartResult } from '../../../src/modules/payments/payments.repository';

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
    async release(key) {
      const a = attempts.get(key);
      if (a) a.Confirming = false;
    },
    async fail(key) {
      const a = attempts.get(key);
      if (a && a.Status !== 1) Object.assign(a, { Status: -1, Confirming: false });
    },
    async applySuccess(key, paidAmount, transactionId): Promise<ApplyResult> {
      const attempt = attempts.get(key);
      if (!attempt) return { decision: { kind: 'unknown' }, order: null, attempt: null };
      const order = byNo.get(attempt.OrderNo);
      if (!order) return { decision: { kind: 'unknown' }, order: null, attempt: { ...attempt } };
      const before = { ...attempt };
      const decision = decideApply(
        facts(order),
        { status: attempt.Status, confirming: attempt.Confirming, amount: attempt.Amount },
        paidAmount,
      );
      if (decision.kind === 'paid') {
        Object.assign(order, { OrderStatus: decision.orderStatus, TransactionId: transactionId });
        Object.assign(attempt, { Status: 1, Confirming: false, TransactionId: transactionId });
        return { decision, order: { ...order }, attempt: before };
      }
      if (decision.kind !== 'duplicate') Object.assign(attempt, { Status: -1, Confirming: false, TransactionId: transactionId });
      return { decision, order: { ...order }, attempt: before };
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
  };
  return { repo, orders: byNo, attempts, issued: invoices };
}

/** An unpaid order (status A) of terminal NDP. */
export function unpaidOrder(o: Partial<PayOrder> = {}): PayOrder {
  return {
    OrderNo: 'SP-0001',
    PinCode: 'PIN001-01',
    TerminalCode: 'NDP',
    CustomerCode: 'KH01',
    CustomerName: 'Công ty Vận tải A',
    TaxCode: '0101234567',
    JobModeCode: 'LAYN',
    JobModeName: 'Lấy nguyên',
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
