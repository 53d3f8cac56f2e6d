import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { pinCode } from '../fields';
import { orderHistoryRow } from '../order-history/order-history';
import { orderStatus } from '../orders/calls';
import { optionalBody, plainReply, replyWith } from '../reply';

/** Home page and tracking calls (spec 02 §2.1, §7 "Home and tracking"); the home page grant allows them. */
const homeAccess = menuAccess('HOME');

/**
 * One row per container of an order (spec 02 §3 "Pending order row"): the order's fields repeated
 * on each of its containers, with the cargo-type extras (reefer, dangerous, out-of-gauge).
 */
export const pendingOrderRow = z.object({
  OrderNo: z.string(),
  ParentOrderNo: z.string().nullable(),
  PinCode: z.string().describe('Mã PIN đầy đủ; màn hình hiển thị phần trước dấu gạch'),
  TerminalCode: z.string(),
  TransactionId: z.string().nullable().describe('Có giá trị khi lệnh đã thanh toán'),
  MoneyCredit: z.string().describe('M: thu ngay, khác: thu sau'),
  OrderStatus: orderStatus.describe('A chưa thanh toán, P chờ duyệt, C đã duyệt, D đã hủy'),
  OrderStatusName: z.string(),
  TotalAmount: z.number().describe('Tổng tiền của lệnh (lặp lại trên mỗi container của lệnh)'),
  /**
   * This container's own amount ('Thành tiền' of the row), when the order's container amounts make up its total;
   * null otherwise (the screen then shows the order total once, on the order's first container).
   */
  Amount: z.number().nullable(),
  CurrencyCode: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  ExpDate: z.string().nullable(),
  ContainerNo: z.string().nullable(),
  OperationCode: z.string().nullable(),
  BookingNo: z.string().nullable(),
  BLNo: z.string().nullable(),
  IsoSizetype: z.string().nullable(),
  MCWeight: z.number().nullable(),
  VesselName: z.string().nullable(),
  VesselKey: z.string().nullable(),
  ShipperName: z.string().nullable(),
  CargoTypeCode: z.string().nullable(),
  CargoTypeName: z.string().nullable(),
  Commodity: z.string().nullable(),
  POL: z.string().nullable(),
  POD: z.string().nullable(),
  FPOD: z.string().nullable(),
  IsLocalForeign: z.string().nullable().describe('L nội, F ngoại'),
  CustomerName: z.string().nullable().describe('Đối tượng thanh toán'),
  CreatedTime: z.string(),
  Note: z.string().nullable(),
  CusHold: z.boolean().nullable().describe('Hải quan giữ container'),
  FE: z.string().nullable(),
  ClassCode: z.number().nullable(),
  sort_code: z.number().int().describe('Thứ tự container trong lệnh (1, 2, …)'),
  Temperature: z.number().nullable(),
  Vent: z.string().nullable(),
  VentUnit: z.string().nullable(),
  Class: z.string().nullable().describe('Nhóm hàng nguy hiểm (IMO)'),
  Unno: z.string().nullable(),
  OogTop: z.number().nullable(),
  OogLeft: z.number().nullable(),
  OogRight: z.number().nullable(),
  OogBack: z.number().nullable(),
  OogFront: z.number().nullable(),
  /** Containers with job mode TRAR on this order (5 or more → the bill-of-lading warning of §5). */
  TrarCount: z.number().int(),
  /** Files attached to the order; present when `getAttach` was asked. */
  AttachCount: z.number().int().optional(),
});
export type PendingOrderRow = z.infer<typeof pendingOrderRow>;

const orderNo = z.string().trim().min(1, 'Thiếu số lệnh (OrderNo)').max(30, 'Số lệnh tối đa 30 ký tự');

export const dashboardTracking = defineCall({
  path: 'tracking/DashboadEirSevTracking',
  module: 'home',
  summary:
    'Danh sách lệnh theo từng container: theo các mã PIN (PinCodes), hoặc tìm theo mã PIN / số container (FindValue), không có điều kiện thì các lệnh chờ thanh toán',
  access: homeAccess,
  request: optionalBody(
    z.object({
      PinCodes: z.array(pinCode).max(50, 'Tối đa 50 mã PIN một lần').optional(),
      FindValue: z.string().trim().max(30, 'Giá trị tìm kiếm tối đa 30 ký tự').optional(),
      getAttach: z.boolean().optional(),
    }),
  ),
  response: replyWith({ payload: z.array(pendingOrderRow).optional() }),
});

export const waitingPaymentCount = defineCall({
  path: 'task/accept_order/loadWaintingPaymentOrderCount',
  module: 'home',
  summary: 'Số lệnh chờ thanh toán của người dùng',
  access: homeAccess,
  request: optionalBody(z.object({})),
  response: replyWith({ payload: z.number().int().optional() }),
});

/** Calls that take "the order row": only OrderNo is read, other fields are ignored. */
const orderRef = z.object({ OrderNo: orderNo });

export const deleteOrder = defineCall({
  path: 'task/update_order/deleteOrder',
  module: 'home',
  summary: 'Xóa (hủy) một lệnh chưa thanh toán (trạng thái A)',
  access: homeAccess,
  request: orderRef,
  response: plainReply,
});

export const orderFile = z.object({
  Rowguid: z.string(),
  FileName: z.string(),
  ContentType: z.string(),
  FileSize: z.number().int(),
  CreatedTime: z.string(),
  /** The file itself as a data URL (order attachments are small scanned documents). */
  DataUrl: z.string(),
});
export type OrderFile = z.infer<typeof orderFile>;

export const getFilesInOrder = defineCall({
  path: 'common/getFilesInOrder',
  module: 'home',
  summary: 'Các tệp đính kèm của một lệnh',
  access: homeAccess,
  request: orderRef,
  response: replyWith({ payload: z.array(orderFile).optional() }),
});

/** spec 02 §3 "Order result / QR items". */
export const orderQrItem = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  JobModeName: z.string(),
  MoneyCredit: z.string(),
  InvoiceNo: z.string().nullable(),
  isSplitInvoice: z.boolean(),
  qr_url: z.string().describe('Nội dung mã QR: liên kết xem lệnh công khai'),
  ord_url: z.string().describe('Liên kết xem lệnh công khai (/order/…)'),
  pdf_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type OrderQrItem = z.infer<typeof orderQrItem>;

export const trackingQrData = defineCall({
  path: 'tracking/trackingQrData',
  module: 'home',
  summary: 'Mã QR, liên kết xem lệnh và hóa đơn của một lệnh',
  access: homeAccess,
  request: orderRef,
  response: replyWith({ payload: z.array(orderQrItem).optional() }),
});

export const orderState = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  OrderStatus: orderStatus,
  OrderStatusName: z.string(),
  TransactionId: z.string().nullable(),
  paid: z.boolean(),
});

export const loadOrderDatas = defineCall({
  path: 'tracking/loadOrderDatas',
  module: 'home',
  summary: 'Trạng thái hiện tại của một lệnh (đã thanh toán hay chưa)',
  access: homeAccess,
  request: orderRef,
  response: replyWith({ payload: orderState.optional() }),
});

/** The caller's latest orders of every status (the home page's 'Lệnh gần đây', with a link to 'Lịch sử lệnh'). */
export const recentOrders = defineCall({
  path: 'tracking/recentOrders',
  module: 'home',
  summary: 'Các lệnh gần đây nhất của người dùng, mọi trạng thái',
  access: homeAccess,
  request: optionalBody(z.object({})),
  response: replyWith({ payload: z.array(orderHistoryRow).optional() }),
});
