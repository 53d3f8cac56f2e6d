import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderApprovalService } from './order-approval.service';
import type { OrderCreateService } from './order-create.service';
import type { OrderExtensionService } from './order-extension.service';
import type { PublicOrderService } from './public-order.service';

export function ordersHandlers(
  publicOrders: PublicOrderService,
  create: OrderCreateService,
  approval: OrderApprovalService,
  extension: OrderExtensionService,
): ModuleHandlers<'orders'> {
  return {
    viewPublicOrder: async (input) => ({ success: true, payload: await publicOrders.view(input.token) }),
    checkContainers: async (input, ctx) => create.checkContainers(ctx.user, input),
    loadPayer: async (input, ctx) => create.loadPayer(ctx.user, input.TaxCode),
    calculateCharges: async (input, ctx) => ({ success: true, data: await create.calculate(ctx.user, input) }),
    saveOrder: async (input, ctx) => create.save(ctx.user, input),
    confirmPayLater: async (input, ctx) => create.confirmPayLater(ctx.user, input.OrderNo),
    getOrder: async (input, ctx) => ({ success: true, data: await create.getOrder(ctx.user, input.OrderNo) }),
    attachOrderFile: (input, ctx) => create.attachFile(ctx.user, input),
    orderDepots: (input, ctx) => create.depots(ctx.user, input),
    loadAcceptOrders: (input, ctx) => approval.list(ctx.user, input),
    approveOrder: (input, ctx) => approval.approve(ctx.user, input),
    rejectOrder: (input, ctx) => approval.reject(ctx.user, input),
    resendTos: (input, ctx) => approval.resendTos(ctx.user, input),
    cancelApprovedOrder: (input, ctx) => approval.cancel(ctx.user, input),
    trackingInvoiceCancel: (input, ctx) => approval.tracking(ctx.user, input),
    extendOrder: (input, ctx) => extension.extend(ctx.user, input),
  };
}
