import type { Module, ModuleContext } from '../../kernel/module';
import type { AdminRulesService } from '../admin/admin-rules.service';
import { createOrderHistoryRepository } from './order-history.repository';
import { orderHistoryHandlers } from './order-history.routes';
import { createOrderHistoryService } from './order-history.service';

/** 'Lịch sử lệnh': every order a caller reaches, of every status, with its detail; reads the orders' tables. */
export function orderHistoryModule(
  ctx: ModuleContext,
  deps: {
    invoicePdfUrl: (invoice: { InvoiceSeries: string; InvoiceNo: string }) => string | null;
    adminRules: Pick<AdminRulesService, 'releasePointsFor'>;
  },
) {
  const orderHistory = createOrderHistoryService({
    repo: createOrderHistoryRepository(ctx.database),
    publicOrders: ctx.orderLinks,
    invoicePdfUrl: deps.invoicePdfUrl,
    releasePointsFor: (terminal, blocks) => deps.adminRules.releasePointsFor(terminal, blocks),
  });
  return { services: { orderHistory }, handlers: { orderHistory: orderHistoryHandlers(orderHistory) } } satisfies Module<unknown>;
}
