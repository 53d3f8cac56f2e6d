import { createHttpBankPageGateway } from '../../adapters/bank-page/bank-page.adapter';
import { createHttpCardGateway } from '../../adapters/card/card.adapter';
import { createHttpVietQrBank } from '../../adapters/vietqr/vietqr.adapter';
import { listeningUrl } from '../../http/listening-url';
import type { Module, ModuleContext } from '../../kernel/module';
import { paymentReconciliationJob } from './payment-reconciliation.job';
import { createPaymentsRepository } from './payments.repository';
import { paymentHandlers } from './payments.routes';
import { createPaymentsService, type PaymentPorts, type PaymentSettings, type PaymentsDeps } from './payments.service';

/**
 * Payments: the partners' adapters from the config's addresses (each watched: outages mailed as mb2smp alerts), the
 * notice address, the reconciliation job. Money applied publishes `order.paid` in the applying transaction.
 */
export function paymentsModule(
  ctx: ModuleContext,
  deps: {
    /** The approval configuration: does an order paid now wait for staff? */
    approvalNeeded: PaymentsDeps['approvalNeeded'];
    /** Whether a partner of this kind is offered for an order's terminal (pay partners). */
    offers: PaymentsDeps['offers'];
    /** The MB-NAPAS fee tables' rule (admin). */
    mbCharge: PaymentsDeps['mbCharge'];
    watched: <T extends object>(port: T, connection: 'smp2mb') => T;
    alerts: {
      report(connection: 'mb2smp', outcome: { failure: 'timeout'; detail: string }, what: string): Promise<unknown>;
      recovered(connection: 'mb2smp'): Promise<unknown>;
    };
  },
) {
  const { app, config, events } = ctx;
  const sims = config.simulators;
  let listening: string | null = null;
  const settings: PaymentSettings = {
    napasSecret: config.payNapasSecret,
    vietQrSecret: config.payVietQrSecret,
    vietQrAccount: config.payVietQrAccount,
    portalUrl: () => config.publicUrl || listening,
  };
  // The partners' adapters: their addresses from the config, the shared secrets they sign results with.
  const ports: PaymentPorts = {
    card: deps.watched(createHttpCardGateway({ baseUrl: sims.card }), 'smp2mb'),
    bankPage: deps.watched(createHttpBankPageGateway({ baseUrl: sims.napas, secret: settings.napasSecret }), 'smp2mb'),
    vietqr: deps.watched(createHttpVietQrBank({ baseUrl: sims.vietqr, secret: settings.vietQrSecret }), 'smp2mb'),
  };
  const payments = createPaymentsService({
    repo: createPaymentsRepository(ctx.database.db, (fn) => events.transaction(fn)),
    ports,
    live: ctx.live,
    settings,
    offers: deps.offers,
    approvalNeeded: deps.approvalNeeded,
    mbCharge: deps.mbCharge,
    log: ctx.log,
  });

  // Partners reach the portal where it listens; the VietQR bank is told where to send its notices.
  app.addHook('onListen', async () => {
    listening = listeningUrl(app);
    const base = settings.portalUrl();
    if (base && sims.vietqr) {
      const r = await ports.vietqr.registerWebhook(`${base}/api/payment/vaqr/mb/notify`);
      if (!r.ok) ctx.log.warn({ failure: r.failure, detail: r.detail }, 'VietQR webhook not registered');
    }
  });

  // Payments the partner had taken but never told the portal about: its notices are not arriving (alert mail mb2smp);
  // a later reconciliation that finds none missing ends that episode.
  const reconcile = paymentReconciliationJob(payments, ctx.log, undefined, (applied) => {
    if (!applied) return void deps.alerts.recovered('mb2smp');
    void deps.alerts.report(
      'mb2smp',
      { failure: 'timeout', detail: `${applied} thanh toán đối tác không báo về (đối soát đã áp dụng)` },
      'đối soát thanh toán',
    );
  });
  return {
    /** `portalUrl`: where partners and QR links reach the portal (PUBLIC_URL, else where it listens). */
    services: { payments, portalUrl: () => settings.portalUrl() },
    handlers: { payments: paymentHandlers(payments) },
    jobs: [reconcile],
  } satisfies Module<unknown>;
}
