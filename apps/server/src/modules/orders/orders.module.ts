import { createHttpTos } from '../../adapters/tos/tos.adapter';
import type { Db } from '../../db/client';
import type { Module, ModuleContext } from '../../kernel/module';
import type { AdminRulesService } from '../admin/admin-rules.service';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import type { ApprovalService } from '../approval/approval.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { EdoService } from '../edo/edo.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { LoyaltyPointsService } from '../loyalty/loyalty.service';
import { createOrderApprovalRepository } from './order-approval.repository';
import { createOrderApprovalService } from './order-approval.service';
import { createOrderCreateRepository } from './order-create.repository';
import { createOrderCreateService } from './order-create.service';
import { createOrderExtensionRepository } from './order-extension.repository';
import { createOrderExtensionService, type ExtensionTx } from './order-extension.service';
import { createOrderLoyaltyRepository } from './order-loyalty.repository';
import { createOrderLoyaltyService } from './order-loyalty.service';
import { createOrdersRepository } from './orders.repository';
import { ordersHandlers } from './orders.routes';
import { createPricingRepository } from './pricing.repository';
import { createPricingService, type PricingDeps } from './pricing.service';
import { createPublicOrderService } from './public-order.service';
import { createTosDeliveryService } from './tos-delivery.service';
import { tosPushJob } from './tos-push.job';
import { unpaidExpiryJob } from './unpaid-expiry.job';
import { yardEventsJob } from './yard-events.job';
import { createYardEventsRepository } from './yard-events.repository';
import { createYardEventsService } from './yard-events.service';

/**
 * Orders: the public order view, creation (checks, pricing, save, pay later), the approval queue 'Duyệt lệnh', the
 * delivery of approved orders to the TOS, the yard's events back from it (allocation, gate, completion) and extensions. An order paid or confirmed without approval is approved in the transaction
 * that made it C; what follows an approval (TOS, the creator's notice; invoices and mail orders in their modules) are
 * handlers of `order.approved`.
 */
