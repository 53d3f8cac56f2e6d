import { z } from 'zod';
import { publicAccess } from '../access';
import { defineCall } from '../call';
import { replyWith } from '../reply';

/** An order's state (spec 02 §3): A unpaid, P paid and awaiting approval, C approved or approval skipped, D cancelled. */
export const orderStatus = z.enum(['A', 'P', 'C', 'D']);
export type OrderStatus = z.infer<typeof orderStatus>;
/** The order states in words (spec 02 §3). */
export const orderStatusNames: Record<OrderStatus, string> = {
  A: 'Chưa thanh toán',
  P: 'Chờ duyệt',
  C: 'Đã duyệt',
  D: 'Đã hủy',
};

export const publicOrderContainer = z.object({
  ContainerNo: z.string(),
  IsoSizetype: z.string(),
  FE: z.string(),
  CargoTypeName: z.string().nullable(),
  SealNo: z.string().nullable(),
  MCWeight: z.number().nullable(),
  /** The yard block it stands in, null when the yard has none. */
  Block: z.string().nullable(),
  /** Where the truck's papers for it are released (the enabled release point of its block). */
  ReleasePoint: z.string().nullable(),
});

export const publicOrder = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  TerminalCode: z.string(),
  TerminalName: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  OrderStatus: orderStatus,
  OrderStatusName: z.string(),
  CustomerName: z.string().nullable(),
  OperationCode: z.string().nullable(),
  VesselName: z.string().nullable(),
  VesselImVoy: z.string().nullable(),
  VesselExVoy: z.string().nullable(),
  BookingNo: z.string().nullable(),
  BLNo: z.string().nullable(),
  ExpDate: z.string().nullable(),
  CreatedTime: z.string(),
  TotalAmount: z.number(),
  CurrencyCode: z.string(),
  GateQr: z.string().describe('Nội dung mã QR xuất trình tại cổng'),
  /** The release points of its containers, each once: where the truck's papers are released. */
  ReleasePoints: z.array(z.string()),
  containers: z.array(publicOrderContainer),
});

export const viewPublicOrder = defineCall({
  path: 'order/view',
  module: 'orders',
  summary: 'Xem lệnh công khai qua liên kết ký số (ord_url), không cần đăng nhập',
  access: publicAccess,
  request: z.object({ token: z.string().trim().min(1, 'Thiếu mã liên kết').max(400) }),
  response: replyWith({ payload: publicOrder.optional() }),
});
