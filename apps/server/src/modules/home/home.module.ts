import type { Module, ModuleContext } from '../../kernel/module';
import type { OrderHistoryService } from '../order-history/order-history.service';
import { createHomeRepository } from './home.repository';
import { homeHandlers } from './home.routes';
import { createHomeService } from './home.service';

/** The home dashboard: the caller's orders, what waits for payment, links to the public order and the invoice PDF. */
export function homeModule(
  ctx: ModuleContext,
  deps: {
    invoicePdfUrl: (invoice: { InvoiceSeries: string; InvoiceNo: string }) => string | null;
    /** The recent orders of every status come from the order history. */
    orderHistory: Pick<OrderHistoryService, 'recent'>;
  },
) {
  const home = createHomeService({
    repo: createHomeRepository(ctx.database, (fn) => ctx.events.transaction(fn)),
    publicOrders: ctx.orderLinks,
    invoicePdfUrl: deps.invoicePdfUrl,
  });
  return { services: { home }, handlers: { home: homeHandlers(home, deps.orderHistory) } } satisfies Module<unknown>;
}
