import { acceptMessages, type CallReply, type CallRequest, type calls, type PublishedItem, paymentMessages } from '@smartport/contract';
import type { EinvoiceProvider, InvoiceRequest } from '../../adapters/einvoice/einvoice.port';
import { vatRateText } from '../../adapters/einvoice/invoice-xml';
import type { Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { approvalReach, assertOrderActor, inReach } from '../../security/order-access';
import type { ReleasePoint } from '../admin/admin-rules.service';
import type { PublicOrderService } from '../orders/public-order.service';
import { invoiceable, type PaymentsService, type PayOrder, partnerFailureMessage, partnerNames } from '../payments/payments.service';
import { type InvoiceContent, InvoiceMismatch, invoiceContent } from './invoice-content';
import type { CancelStep, InvoiceParties, InvoicesRepository } from './invoices.repository';

type I = typeof calls.invoices;

type PublishOutcome = { ok: true; item: PublishedItem } | { ok: false; error: AppError };

/** Bounded retries of a failed publication: 5 attempts, 1, 2, 4, 8 minutes apart; then staff (payment/followups). */
// The rate an order without priced lines is invoiced at: the orders take a loyalty discount at it too.
export { UNPRICED_VAT_RATE } from './invoice-content';

export interface InvoiceRetry {
  maxAttempts: number;
  backoffMs(attempts: number): number;
}
export const invoiceRetry: InvoiceRetry = { maxAttempts: 5, backoffMs: (n) => Math.min(60_000 * 2 ** (n - 1), 3_600_000) };

/** The invoice cancellation trace's steps in words (task/invoice/cancel/trackingInvoiceDraftDetails). */
export const cancelStepNames: Record<CancelStep, string> = {
  requested: 'Yêu cầu hủy hóa đơn',
  provider_cancelled: 'Nhà cung cấp đã hủy hóa đơn',
  provider_failed: 'Nhà cung cấp chưa hủy được hóa đơn',
  retried: 'Hệ thống thử hủy lại',
  done: 'Hoàn tất hủy hóa đơn',
};

/** Bounded retries of a cancellation the provider failed: 5 attempts, 1, 2, 4, 8 minutes apart; then staff. */
export const invoiceCancelRetry: InvoiceRetry = { maxAttempts: 5, backoffMs: (n) => Math.min(60_000 * 2 ** (n - 1), 3_600_000) };

export type CancelOutcome = { ok: true; invoiceNo: string | null } | { ok: false; invoiceNo: string; message: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const money = (n: number) => new Intl.NumberFormat('vi-VN').format(n);
const quantityText = (n: number) => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }).format(n);
/** The port day (YYYY-MM-DD) of a moment: an invoice is dated in port time. */
const portDate = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** An order's invoice: its content (one builder for the draft and the provider) and its parties. */
interface OrderInvoice {
  content: InvoiceContent;
  parties: InvoiceParties;
}

