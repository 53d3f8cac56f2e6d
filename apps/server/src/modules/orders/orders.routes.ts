import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderCreateService } from './order-create.service';
import type { PublicOrderService } from './public-order.service';

export function ordersHandlers(publicOrders: PublicOrderService, create: OrderCreateService): ModuleHandlers<'orders'> {
  return {
    viewPublicOrder: async (input) => ({ success: true, payload: await publicOrders.view(input.token) }),
    checkContainers: async (input, ctx) => create.checkContainers(ctx.user, input),
    loadPayer: async (input, ctx) => create.loadPayer(ctx.user, input.TaxCode),
    calculateCharges: async (input, ctx) => ({ success: true, data: await create.calculate(ctx.user, input) }),
    saveOrder: async (input, ctx) => create.save(ctx.user, input),
    confirmPayLater: async (input, ctx) => create.confirmPayLater(ctx.user, input.OrderNo),
    getOrder: async (input, ctx) => ({ success: true, data: await create.getOrder(ctx.user, input.OrderNo) }),
  };
}