export function ordersModule(
  ctx: ModuleContext,
  deps: Pick<PricingDeps, 'storageRules' | 'holidays' | 'attachConfig'> & {
    approval: Pick<ApprovalService, 'approvalNeeded'>;
    invoices: Pick<InvoicesService, 'cancelForOrder' | 'cancelTrace'>;
    adminRules: Pick<AdminRulesService, 'tosTariffCode' | 'imoAlertFor' | 'releasePointsFor'>;
    terminalConfig: Pick<TerminalConfigService, 'currentTos' | 'flags'>;
    watched: <T extends object>(port: T, connection: 'smp2catos' | 'catos2smp') => T;
    alerts: { notice(connection: 'smp2catos', detail: string, what: string): Promise<unknown> };
    edo: Pick<EdoService, 'releasesFor'>;
    bookings: Pick<BookingsService, 'bookingFor'>;
    loyaltyPoints: Pick<LoyaltyPointsService, 'config' | 'totals' | 'tierOf' | 'redeemedOn' | 'spend'>;
  },
) {
  const { database, events, log } = ctx;
  const ordersRepo = createOrdersRepository(database.db);
  const publicOrders = createPublicOrderService({
    repo: ordersRepo,
    links: ctx.orderLinks,
    releasePointsFor: (terminal, blocks) => deps.adminRules.releasePointsFor(terminal, blocks),
  });
  const approvalRepo = createOrderApprovalRepository(database.db);
  const approvalIn = (tx: Db) => createOrderApprovalRepository(tx);
  // Approved orders to the TOS: the terminal's TOS connection in use, the job-mode and tariff mappings; a refusal
  // is mailed to the SMP → TOS alert address, an outage by the watched port (one alert per episode).
  const tosDelivery = createTosDeliveryService({
    repo: approvalRepo,
    tos: deps.watched(createHttpTos({ outbound: ctx.outbound }), 'smp2catos'),
    connection: (terminal) => deps.terminalConfig.currentTos(terminal),
    tosTariffCode: (code) => deps.adminRules.tosTariffCode(code),
    alertRefused: (detail, what) => deps.alerts.notice('smp2catos', detail, what),
    log,
  });
  const orderApproval = createOrderApprovalService({
    repo: approvalRepo,
    transaction: (fn) => events.transaction((tx, ev) => fn(approvalIn(tx), ev)),
    invoices: deps.invoices,
    tos: tosDelivery,
    live: ctx.live,
    log,
  });
  // The tariff engine: tariffs, surcharges and rates of its own; free days, reefer rules, holidays and attached
  // services asked of their modules.
  const pricing = createPricingService({
    repo: createPricingRepository(database.db),
    storageRules: deps.storageRules,
    holidays: deps.holidays,
    attachConfig: deps.attachConfig,
  });
  // Extensions (gia hạn) of orders whose expiry passed before their trucks came: priced by the same engine, saved as
  // orders of their own through the order save, approved at once when there is nothing to charge.
  const extensionTx = (tx: Db): ExtensionTx => ({
    extension: createOrderExtensionRepository(tx),
    create: createOrderCreateRepository(tx),
    approval: approvalIn(tx),
  });
  const orderExtension = createOrderExtensionService({
    repo: createOrderExtensionRepository(database.db),
    transaction: (fn) => events.transaction((tx, ev) => fn(extensionTx(tx), ev)),
    pricing,
    approved: orderApproval.approved,
  });
  // The TOS's yard events (allocation, gate, late trucks) on the portal's orders, per terminal connection in use: what
  // the TOS tells the portal, so its failures are the CATOS → SMP alert's.
  const yardEvents = createYardEventsService({
    tos: deps.watched(createHttpTos({ outbound: ctx.outbound }), 'catos2smp'),
    connection: (terminal) => deps.terminalConfig.currentTos(terminal),
    repo: createYardEventsRepository(database.db),
    transaction: (fn) => events.transaction((tx, ev) => fn({ ...extensionTx(tx), yard: createYardEventsRepository(tx) }, ev)),
    extensions: orderExtension,
    log,
  });
  const orderCreate = createOrderCreateService({
    repo: createOrderCreateRepository(database.db),
    transaction: (fn) => events.transaction((tx, ev) => fn(createOrderCreateRepository(tx), ev)),
    publish: (name, payload) => events.publish(name, payload),
    pricing,
    approvalNeeded: (f) => deps.approval.approvalNeeded(f),
    imoAlertFor: (q) => deps.adminRules.imoAlertFor(q),
    flags: (terminal) => deps.terminalConfig.flags(terminal),
    linkToken: (orderNo) => publicOrders.linkToken(orderNo),
    edoReleases: (q) => deps.edo.releasesFor(q),
    bookingFor: (q) => deps.bookings.bookingFor(q),
    extensionDue: async (orderNo) => (await orderExtension.dueFor([orderNo])).get(orderNo) ?? null,
  });

  // Loyalty points spent at payment: the discount line on the order, with the ledger's row in the same transaction.
  const orderLoyalty = createOrderLoyaltyService({
    repo: createOrderLoyaltyRepository(database.db),
    transaction: (fn) => events.transaction((tx, ev) => fn(createOrderLoyaltyRepository(tx), tx, ev)),
    loyalty: deps.loyaltyPoints,
    db: database.db,
  });

  // Paid or confirmed without approval (spec 02 §3: C): approved in the same transaction.
  events.onInTransaction('order.paid', async (e, t) => {
    if (e.skipApproval) await orderApproval.approved(approvalIn(t.tx), t, e.orderNo, null, e.payer);
  });
  events.onInTransaction('order.payLaterConfirmed', async (e, t) => {
    if (e.skipApproval) await orderApproval.approved(approvalIn(t.tx), t, e.orderNo, e.by);
  });
  // The line revoked an eDO: the orders against it not yet approved are cancelled with it (money taken: for refund).
  events.onInTransaction('edo.revoked', async (e, t) => {
    await orderApproval.cancelForEdo(approvalIn(t.tx), t, e);
  });
  // Customs answered: holds re-read, orders waiting only for customs go on (approved, then invoice and TOS as above).
  events.onAfterCommit('customs.statusRecorded', 'orders.customs-holds', async (e) => {
    const released = await orderApproval.customsAnswered(e.containerNos);
    if (released.length) log.info({ orders: released }, 'orders released by customs');
  });
  // The first TOS attempt goes now (the job sends what is still pending within 30 s).
  events.onAfterCommit('order.approved', 'orders.tos-delivery', (e) => orderApproval.after.deliver(e.orderNo));
  // The creator's live notices go before the publisher answers (the staff member's reply follows them).
  const inline = { inline: true };
  events.onAfterCommit('order.approved', 'orders.live-approved', async (e) => orderApproval.after.approvedNotice(e), inline);
  events.onAfterCommit('order.rejected', 'orders.live-rejected', async (e) => orderApproval.after.rejectedNotice(e), inline);
  events.onAfterCommit('order.cancelled', 'orders.live-cancelled', async (e) => orderApproval.after.cancelledNotice(e), inline);

  return {
    services: { publicOrders, pricing, orderCreate, orderApproval, tosDelivery, orderExtension, yardEvents },
    handlers: {
      orders: ordersHandlers(publicOrders, orderCreate, orderApproval, orderExtension),
      loyalty: {
        loyaltyForOrder: (input, c) => orderLoyalty.forOrder(c.user, input.OrderNo),
        redeemLoyalty: (input, c) => orderLoyalty.redeem(c.user, input),
      },
    },
    jobs: [tosPushJob(tosDelivery, log), yardEventsJob(yardEvents, log), unpaidExpiryJob(ordersRepo, log)],
  } satisfies Module<unknown>;
}