/** The draft's HTML of one order's invoice: the same lines, totals per rate and totals the provider receives. */
function draftHtml(order: PayOrder, { content: c, parties: p }: OrderInvoice, releasePoints: readonly string[]): string {
  const e = escapeHtml;
  const rows = c.lines
    .map(
      (l) =>
        `<tr><td>${l.no}</td><td>${e(l.name)}</td><td>${e(l.unit)}</td><td class="num">${quantityText(l.quantity)}</td><td class="num">${money(l.unitPrice)}</td><td class="num">${money(l.amount)}</td><td class="num">${vatRateText(l.vatRate)}</td><td class="num">${money(l.vatAmount)}</td></tr>`,
    )
    .join('');
  const rates = c.rates
    .map(
      (r) =>
        `<tr class="draft-rate"><td colspan="5">Tổng theo thuế suất ${vatRateText(r.vatRate)}</td><td class="num">${money(r.amount)}</td><td class="num">${vatRateText(r.vatRate)}</td><td class="num">${money(r.vatAmount)}</td></tr>`,
    )
    .join('');
  const buyer = [
    `Người mua: ${e(p.BuyerName ?? p.BuyerCode)}`,
    p.BuyerTaxCode ? `Mã số thuế: ${e(p.BuyerTaxCode)}` : '',
    p.BuyerAddress ? `Địa chỉ: ${e(p.BuyerAddress)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return `<section class="draft-order"><h3>Lệnh ${e(order.OrderNo)} — PIN ${e(c.pinCode)}</h3>
<p>Đơn vị bán: ${e(p.SellerName)}${p.SellerTaxCode ? ` · Mã số thuế: ${e(p.SellerTaxCode)}` : ''} · Địa chỉ: ${e(p.SellerAddress)}</p>
<p>${buyer}</p>
<p>Phương án: ${e(order.JobModeName ?? order.JobModeCode)}${c.billOfLading ? ` · Số vận đơn: ${e(c.billOfLading)}` : ''} · Nội dung: ${e(c.content)}</p>
<table><thead><tr><th>STT</th><th>Tên hàng hóa, dịch vụ</th><th>Đơn vị tính</th><th>Số lượng</th><th>Đơn giá</th><th>Thành tiền chưa có thuế GTGT</th><th>Thuế suất GTGT</th><th>Tiền thuế GTGT</th></tr></thead><tbody>${rows}</tbody>
<tfoot>${rates}<tr><td colspan="5">Cộng tiền hàng hóa, dịch vụ</td><td class="num">${money(c.totalBeforeTax)}</td><td></td><td class="num">${money(c.totalVat)}</td></tr>
<tr class="draft-payable"><td colspan="7">Tổng tiền thanh toán</td><td class="num">${money(c.totalPayable)}</td></tr></tfoot></table>
<p>Số tiền viết bằng chữ: ${e(c.payableInWords)}</p>
<p class="draft-release">Nơi nhận chứng từ (điểm thu phí): ${releasePoints.length ? e(releasePoints.join('; ')) : 'Chưa xác định'}</p></section>`;
}

/** E-invoices of paid orders (spec 02 §4, §7): publish once through the provider, draft as HTML. */
export function createInvoicesService(deps: {
  repo: InvoicesRepository;
  einvoice: EinvoiceProvider;
  payments: PaymentsService;
  publicOrders: Pick<PublicOrderService, 'linkToken'>;
  portalUrl: () => string | null;
  retry?: InvoiceRetry;
  cancelRetry?: InvoiceRetry;
  log?: { warn(o: object, m: string): void };
  /** `invoice.issued` / `invoice.cancelled`, published once the provider's answer is stored. */
  publish?: Publisher['publish'];
  /** The release point serving each yard block of a terminal (admin's 'Cấu hình điểm thu phí theo block'). */
  releasePointsFor?: (terminal: string, blocks: readonly (string | null)[]) => Promise<Map<string | null, ReleasePoint | null>>;
}) {
  const { repo, payments } = deps;

  function item(order: PayOrder, invoice: { InvoiceSeries: string; InvoiceNo: string } | null, error: string | null): PublishedItem {
    const ord = `/order/${deps.publicOrders.linkToken(order.OrderNo)}`;
    const base = deps.portalUrl();
    return {
      OrderNo: order.OrderNo,
      PinCode: order.PinCode,
      InvoiceNo: invoice ? `${invoice.InvoiceSeries}-${invoice.InvoiceNo}` : null,
      JobModeName: order.JobModeName ?? order.JobModeCode,
      MoneyCredit: order.MoneyCredit,
      isSplitInvoice: false,
      qr_url: base ? `${base}${ord}` : ord,
      ord_url: ord,
      pdf_url: invoice ? deps.einvoice.pdfUrl(invoice) : null,
      error,
    };
  }

  /** Publication attempts the server makes on its own: after payment, then by the job (bounded, with backoff). */
  const retry = deps.retry ?? invoiceRetry;
  const inFlight = new Map<string, Promise<PublishOutcome>>();

  /**
   * Issues the invoice of a paid, invoiceable order once (provider key = OrderNo, one issued row per
   * order); the dialog, the server after payment, the job and staff all come here. Concurrent calls in
   * this process share one request to the provider. A failure is recorded as an invoice follow-up.
   */
  function publishOrder(order: PayOrder, userId: string | null): Promise<PublishOutcome> {
    const running = inFlight.get(order.OrderNo);
    if (running) return running;
    const p = issue(order, userId).finally(() => inFlight.delete(order.OrderNo));
    inFlight.set(order.OrderNo, p);
    return p;
  }

  const invoiceLabel = (i: { InvoiceSeries: string; InvoiceNo: string }) => `${i.InvoiceSeries}-${i.InvoiceNo}`;

  /** The order's invoice from its stored charge lines and the parties' records; lines that do not add up → 409. */
  /** Where the truck's papers of the order are released: the release points of its containers' blocks, each once. */
  async function releasePointsOf(order: PayOrder): Promise<string[]> {
    if (!deps.releasePointsFor) return [];
    const blocks = await repo.containerBlocks(order.OrderNo, order.TerminalCode);
    const points = await deps.releasePointsFor(order.TerminalCode, blocks);
    return [...new Set(blocks.map((b) => points.get(b)?.Label).filter((l): l is string => !!l))].sort();
  }

  async function orderInvoice(order: PayOrder): Promise<OrderInvoice> {
    const [charges, containers, parties] = await Promise.all([
      repo.chargeLines(order.OrderNo),
      repo.containerLines(order.OrderNo),
      repo.parties(order.OrderNo),
    ]);
    if (!parties) throw notFound(`Không tìm thấy lệnh ${order.OrderNo}.`);
    try {
      const content = invoiceContent(
        {
          OrderNo: order.OrderNo,
          PinCode: order.PinCode,
          JobModeCode: order.JobModeCode,
          JobModeName: order.JobModeName,
          BLNo: parties.BLNo,
          TotalAmount: Number(order.TotalAmount),
        },
        charges,
        containers,
      );
      return { content, parties };
    } catch (err) {
      if (err instanceof InvoiceMismatch) throw new AppError(409, err.message);
      throw err;
    }
  }

  const sellerWithoutTaxCode = (order: PayOrder) =>
    `Cảng ${order.TerminalCode} chưa có mã số thuế người bán trên hóa đơn: chưa xuất được hóa đơn, vui lòng liên hệ bộ phận thu ngân của cảng.`;

  const issueRequest = (order: PayOrder, { content: c, parties: p }: OrderInvoice): InvoiceRequest => ({
    key: order.OrderNo,
    issueDate: portDate(new Date()),
    // Paid online (card, bank page, VietQR) is a transfer; pay later is settled in cash or by transfer.
    paymentMethod: order.TransactionId ? 'CK' : 'TM/CK',
    seller: { name: p.SellerName, taxCode: p.SellerTaxCode, address: p.SellerAddress },
    buyer: { name: p.BuyerName ?? order.CustomerName ?? p.BuyerCode, taxCode: p.BuyerTaxCode, address: p.BuyerAddress, code: p.BuyerCode },
    orderNo: order.OrderNo,
    pinCode: c.pinCode,
    billOfLading: c.billOfLading,
    content: c.content,
    lines: c.lines,
    rates: c.rates,
    totalBeforeTax: c.totalBeforeTax,
    totalVat: c.totalVat,
    totalPayable: c.totalPayable,
    payableInWords: c.payableInWords,
  });

  async function issue(order: PayOrder, userId: string | null): Promise<PublishOutcome> {
    let invoice = await repo.invoiceOf(order.OrderNo);
    let issuedNow = false;
    if (!invoice) {
      try {
        const request = issueRequest(order, await orderInvoice(order));
        if (!request.seller.taxCode) throw new AppError(409, paymentMessages.invoiceError, sellerWithoutTaxCode(order));
        const issued = await deps.einvoice.issue(request);
        if (!issued.ok && issued.failure === 'invalid')
          throw new AppError(424, paymentMessages.invoiceError, `Hệ thống hóa đơn điện tử từ chối hóa đơn: ${issued.detail}`);
        if (!issued.ok) throw new AppError(424, paymentMessages.invoiceError, partnerFailureMessage(partnerNames.einvoice, issued));
        await repo.saveInvoice({
          OrderNo: order.OrderNo,
          InvoiceSeries: issued.value.series,
          InvoiceNo: issued.value.invoiceNo,
          TaxAuthorityCode: issued.value.taxAuthorityCode,
          Amount: Number(order.TotalAmount),
          IssueDate: issued.value.issuedAt,
        });
        invoice = await repo.invoiceOf(order.OrderNo);
        if (!invoice) throw new AppError(424, paymentMessages.invoiceError);
        issuedNow = true;
      } catch (err) {
        const error = err instanceof AppError ? err : new AppError(424, paymentMessages.invoiceError, (err as Error).message);
        const attempts = await repo.invoiceFailed(order.OrderNo, error.out ?? error.message, retry.maxAttempts, retry.backoffMs);
        deps.log?.warn({ order: order.OrderNo, attempts, err: error.out ?? error.message }, 'invoice not published: will retry');
        // Whatever stopped the invoice, an open payment dialog hears that it failed.
        payments.completion(
          userId,
          { OrderNo: order.OrderNo, success_payment: true, success_invoice: false, success: false, InvoiceNo: null },
          order.OrderStatus,
        );
        return { ok: false, error };
      }
    }
    await repo.invoiceDone(order.OrderNo);
    if (issuedNow)
      await deps.publish?.('invoice.issued', {
        orderNo: order.OrderNo,
        invoiceNo: invoiceLabel(invoice),
        by: userId,
        pdfUrl: deps.einvoice.pdfUrl(invoice),
      });
    const published = item(order, invoice, null);
    payments.completion(
      userId,
      { OrderNo: order.OrderNo, success_payment: true, success_invoice: true, success: true, InvoiceNo: published.InvoiceNo },
      order.OrderStatus,
    );
    return { ok: true, item: published };
  }

  const factsOf = (order: PayOrder) => ({
    status: order.OrderStatus,
    transactionId: order.TransactionId,
    amount: Number(order.TotalAmount),
    skipApproval: order.SkipApproval,
  });
  /** Paid and approved, or approved on credit (pay later: MoneyCredit C, billed on the invoice; docs/decisions.md). */
  const approvedInvoiceable = (order: PayOrder) =>
    invoiceable(factsOf(order)) || (order.OrderStatus === 'C' && order.MoneyCredit === 'C' && Number(order.TotalAmount) > 0);

  /** The server's own publication of one order (after payment or approval, the job, staff): never throws. */
  async function publishByNo(orderNo: string, userId: string | null): Promise<PublishOutcome | null> {
    const order = await payments.orderByNo(orderNo);
    if (!order || !approvedInvoiceable(order)) return null;
    return publishOrder(order, userId);
  }

  const cancelRetry = deps.cancelRetry ?? invoiceCancelRetry;

  /** One request to the provider to cancel, traced: provider_cancelled + done (invoice C), or provider_failed. */
  async function attemptCancel(
    orderNo: string,
    invoice: { InvoiceSeries: string; InvoiceNo: string },
    reason: string,
    by: string | null,
  ): Promise<CancelOutcome> {
    const label = invoiceLabel(invoice);
    const r = await deps.einvoice.cancel(invoice, reason);
    if (!r.ok) {
      const message = partnerFailureMessage(partnerNames.einvoice, r);
      await repo.traceCancel(orderNo, 'provider_failed', label, message, by);
      deps.log?.warn({ order: orderNo, invoice: label, failure: r.failure, detail: r.detail }, 'invoice not cancelled: will retry');
      return { ok: false, invoiceNo: label, message };
    }
    await repo.traceCancel(orderNo, 'provider_cancelled', label, null, by);
    await repo.markCancelled(orderNo);
    await repo.traceCancel(orderNo, 'done', label, null, by);
    await deps.publish?.('invoice.cancelled', { orderNo, invoiceNo: label, by });
    return { ok: true, invoiceNo: label };
  }

  return {
    async publish(user: AuthUser, input: CallRequest<I['publishOrderNo']>): Promise<CallReply<I['publishOrderNo']>> {
      assertOrderActor(user);
      const order = await payments.scopedOrder(user, input.OrderNo);
      if (!order.TransactionId) throw badRequest(`Lệnh ${order.OrderNo} chưa được thanh toán.`);
      if (!invoiceable(factsOf(order))) {
        return {
          success: true,
          message: paymentMessages.awaitingApproval,
          message_box: paymentMessages.awaitingApproval,
          msg: [item(order, null, null)],
        };
      }
      const r = await publishOrder(order, user.UserID);
      if (!r.ok) throw r.error;
      return { success: true, message: paymentMessages.invoiced, msg: [r.item] };
    },

    /**
     * invoice/publishInvoiceNo: the invoice of an approved order (C), for its customer or staff of its terminal. An order
     * not approved yet answers 409 'Lệnh chưa được duyệt'.
     */
    async publishApproved(user: AuthUser, input: CallRequest<I['publishInvoiceNo']>): Promise<CallReply<I['publishInvoiceNo']>> {
      const scope = approvalReach(user);
      if (!scope.terminals.length) assertOrderActor(user);
      const order = await payments.orderByNo(input.OrderNo);
      if (!order || !inReach(scope, order)) throw notFound(`Không tìm thấy lệnh ${input.OrderNo}.`);
      if (order.OrderStatus !== 'C') throw new AppError(409, acceptMessages.notApproved);
      if (!approvedInvoiceable(order)) throw badRequest(`Lệnh ${order.OrderNo} chưa được thanh toán.`);
      const r = await publishOrder(order, user.UserID);
      if (!r.ok) throw r.error;
      return { success: true, message: paymentMessages.invoiced, msg: [r.item] };
    },

    /** An order just approved (approval service): its invoice is published now, not awaited; failures go to the job. */
    publishAfterApproval(orderNo: string, userId: string | null) {
      publishByNo(orderNo, userId).catch((err) =>
        deps.log?.warn({ order: orderNo, err: (err as Error).message }, 'invoice publication after approval failed'),
      );
    },

    /**
     * An approved order was cancelled: its issued invoice is cancelled with the provider, every step traced in
     * invoice_cancellations. No issued invoice: nothing to cancel. A provider failure is retried by the job.
     */
    async cancelForOrder(orderNo: string, reason: string, by: string | null): Promise<CancelOutcome> {
      const invoice = await repo.invoiceOf(orderNo);
      if (!invoice) return { ok: true, invoiceNo: null };
      await repo.traceCancel(orderNo, 'requested', invoiceLabel(invoice), reason, by);
      return attemptCancel(orderNo, invoice, reason, by);
    },

    /** The job: cancellations the provider failed, their backoff over (bounded: then left to staff, shown in the trace). */
    async retryCancellations(now = new Date()): Promise<{ tried: number; cancelled: number }> {
      let tried = 0;
      let cancelled = 0;
      for (const c of await repo.failedCancellations(cancelRetry.maxAttempts)) {
        if (new Date(c.LastTime).getTime() + cancelRetry.backoffMs(c.Failures) > now.getTime()) continue;
        tried++;
        const invoice = await repo.invoiceOf(c.OrderNo);
        if (!invoice) {
          await repo.traceCancel(c.OrderNo, 'done', null, 'Hóa đơn không còn ở trạng thái phát hành', null);
          continue;
        }
        const requested = (await repo.cancelTrace(c.OrderNo)).find((s) => s.Step === 'requested');
        await repo.traceCancel(c.OrderNo, 'retried', invoiceLabel(invoice), `Lần thử thứ ${c.Failures + 1}`, null);
        const r = await attemptCancel(c.OrderNo, invoice, requested?.Message ?? 'Hủy lệnh', null);
        if (r.ok) cancelled++;
      }
      return { tried, cancelled };
    },

    /** The trace rows of one order, in words (the caller has checked the order is in reach). */
    async cancelTrace(orderNo: string) {
      return (await repo.cancelTrace(orderNo)).map((s) => ({
        Step: s.Step,
        StepName: cancelStepNames[s.Step] ?? s.Step,
        InvoiceNo: s.InvoiceNo,
        Message: s.Message,
        CreatedBy: s.CreatedBy,
        CreatedTime: new Date(s.CreatedTime).toISOString(),
      }));
    },

    /** After payment (not awaited by the payment's reply): the invoice does not wait for the dialog. */
    publishAfterPayment(orderNo: string, userId: string | null) {
      publishByNo(orderNo, userId).catch((err) =>
        deps.log?.warn({ order: orderNo, err: (err as Error).message }, 'invoice publication after payment failed'),
      );
    },

    /** The job: publications due (failed before, their backoff over). */
    async retryDue(): Promise<{ tried: number; published: number }> {
      let tried = 0;
      let published = 0;
      for (const due of await repo.dueInvoices()) {
        tried++;
        const r = await publishByNo(due.OrderNo, null);
        if (r === null)
          await repo.invoiceDone(due.OrderNo); // no longer invoiceable (e.g. refunded by staff)
        else if (r.ok) published++;
      }
      return { tried, published };
    },

    /** Staff: publish again now (attempts start over); answers the outcome. */
    async retryByStaff(user: AuthUser, input: { OrderNo: string }) {
      const order = await payments.scopedOrder(user, input.OrderNo);
      if (!invoiceable(factsOf(order))) throw badRequest(`Lệnh ${order.OrderNo} chưa đủ điều kiện xuất hóa đơn.`);
      await repo.invoiceRetryReset(order.OrderNo);
      const r = await publishOrder(order, null);
      if (!r.ok) throw r.error;
      return { success: true, message: paymentMessages.invoiced, msg: [r.item] };
    },

    async draft(user: AuthUser, input: CallRequest<I['draftInvoice']>): Promise<CallReply<I['draftInvoice']>> {
      assertOrderActor(user);
      const blocks: string[] = [];
      let total = 0;
      for (const orderNo of [...new Set(input.fkeys)]) {
        const o = await payments.scopedOrder(user, orderNo);
        const inv = await orderInvoice(o);
        total += inv.content.totalPayable;
        blocks.push(draftHtml(o, inv, await releasePointsOf(o)));
      }
      const html = `<div class="draft-invoice"><h2>HÓA ĐƠN NHÁP</h2>${blocks.join('')}<p class="draft-total">Tổng cộng tiền thanh toán: <b>${money(total)} VNĐ</b></p></div>`;
      return { success: true, data: html };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
