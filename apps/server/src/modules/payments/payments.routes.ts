import type { ModuleHandlers } from '../../http/call-registry';
import type { InvoicesService } from './invoices.service';
import type { createPayPartnersService } from './pay-partners.service';
import type { PaymentsService } from './payments.service';

export function paymentHandlers(
  payments: PaymentsService,
  partners: ReturnType<typeof createPayPartnersService>,
): ModuleHandlers<'payments'> {
  return {
    isExpireDate: (input) => payments.isExpireDate(input),
    makeCardTransfer: (input, ctx) => payments.makeCardTransfer(ctx.user, input),
    confirmCardTransfer: (input, ctx) => payments.confirmCardTransfer(ctx.user, input),
    makeBankTransfer: (input, ctx) => payments.makeBankTransfer(ctx.user, input),
    checkBankReceive: (input, ctx) => payments.checkBankReceive(ctx.user, input),
    verifyChecksum: (input, ctx) => payments.verifyChecksum(ctx.user, input),
    bankNotify: (input) => payments.bankNotify(input),
    homeOrderInquiry: (input, ctx) => payments.inquiry(ctx.user, input),
    createQr: (input, ctx) => payments.createQr(ctx.user, input, 'mb'),
    qrNotify: (input) => payments.qrNotify(input),
    getPayPartners: (input, ctx) => partners.list(ctx.user, input),
    editPayPartners: (input, ctx) => partners.edit(ctx.user, input),
  };
}

export function invoiceHandlers(invoices: InvoicesService): ModuleHandlers<'invoices'> {
  return {
    publishOrderNo: (input, ctx) => invoices.publish(ctx.user, input),
    draftInvoice: (input, ctx) => invoices.draft(ctx.user, input),
  };
}
