import type { ModuleHandlers } from '../../http/call-registry';
import type { PaymentsService } from './payments.service';

/** The payments calls; staff's invoice retry of a follow-up is the invoices module's part of this key. */
export function paymentHandlers(payments: PaymentsService): Omit<ModuleHandlers<'payments'>, 'retryFollowupInvoice'> {
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
    listFollowups: (_input, ctx) => payments.listFollowups(ctx.user),
  };
}
