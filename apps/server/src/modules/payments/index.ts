import type { FastifyInstance } from 'fastify';
import { createHttpBankPageGateway } from '../../adapters/bank-page/bank-page.adapter';
import { createHttpCardGateway } from '../../adapters/card/card.adapter';
import type { EinvoiceProvider } from '../../adapters/einvoice/einvoice.port';
import { createHttpVietQrBank } from '../../adapters/vietqr/vietqr.adapter';
import type { PortalConfig } from '../../config';
import type { Database } from '../../db/client';
import type { GridService } from '../../grid/grid.service';
import { notFound } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { invoiceHandlers } from '../invoices/invoices.routes';
import { createInvoicesService } from '../invoices/invoices.service';
import type { PublicOrderService } from '../orders/public-order.service';
import { createPayPartnersService } from '../settings/pay-partners.service';
import { createPaymentsRepository } from './payments.repository';
import { paymentHandlers } from './payments.routes';
import { createPaymentsService, type PaymentPorts, paymentSettingsFromEnv, payScope } from './payments.service';

/** Wires payments and invoices: adapters from the config's partner addresses, the reconciliation job, the notice address. */
export function createPaymentsModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    config: PortalConfig;
    live: LiveEvents;
    publicOrders: PublicOrderService;
    grid: GridService;
    /** The e-invoice provider (app.ts makes it: the home page links its PDFs too). */
    einvoice: EinvoiceProvider;
    reconcileMs?: number;
  },
) {
  const sims = deps.config.simulators;
  let listening: string | null = null;
  const settings = paymentSettingsFromEnv(process.env, () => listening);
  // The partners' adapters: their addresses from the config, the shared secrets they sign results with.
  const ports: PaymentPorts = {
    card: createHttpCardGateway({ baseUrl: sims.card }),
    bankPage: createHttpBankPageGateway({ baseUrl: sims.napas, secret: settings.napasSecret }),
    vietqr: createHttpVietQrBank({ baseUrl: sims.vietqr, secret: settings.vietQrSecret }),
  };
  const repo = createPaymentsRepository(deps.database.db);
  const payPartners = createPayPartnersService(deps.grid, async (user, orderNo) => {
    const order = await repo.order(payScope(user), orderNo);
    if (!order) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return order.TerminalCode;
  });
  const payments = createPaymentsService({ repo, ports, live: deps.live, settings, offers: payPartners.offers, log: app.log });
  const invoices = createInvoicesService({
    repo,
    einvoice: deps.einvoice,
    payments,
    publicOrders: deps.publicOrders,
    portalUrl: () => settings.portalUrl(),
  });

  // Partners reach the portal where it listens; the VietQR bank is told where to send its notices.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object')
      listening = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    const base = settings.portalUrl();
    if (base && sims.vietqr) {
      const r = await ports.vietqr.registerWebhook(`${base}/api/payment/vaqr/mb/notify`);
      if (!r.ok) app.log.warn({ failure: r.failure, detail: r.detail }, 'VietQR webhook not registered');
    }
  });
  const timer = setInterval(() => {
    payments.reconcile().catch((err: Error) => app.log.warn({ err: err.message }, 'payment reconciliation failed'));
  }, deps.reconcileMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return {
    payments,
    invoices,
    payPartners,
    handlers: { payments: paymentHandlers(payments), invoices: invoiceHandlers(invoices) },
  };
}
