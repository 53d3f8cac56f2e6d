import type { Module, ModuleContext } from '../../kernel/module';
import type { LoyaltyService } from '../admin/loyalty.service';
import { createLoyaltyRepository } from './loyalty.repository';
import { loyaltyHandlers } from './loyalty.routes';
import { createLoyaltyPointsService } from './loyalty.service';

/**
 * Loyalty points: the ledger reacts to the orders' facts. `order.paid` earns right after the payment's commit (inline,
 * retried by the outbox; idempotent per order); `order.cancelled` / `order.rejected` / `order.deleted` give back in
 * the cancelling transaction, so an order is never cancelled with its points still held. The rates are admin's
 * 'Cấu hình Loyalty'.
 */
export function loyaltyModule(ctx: ModuleContext, deps: { loyalty: Pick<LoyaltyService, 'config'> }) {
  const { events } = ctx;
  const loyaltyPoints = createLoyaltyPointsService({
    repo: createLoyaltyRepository(ctx.database.db),
    config: () => deps.loyalty.config(),
    transaction: (fn) => events.transaction((tx) => fn(tx)),
  });
  // Earned right after the payment's commit (the rate is read outside its transaction), before the payer's answer.
  events.onAfterCommit('order.paid', 'loyalty.earn', (e) => loyaltyPoints.earn(e.orderNo, e.payer), { inline: true });
  events.onInTransaction('order.cancelled', (e, { tx }) => loyaltyPoints.giveBack(tx, e.orderNo, e.by));
  events.onInTransaction('order.rejected', (e, { tx }) => loyaltyPoints.giveBack(tx, e.orderNo, e.by));
  events.onInTransaction('order.deleted', (e, { tx }) => loyaltyPoints.giveBack(tx, e.orderNo, e.by));
  return { services: { loyaltyPoints }, handlers: { loyalty: loyaltyHandlers(loyaltyPoints) } } satisfies Module<unknown>;
}
