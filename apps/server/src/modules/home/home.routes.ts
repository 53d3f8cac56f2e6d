import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderHistoryService } from '../order-history/order-history.service';
import type { HomeService } from './home.service';

export function homeHandlers(home: HomeService, history: Pick<OrderHistoryService, 'recent'>): ModuleHandlers<'home'> {
  return {
    dashboardTracking: async (input, ctx) => ({ success: true, payload: await home.orderRows(ctx.user, input) }),
    waitingPaymentCount: async (_input, ctx) => ({ success: true, payload: await home.pendingCount(ctx.user) }),
    deleteOrder: async (input, ctx) => ({ success: true, message: await home.deleteOrder(ctx.user, input.OrderNo) }),
    getFilesInOrder: async (input, ctx) => ({ success: true, payload: await home.files(ctx.user, input.OrderNo) }),
    trackingQrData: async (input, ctx) => ({ success: true, payload: await home.qrItems(ctx.user, input.OrderNo) }),
    loadOrderDatas: async (input, ctx) => ({ success: true, payload: await home.orderState(ctx.user, input.OrderNo) }),
    recentOrders: async (_input, ctx) => ({ success: true, payload: await history.recent(ctx.user) }),
  };
}
