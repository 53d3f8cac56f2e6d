import type { FastifyInstance } from 'fastify';
import { createHttpBankPageGateway } from '../../adapters/bank-page/bank-page.adapter';
import { createHttpCardGateway } from '../../adapters/card/card.adapter';
import { createHttpVietQrBank } from '../../adapters/vietqr/vietqr.adapter';
import type { RunConfig } from '../../config';
import type { Database } from '../../db/client';
import type { GridService } from '../../grid/grid.service';
import { notFound } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { orderReach } from '../../security/order-access';
import type { InvoicesService } from '../invoices/invoices.service';
import { createPayPartnersService } from '../pay-partners/pay-partners.service';
import { createPaymentsRepository } from './payments.repository';
import { paymentHandlers } from './payments.routes';
import { createPaymentsService, type PaymentPorts, type PaymentSettings, type PaymentsDeps } from './payments.service';

/** Wires payments: adapters from the config's partner addresses, the notice address (the reconciliation job is in jobs/, invoices in app.ts). */
export function createPaymentsModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    config: RunConfig;
    live: LiveEvents;
    grid: GridService;
    /** Wraps each partner port (the connection alert mail watches their outcomes); the port itself by default. */
    watch?: <T extends object>(port: T) => T;
    /**
     * An order paid without approval is approved (status C): told once, not awaited. The approval hook
     * (orders/order-approval.service `approved`) publishes the invoice; without it the invoice is published here.
     */
    orderApproved?: (orderNo: string, payer: string | null) => void;
    /** The approval configuration (settings approval.service): does an order paid now wait for staff? */
    approvalNeeded: PaymentsDeps['approvalNeeded'];
  },
) {
  const watch = deps.watch ?? (<T extends object>(port: T) => port);
  const sims = deps.config.simulators;
  let listening: string | null = null;
  const settings: PaymentSettings = {
    napasSecret: deps.config.payNapasSecret,
    vietQrSecret: deps.config.payVietQrSecret,
    vietQrAccount: deps.config.payVietQrAccount,
    portalUrl: () => deps.config.publicUrl || listening,
  };
  // The partners' adapters: their addresses from the config, the shared secrets they sign results with.
  const ports: PaymentPorts = {
    card: watch(createHttpCardGateway({ baseUrl: sims.card })),
    bankPage: watch(createHttpBankPageGateway({ baseUrl: sims.napas, secret: settings.napasSecret })),
    vietqr: watch(createHttpVietQrBank({ baseUrl: sims.vietqr, secret: settings.vietQrSecret })),
  };
  const repo = createPaymentsRepository(deps.database.db);
  const payPartners = createPayPartnersService(deps.grid, async (user, orderNo) => {
    const order = await repo.order(orderReach(user), orderNo);
    if (!order) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return order.TerminalCode;
  });
  // Payments tell invoices when an order is paid (the server publishes; the dialog need not stay open).
  // Invoices are wired in app.ts after this module: they are told here (`publishInvoicesWith`).
  let invoicesLate: Pick<InvoicesService, 'publishAfterPayment'> | null = null;
  const payments = createPaymentsService({
    repo,
    ports,
    live: deps.live,
    settings,
    offers: payPartners.offers,
    approvalNeeded: deps.approvalNeeded,
    log: app.log,
    afterPaid: (orderNo, userId) => {
      if (deps.orderApproved) deps.orderApproved(orderNo, userId);
      else invoicesLate?.publishAfterPayment(orderNo, userId);
    },
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

  return {
    payments,
    payPartners,
    /** Where partners and QR links reach the portal (PUBLIC_URL, else where it listens). */
    portalUrl: () => settings.portalUrl(),
    /** The invoices service the server publishes with after a payment (app.ts, once it is built). */
    publishInvoicesWith(invoices: Pick<InvoicesService, 'publishAfterPayment'>) {
      invoicesLate = invoices;
    },
    /** The payments calls; staff's invoice retry goes to the invoices service. */
    handlers: (invoices: InvoicesService) => ({ payments: paymentHandlers(payments, invoices) }),
  };
}
