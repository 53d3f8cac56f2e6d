import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { optionalBody, plainReply, replyWith } from '../reply';
import { tosStatus } from './create';

/**
 * The staff approval queue 'Duyệt lệnh' (/Order/AcceptOrder): paid or pay-later orders waiting (P) are
 * approved (→ C: PIN and gate QR, invoice, sent to the TOS) or rejected with a reason (→ D; money paid is recorded
 * for refund). Staff also see approved orders' TOS state, resend a refused one, and cancel an approved order (its
 * invoice is cancelled with the provider and traced: task/invoice/cancel/trackingInvoiceDraftDetails).
 */
export const acceptAccess = menuAccess('ORDER_ACCEPT');

export const acceptMessages = {
  approved: 'Xác nhận thành công lệnh.',
  rejected: 'Đã từ chối lệnh.',
  noReason: 'Vui lòng nhập lý do',
  notWaiting: 'Lệnh không ở trạng thái chờ duyệt',
  notApproved: 'Lệnh chưa được duyệt',
  cancelled: 'Đã hủy lệnh.',
  tosResent: 'Đã gửi lại lệnh sang TOS.',
  confirmApprove: 'Duyệt lệnh này ?',
  confirmReject: 'Từ chối lệnh này ?',
  confirmCancel: 'Hủy lệnh đã duyệt ?',
} as const;

const orderNo = z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30);
const reason = z.string({ error: acceptMessages.noReason }).trim().min(1, acceptMessages.noReason).max(500, 'Lý do tối đa 500 ký tự');

export const acceptRow = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  TerminalCode: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  OperationCode: z.string().nullable(),
  ContainerCount: z.number().int(),
  TotalAmount: z.number().int(),
  MoneyCredit: z.string(),
  TransactionId: z.string().nullable(),
  OrderStatus: z.string(),
  OrderStatusName: z.string(),
  CreatedBy: z.string().nullable(),
  CreatedTime: z.string(),
  ApprovedBy: z.string().nullable(),
  ApprovedTime: z.string().nullable(),
  RejectReason: z.string().nullable(),
  TosStatus: tosStatus,
  TosStatusName: z.string(),
  TosMessage: z.string().nullable(),
  /** Containers customs holds: the order waits, it can be neither approved nor sent to the TOS (spec 02 §4). */
  CustomsHeld: z.array(z.string()),
  /** Released against a paper D/O (a line not on eDO): staff check the attached files before approving. */
  PaperDo: z.boolean(),
  FileCount: z.number().int(),
  InvoiceNo: z.string().nullable(),
  /** The invoice's state in words when it is not simply issued: 'Đã hủy', 'Hủy hóa đơn lỗi, đang thử lại'. */
  InvoiceState: z.string().nullable(),
});
export type AcceptRow = z.infer<typeof acceptRow>;

export const loadAcceptOrders = defineCall({
  path: 'task/accept_order/loadWaitingApprovalOrders',
  module: 'orders',
  summary: 'Danh sách lệnh chờ duyệt (P) hoặc theo trạng thái, trong các cảng của nhân viên',
  access: acceptAccess,
  request: optionalBody(
    z.object({
      TerminalCode: z.string().trim().max(10).optional(),
      /** P waiting (default), C approved, D cancelled, * all. */
      OrderStatus: z.enum(['P', 'C', 'D', '*']).default('P'),
      /** PIN, order number, container number or customer tax code. */
      FindValue: z.string().trim().max(50).optional(),
    }),
  ),
  response: replyWith({ payload: z.array(acceptRow).optional() }),
});

export const approveOrder = defineCall({
  path: 'task/accept_order/approveOrder',
  module: 'orders',
  summary: 'Duyệt lệnh chờ duyệt: cấp PIN/QR, xuất hóa đơn, gửi TOS',
  access: acceptAccess,
  request: z.object({ OrderNo: orderNo }),
  response: plainReply,
});

export const rejectOrder = defineCall({
  path: 'task/accept_order/rejectOrder',
  module: 'orders',
  summary: 'Từ chối lệnh chờ duyệt với lý do; tiền đã thu được ghi nhận để hoàn trả',
  access: acceptAccess,
  request: z.object({ OrderNo: orderNo, Reason: reason }),
  response: plainReply,
});

export const resendTos = defineCall({
  path: 'task/accept_order/resendTos',
  module: 'orders',
  summary: 'Gửi lại sang TOS một lệnh đã duyệt mà TOS từ chối hoặc chưa nhận',
  access: acceptAccess,
  request: z.object({ OrderNo: orderNo }),
  response: plainReply,
});

export const cancelApprovedOrder = defineCall({
  path: 'task/update_order/cancelOrder',
  module: 'orders',
  summary: 'Hủy lệnh đã duyệt: hủy hóa đơn với nhà cung cấp (truy vết), báo TOS, ghi nhận hoàn tiền',
  access: acceptAccess,
  request: z.object({ OrderNo: orderNo, Reason: reason }),
  response: plainReply,
});

export const invoiceCancelStep = z.object({
  /** requested, provider_cancelled, provider_failed, retried, done */
  Step: z.string(),
  StepName: z.string(),
  InvoiceNo: z.string().nullable(),
  Message: z.string().nullable(),
  CreatedBy: z.string().nullable(),
  CreatedTime: z.string(),
});
export type InvoiceCancelStep = z.infer<typeof invoiceCancelStep>;

export const trackingInvoiceCancel = defineCall({
  path: 'task/invoice/cancel/trackingInvoiceDraftDetails',
  module: 'orders',
  summary: 'Truy vết hủy hóa đơn của một lệnh đã hủy (spec 01 §7, declared)',
  access: menuAccess('ORDER_ACCEPT', 'HOME'),
  request: z.object({ OrderNo: orderNo }),
  response: replyWith({ payload: z.array(invoiceCancelStep).optional() }),
});

export const orderAcceptCalls = {
  loadAcceptOrders,
  approveOrder,
  rejectOrder,
  resendTos,
  cancelApprovedOrder,
  trackingInvoiceCancel,
};
