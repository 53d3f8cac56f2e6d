import type { ModuleHandlers } from '../../http/call-registry';
import type { PublicOrderService } from './public-order.service';

export function ordersHandlers(publicOrders: PublicOrderService): ModuleHandlers<'orders'> {
  return {
    viewPublicOrder: async (input) => ({ success: true, payload: await publicOrders.view(input.token) }),
  };
}
