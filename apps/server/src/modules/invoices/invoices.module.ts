import { createHttpEinvoiceProvider } from '../../adapters/einvoice/einvoice.adapter';
import type { Module, ModuleContext } from '../../kernel/module';
import type { AdminRulesService } from '../admin/admin-rules.service';
import type { PaymentsService } from '../payments/payments.service';
import { invoiceCancellationJob } from './invoice-cancellation.job';
import { invoicePublicationJob } from './invoice-publication.job';
import { createInvoicesRepository } from './invoices.repository';
import { invoiceHandlers } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

/**
 * E-invoices of paid orders: published once through the provider (watched: outages mailed as vnpt alerts) when an
 * order is approved (`order.approved`), retried and cancelled by their jobs; staff's retry of a follow-up.
 */
export function invoicesModule(
  ctx: ModuleContext,
  deps: {
    payments: PaymentsService;
    portalUrl: () => string | null;
    watched: <T extends object>(port: T, connection: 'vnpt') => T;
    adminRules: Pick<AdminRulesService, 'releasePointsFor'>;
  },
) {
  const einvoice = deps.watched(createHttpEinvoiceProvider({ baseUrl: ctx.config.simulators.einvoice }), 'vnpt');
  const invoices = createInvoicesService({
    repo: createInvoicesRepository(ctx.database.db),
    einvoice,
    payments: deps.payments,
    publicOrders: ctx.orderLinks,
    portalUrl: deps.portalUrl,
    log: ctx.log,
    publish: (name, payload) => ctx.events.publish(name, payload),
    releasePointsFor: (terminal, blocks) => deps.adminRules.releasePointsFor(terminal, blocks),
  });
  // An approved order's invoice is the server's to publish (the payer's dialog need not stay open).
  ctx.events.onAfterCommit('order.approved', 'invoices.publish-approved', async (e) => {
    invoices.publishAfterApproval(e.orderNo, e.payer);
  });
  return {
    services: { invoices, invoicePdfUrl: (i: Parameters<typeof einvoice.pdfUrl>[0]) => einvoice.pdfUrl(i) },
    handlers: {
      invoices: invoiceHandlers(invoices),
      payments: { retryFollowupInvoice: (input, c) => invoices.retryByStaff(c.user, input) },
    },
    jobs: [invoicePublicationJob(invoices, ctx.log), invoiceCancellationJob(invoices, ctx.log)],
  } satisfies Module<unknown>;
}
