import {
  type AcceptRow,
  acceptMessages,
  type CallReply,
  type CallRequest,
  type calls,
  customsHoldMessages,
  ORDER_STATE_CHANGED,
  orderFileMessages,
  tosStatusNames,
} from '@smartport/contract';
import type { Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { approvalReach } from '../../security/order-access';
import { scopeTerminals } from '../../security/terminal-scope';
import type { AcceptRecord, OrderApprovalRepository } from './order-approval.repository';
import { orderStatusNames } from './public-order.service';
import type { TosDeliveryService } from './tos-delivery.service';

type O = typeof calls.orders;

/** Refund reasons of money paid for an order staff rejected or cancelled (payment_followups, kind refund). */
export const approvalRefundReasons = {
  rejected: 'order_rejected',
  cancelled: 'approved_cancelled',
  edoRevoked: 'edo_revoked',
} as const;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function invoiceState(r: AcceptRecord): string | null {
  if (r.CancelStep === 'provider_failed' || r.CancelStep === 'retried') return 'Hủy hóa đơn lỗi, đang thử lại';
  if (r.InvoiceStatus === 'C') return 'Đã hủy';
  return null;
}

function toRow(r: AcceptRecord): AcceptRow {
  const tos = (r.TosStatus in tosStatusNames ? r.TosStatus : 'none') as AcceptRow['TosStatus'];
  return {
    OrderNo: r.OrderNo,
    PinCode: r.PinCode,
    TerminalCode: r.TerminalCode,
    JobModeCode: r.JobModeCode,
    JobModeName: r.JobModeName ?? r.JobModeCode,
    CustomerCode: r.CustomerCode,
    CustomerName: r.CustomerName,
    OperationCode: r.OperationCode,
    ContainerCount: Number(r.ContainerCount),
    TotalAmount: Number(r.TotalAmount),
    MoneyCredit: r.MoneyCredit,
    TransactionId: r.TransactionId,
    OrderStatus: r.OrderStatus,
    OrderStatusName: orderStatusNames[r.OrderStatus as keyof typeof orderStatusNames] ?? r.OrderStatus,
    CreatedBy: r.CreatedBy,
    CreatedTime: iso(r.CreatedTime) as string,
    ApprovedBy: r.ApprovedBy,
    ApprovedTime: iso(r.ApprovedTime),
    RejectReason: r.RejectReason,
    TosStatus: tos,
    TosStatusName: tosStatusNames[tos],
    TosMessage: r.TosMessage,
    CustomsHeld: r.CustomsHeld ?? [],
    PaperDo: !!r.PaperDo,
    FileCount: Number(r.FileCount ?? 0),
    InvoiceNo: r.InvoiceSeries && r.InvoiceNo ? `${r.InvoiceSeries}-${r.InvoiceNo}` : null,
    InvoiceState: invoiceState(r),
  };
}

/**
 * What follows an order becoming C (`approved`, the hook payments and the order screens call), and the staff approval
 * queue 'Duyệt lệnh': approve P → C, reject P → D with a reason, resend a refused TOS delivery, cancel an
 * approved order (C → D: invoice cancelled with the provider and traced, the TOS told, paid money recorded for refund).
 */
export function createOrderApprovalService(deps: {
  repo: OrderApprovalRepository;
  /** One transaction with the repository in it and its events published with it (the domain event bus). */
  transaction<T>(fn: (repo: OrderApprovalRepository, events: Publisher) => Promise<T>): Promise<T>;
  invoices: {
    cancelForOrder(
      orderNo: string,
      reason: string,
      by: string | null,
    ): Promise<{ ok: boolean; invoiceNo: string | null; message?: string }>;
    cancelTrace(orderNo: string): Promise<CallReply<O['trackingInvoiceCancel']>['payload']>;
  };
  tos: Pick<TosDeliveryService, 'deliver' | 'cancelAtTos'>;
  live: LiveEvents;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}) {
  const { repo } = deps;

  function tell(userId: string | null, orderNo: string, state: string, message: string, reason: string | null = null) {
    if (!userId) return;
    deps.live.toUser(userId, 'notice', {
      request_type: ORDER_STATE_CHANGED,
      note_state: state,
      response_func: 'order',
      event_code: state,
      message,
      data: { OrderNo: orderNo, OrderStatus: state, OrderStatusName: orderStatusNames[state as 'C'] ?? state, RejectReason: reason },
    });
  }

  async function reached(user: AuthUser, orderNo: string) {
    const order = await repo.head(approvalReach(user), orderNo);
    // Orders made at the terminal's counter (TOS feed) are the TOS's, not the portal's queue.
    if (order?.Source !== 'SMP') throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return order;
  }

  /**
   * Whatever made the order C (staff, payment without approval, pay later), in its transaction: the approver recorded
   * and `order.approved` published; what follows (invoice, TOS, mail orders, the creator's live notice) are handlers
   * of that event.
   */
  async function approved(
    r: Pick<OrderApprovalRepository, 'markApproved' | 'byNo'>,
    events: Publisher,
    orderNo: string,
    by: string | null,
    payer: string | null = null,
  ): Promise<void> {
    if (!(await r.markApproved(orderNo, by))) return;
    const order = await r.byNo(orderNo);
    if (!order) return;
    await events.publish('order.approved', { orderNo, by, payer, createdBy: order.CreatedBy });
  }

  /** Handlers of the order facts (orders.module.ts subscribes them after commit). */
  const after = {
    /** The creator hears of the approval, unless it paid the order itself (the payment told it). */
    approvedNotice(e: { orderNo: string; payer: string | null; createdBy: string | null }) {
      if (e.createdBy !== e.payer) tell(e.createdBy, e.orderNo, 'C', `Lệnh ${e.orderNo} đã được duyệt.`);
    },
    /** The job sends it within 30 s; the first attempt goes now. */
    async deliver(orderNo: string) {
      await deps.tos.deliver(orderNo);
    },
    rejectedNotice(e: { orderNo: string; reason: string; createdBy: string | null }) {
      tell(e.createdBy, e.orderNo, 'D', `Lệnh ${e.orderNo} bị từ chối: ${e.reason}`, e.reason);
    },
    cancelledNotice(e: { orderNo: string; reason: string; createdBy: string | null }) {
      tell(e.createdBy, e.orderNo, 'D', `Lệnh ${e.orderNo} đã bị hủy: ${e.reason}`, e.reason);
    },
  };

  /**
   * Customs answered for containers (the customs module's fact): the orders re-read their holds, and each order that
   * waited only for customs and is released now is approved, in one transaction with its event.
   */
  async function customsAnswered(containerNos: string[]): Promise<string[]> {
    return deps.transaction(async (r, events) => {
      const released = await r.customsAnswered(containerNos);
      for (const orderNo of released) await approved(r, events, orderNo, null);
      return released;
    });
  }

  /**
   * A revoked eDO's orders not yet approved (A, P) are cancelled in the revoking transaction, each with its
   * `order.cancelled` (the creator's notice); money already taken is recorded for refund ('edo_revoked').
   */
  async function cancelForEdo(
    r: Pick<OrderApprovalRepository, 'cancel' | 'byNo'>,
    events: Publisher,
    e: { edoNo: string; by: string; reason: string; orders: { orderNo: string; status: 'A' | 'P' }[] },
  ): Promise<void> {
    for (const o of e.orders) {
      const done = await r.cancel(o.orderNo, o.status, e.by, e.reason, approvalRefundReasons.edoRevoked);
      if (!done) continue;
      const order = await r.byNo(o.orderNo);
      await events.publish('order.cancelled', { orderNo: o.orderNo, by: e.by, reason: e.reason, createdBy: order?.CreatedBy ?? null });
      if (done.refunded) deps.log?.warn({ order: o.orderNo, edo: e.edoNo }, 'order of a revoked eDO was paid: recorded for refund');
    }
  }

  return {
    approved,
    after,
    customsAnswered,
    cancelForEdo,

    async list(user: AuthUser, input: CallRequest<O['loadAcceptOrders']>): Promise<CallReply<O['loadAcceptOrders']>> {
      const scope = approvalReach(user);
      const terminal = input?.TerminalCode?.trim().toUpperCase() || undefined;
      const terminals = terminal ? scopeTerminals(user, [terminal]) : scope.terminals;
      const rows = await repo.list({ ...scope, terminals }, { terminal, status: input?.OrderStatus ?? 'P', find: input?.FindValue });
      return { success: true, payload: rows.map(toRow) };
    },

    async approve(user: AuthUser, input: CallRequest<O['approveOrder']>): Promise<CallReply<O['approveOrder']>> {
      const order = await reached(user, input.OrderNo);
      // Customs holds a container: not approved (nor sent to the TOS) until customs releases it.
      const held = order.OrderStatus === 'P' ? await repo.heldContainers(order.OrderNo) : [];
      if (held.length) throw new AppError(409, customsHoldMessages.approveRefused(held));
      // Released against a paper D/O: staff approve what they have seen.
      if (order.OrderStatus === 'P' && (await repo.paperDoMissing(order.OrderNo))) throw new AppError(409, orderFileMessages.noPaperDo);
      const done =
        order.OrderStatus === 'P' &&
        (await deps.transaction(async (r, events) => {
          if (!(await r.approve(order.OrderNo, user.UserID))) return false;
          await approved(r, events, order.OrderNo, user.UserID);
          return true;
        }));
      if (!done) throw new AppError(409, acceptMessages.notWaiting);
      return { success: true, message: acceptMessages.approved };
    },

    async reject(user: AuthUser, input: CallRequest<O['rejectOrder']>): Promise<CallReply<O['rejectOrder']>> {
      const order = await reached(user, input.OrderNo);
      const done =
        order.OrderStatus === 'P'
          ? await deps.transaction(async (r, events) => {
              const d = await r.cancel(order.OrderNo, 'P', user.UserID, input.Reason, approvalRefundReasons.rejected);
              if (d)
                await events.publish('order.rejected', {
                  orderNo: order.OrderNo,
                  by: user.UserID,
                  reason: input.Reason,
                  createdBy: order.CreatedBy,
                });
              return d;
            })
          : null;
      if (!done) throw new AppError(409, acceptMessages.notWaiting);
      if (done.refunded)
        deps.log?.warn({ order: order.OrderNo, transactionId: done.TransactionId }, 'rejected order was paid: recorded for refund');
      return { success: true, message: acceptMessages.rejected };
    },

    async resendTos(user: AuthUser, input: CallRequest<O['resendTos']>): Promise<CallReply<O['resendTos']>> {
      const order = await reached(user, input.OrderNo);
      if (order.OrderStatus !== 'C') throw new AppError(409, acceptMessages.notApproved);
      if (!(await repo.resendTos(order.OrderNo))) throw new AppError(409, 'Lệnh không ở trạng thái TOS từ chối hoặc gửi thất bại.');
      const r = await deps.tos.deliver(order.OrderNo);
      if (r === 'sent') return { success: true, message: acceptMessages.tosResent };
      const now = await repo.byNo(order.OrderNo);
      return { success: true, message: `${acceptMessages.tosResent} ${tosStatusNames[(now?.TosStatus ?? 'pending') as 'pending']}.` };
    },

    async cancel(user: AuthUser, input: CallRequest<O['cancelApprovedOrder']>): Promise<CallReply<O['cancelApprovedOrder']>> {
      const order = await reached(user, input.OrderNo);
      if (order.OrderStatus !== 'C') throw new AppError(409, acceptMessages.notApproved);
      const done = await deps.transaction(async (r, events) => {
        const d = await r.cancel(order.OrderNo, 'C', user.UserID, input.Reason, approvalRefundReasons.cancelled);
        if (d)
          await events.publish('order.cancelled', {
            orderNo: order.OrderNo,
            by: user.UserID,
            reason: input.Reason,
            createdBy: order.CreatedBy,
          });
        return d;
      });
      if (!done) throw new AppError(409, acceptMessages.notApproved);
      const notes: string[] = [];
      const invoice = await deps.invoices.cancelForOrder(order.OrderNo, input.Reason, user.UserID);
      if (!invoice.ok) notes.push(`Hóa đơn ${invoice.invoiceNo} chưa hủy được (${invoice.message}); hệ thống sẽ tự thử lại.`);
      if (done.TosStatus === 'sent') {
        const tos = await deps.tos.cancelAtTos(order, input.Reason);
        if (tos) notes.push(tos);
      }
      return { success: true, message: [acceptMessages.cancelled, ...notes].join(' ') };
    },

    async tracking(user: AuthUser, input: CallRequest<O['trackingInvoiceCancel']>): Promise<CallReply<O['trackingInvoiceCancel']>> {
      const order = await reached(user, input.OrderNo);
      return { success: true, payload: await deps.invoices.cancelTrace(order.OrderNo) };
    },
  };
}
export type OrderApprovalService = ReturnType<typeof createOrderApprovalService>;
