import { type CallReply, type CallRequest, type calls, type PublishedItem, paymentMessages } from '@smartport/contract';
import type { EinvoiceProvider } from '../../adapters/einvoice/einvoice.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { assertOrderActor } from '../../security/order-access';
import type { PublicOrderService } from '../orders/public-order.service';
import { invoiceable, type PaymentsService, type PayOrder, partnerFailureMessage, partnerNames } from '../payments/payments.service';
import type { InvoicesRepository } from './invoices.repository';

type I = typeof calls.invoices;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const money = (n: number) => new Intl.NumberFormat('vi-VN').format(n);

/** E-invoices of paid orders (spec 02 §4, §7): publish once through the provider, draft as HTML. */
export function createInvoicesService(deps: {
  repo: InvoicesRepository;
  einvoice: EinvoiceProvider;
  payments: PaymentsService;
  publicOrders: Pick<PublicOrderService, 'linkToken'>;
  portalUrl: () => string | null;
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

  return {
    async publish(user: AuthUser, input: CallRequest<I['publishOrderNo']>): Promise<CallReply<I['publishOrderNo']>> {
      assertOrderActor(user);
      const order = await payments.scopedOrder(user, input.OrderNo);
      if (!order.TransactionId) throw badRequest(`Lệnh ${order.OrderNo} chưa được thanh toán.`);
      const facts = {
        status: order.OrderStatus,
        transactionId: order.TransactionId,
        amount: Number(order.TotalAmount),
        skipApproval: order.SkipApproval,
      };
      if (!invoiceable(facts)) {
        return {
          success: true,
          message: paymentMessages.awaitingApproval,
          message_box: paymentMessages.awaitingApproval,
          msg: [item(order, null, null)],
        };
      }
      let invoice = await repo.invoiceOf(order.OrderNo);
      if (!invoice) {
        try {
          const lines = await repo.containerLines(order.OrderNo);
          const issued = await deps.einvoice.issue({
            key: order.OrderNo,
            orderNo: order.OrderNo,
            pinCode: order.PinCode,
            buyerName: order.CustomerName ?? order.CustomerCode,
            buyerTaxCode: order.TaxCode ?? '',
            total: Number(order.TotalAmount),
            lines: lines.length
              ? lines.map((l) => ({
                  name: `${order.JobModeName ?? order.JobModeCode} ${l.ContainerNo} (${l.IsoSizetype} ${l.FE})`,
                  quantity: 1,
                  amount: Number(l.Amount),
                }))
              : [{ name: order.JobModeName ?? order.JobModeCode, quantity: 1, amount: Number(order.TotalAmount) }],
          });
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
        } catch (err) {
          // Whatever stopped the invoice, an open payment dialog hears that it failed.
          payments.completion(
            user.UserID,
            { OrderNo: order.OrderNo, success_payment: true, success_invoice: false, success: false, InvoiceNo: null },
            order.OrderStatus,
          );
          if (err instanceof AppError) throw err;
          throw new AppError(424, paymentMessages.invoiceError, (err as Error).message);
        }
        if (!invoice) throw new AppError(424, paymentMessages.invoiceError);
      }
      const published = item(order, invoice, null);
      payments.completion(
        user.UserID,
        { OrderNo: order.OrderNo, success_payment: true, success_invoice: true, success: true, InvoiceNo: published.InvoiceNo },
        order.OrderStatus,
      );
      return { success: true, message: paymentMessages.invoiced, msg: [published] };
    },

    async draft(user: AuthUser, input: CallRequest<I['draftInvoice']>): Promise<CallReply<I['draftInvoice']>> {
      assertOrderActor(user);
      const blocks: string[] = [];
      let total = 0;
      for (const orderNo of [...new Set(input.fkeys)]) {
        const o = await payments.scopedOrder(user, orderNo);
        const lines = await repo.containerLines(o.OrderNo);
        total += Number(o.TotalAmount);
        const rows = lines
          .map(
            (l, i) =>
              `<tr><td>${i + 1}</td><td>${escapeHtml(l.ContainerNo)}</td><td>${escapeHtml(l.IsoSizetype)}</td><td>${escapeHtml(l.FE)}</td><td class="num">${money(Number(l.Amount))}</td></tr>`,
          )
          .join('');
        blocks.push(`<section class="draft-order"><h3>Lệnh ${escapeHtml(o.OrderNo)} — PIN ${escapeHtml(o.PinCode.split('-')[0] ?? o.PinCode)}</h3>
<p>Phương án: ${escapeHtml(o.JobModeName ?? o.JobModeCode)} · Đối tượng thanh toán: ${escapeHtml(o.CustomerName ?? o.CustomerCode)}${o.TaxCode ? ` (MST ${escapeHtml(o.TaxCode)})` : ''}</p>
<table><thead><tr><th>STT</th><th>Số container</th><th>Kích cỡ</th><th>F/E</th><th>Thành tiền (VNĐ)</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="4">Cộng</td><td class="num">${money(Number(o.TotalAmount))}</td></tr></tfoot></table></section>`);
      }
      const html = `<div class="draft-invoice"><h2>HÓA ĐƠN NHÁP</h2>${blocks.join('')}<p class="draft-total">Tổng cộng tiền thanh toán: <b>${money(total)} VNĐ</b></p></div>`;
      return { success: true, data: html };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
