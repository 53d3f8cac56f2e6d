import type { ModuleHandlers } from '../../http/call-registry';
import type { InvoicesService } from './invoices.service';

export function invoiceHandlers(invoices: InvoicesService): ModuleHandlers<'invoices'> {
  return {
    publishOrderNo: (input, ctx) => invoices.publish(ctx.user, input),
    draftInvoice: (input, ctx) => invoices.draft(ctx.user, input),
    publishInvoiceNo: (input, ctx) => invoices.publishApproved(ctx.user, input),
  };
}
