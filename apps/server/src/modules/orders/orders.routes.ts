import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderApprovalService } from './order-approval.service';
import type { PublicOrderService } from './public-order.service';

export function ordersHandlers(publicOrders: PublicOrderService, approval: OrderApprovalService): ModuleHandlers<'orders'> {
  return {
    viewPublicOrder: async (input) => ({ success: true, payload: await publicOrders.view(input.token) }),
    loadAcceptOrders: (input, ctx) => approval.list(ctx.user, input),
    approveOrder: (input, ctx) => approval.approve(ctx.user, input),
    rejectOrder: (input, ctx) => approval.reject(ctx.user, input),
    resendTos: (input, ctx) => approval.resendTos(ctx.user, input),
    cancelApprovedOrder: (input, ctx) => approval.cancel(ctx.user, input),
    trackingInvoiceCancel: (input, ctx) => approval.tracking(ctx.user, input),
  };
}
