import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderHistoryService } from './order-history.service';

export function orderHistoryHandlers(history: OrderHistoryService): ModuleHandlers<'orderHistory'> {
  return {
    listOrderHistory: async (input, ctx) => {
      const { rows, total } = await history.list(ctx.user, input);
      return { success: true, payload: rows, total };
    },
    exportOrderHistory: async (input, ctx) => ({ success: true, payload: await history.exportRows(ctx.user, input) }),
    orderHistoryJobModes: async () => ({ success: true, payload: await history.jobModes() }),
    orderHistoryOrder: async (input, ctx) => ({ success: true, data: await history.detail(ctx.user, input.OrderNo) }),
  };
}
