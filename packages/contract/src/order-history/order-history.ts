import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { orderStatus } from '../orders/calls';
import { extensionDue } from '../orders/yard';
import { optionalBody, replyWith } from '../reply';

/**
 * 'Lịch sử lệnh': every order a caller reaches (a customer its own, staff holding the staff order grant their
 * terminals'; security/order-access.ts), of every status, filtered, paged and sorted by the server, with one order's
 * detail (charges, invoices, payments, containers, timeline) and the filtered list for Excel.
 */
export const orderHistoryAccess = menuAccess('ORDER_HISTORY');

export const orderHistoryMessages = {
  notFound: 'Không tìm thấy lệnh.',
  badPeriod: 'Từ ngày phải trước hoặc bằng đến ngày.',
  badDate: (label: string) => `${label} không hợp lệ (YYYY-MM-DD).`,
  tooMany: (count: number, max: number) =>
    `Có ${count.toLocaleString('vi-VN')} lệnh khớp điều kiện lọc, vượt quá ${max.toLocaleString('vi-VN')} lệnh mỗi lần xuất Excel. Vui lòng thu hẹp điều kiện lọc.`,
  cancelled: 'Lệnh đã bị hủy.',
} as const;

export const orderHistoryLimits = {
  /** Rows per page the screen may ask for. */
  maxPageSize: 100,
  /** Orders one Excel export carries; more is refused with `tooMany` (the file holds exactly what is filtered). */
  maxExport: 5000,
} as const;

/** A day of the port calendar as the date pickers write it. */
const portDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, orderHistoryMessages.badDate(label))
    .optional();
const text = (max: number, label: string) => z.string().trim().max(max, `${label} tối đa ${max} ký tự`).toUpperCase().optional();

/** The list's filter: a period of port days (creation time), status, job mode, terminal and three texts to find. */
export const orderHistoryFilter = z.object({
  FromDate: portDay('Từ ngày'),
  ToDate: portDay('Đến ngày'),
  OrderStatus: orderStatus.optional(),
  JobModeCode: text(10, 'Phương án'),
  TerminalCode: text(10, 'Cảng'),
  /** A container of the order: whole number or its beginning. */
  ContainerNo: text(11, 'Số container'),
  /** B/L of the order (or its booking): contains. */
  BLNo: text(50, 'Số vận đơn'),
  /** The PIN as shown (before the dash) or whole. */
  PinCode: text(30, 'Mã PIN'),
});
export type OrderHistoryFilter = z.infer<typeof orderHistoryFilter>;

/** The columns the list sorts by. */
export const orderHistorySortFields = [
  'CreatedTime',
  'OrderNo',
  'TerminalCode',
  'JobModeCode',
  'OrderStatus',
  'TotalAmount',
  'ExpDate',
] as const;
export type OrderHistorySortField = (typeof orderHistorySortFields)[number];

const sort = {
  SortField: z.enum(orderHistorySortFields, { error: 'Cột sắp xếp không hợp lệ' }).default('CreatedTime'),
  SortOrder: z.enum(['asc', 'desc'], { error: 'Chiều sắp xếp không hợp lệ' }).default('desc'),
};

/** One order of the list (one row per order; its containers listed in the row). */
export const orderHistoryRow = z.object({
  OrderNo: z.string(),
  PinCode: z.string().describe('Mã PIN đầy đủ; màn hình hiển thị phần trước dấu gạch'),
  TerminalCode: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  OrderStatus: orderStatus,
  OrderStatusName: z.string(),
  /** A transaction is recorded (an unpaid order may still be A while its money is being applied). */
  Paid: z.boolean(),
  MoneyCredit: z.string(),
  TotalAmount: z.number(),
  CurrencyCode: z.string(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  BLNo: z.string().nullable(),
  BookingNo: z.string().nullable(),
  ContainerNos: z.array(z.string()),
  /** Issued invoices as 'series-number', comma separated; null while none is issued. */
  InvoiceNo: z.string().nullable(),
  ExpDate: z.string().nullable(),
  CreatedBy: z.string().nullable(),
  CreatedTime: z.string(),
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRow>;

export const listOrderHistory = defineCall({
  path: 'order-history/list',
  module: 'orderHistory',
  summary: 'Lịch sử lệnh: các lệnh của khách hàng (nhân viên: của các cảng mình) theo bộ lọc, phân trang và sắp xếp trên máy chủ',
  access: orderHistoryAccess,
  request: optionalBody(
    orderHistoryFilter.extend({
      Page: z.coerce.number({ error: 'Trang không hợp lệ' }).int('Trang không hợp lệ').min(1, 'Trang không hợp lệ').max(100_000).default(1),
      PageSize: z.coerce
        .number({ error: 'Số dòng mỗi trang không hợp lệ' })
        .int('Số dòng mỗi trang không hợp lệ')
        .min(1, 'Số dòng mỗi trang không hợp lệ')
        .max(orderHistoryLimits.maxPageSize, `Tối đa ${orderHistoryLimits.maxPageSize} dòng mỗi trang`)
        .default(20),
      ...sort,
    }),
  ),
  response: replyWith({ payload: z.array(orderHistoryRow).optional(), total: z.number().int().optional() }),
});

export const exportOrderHistory = defineCall({
  path: 'order-history/export',
  module: 'orderHistory',
  summary: 'Lịch sử lệnh: mọi lệnh khớp bộ lọc (không phân trang) để xuất Excel, theo thứ tự đang xem',
  access: orderHistoryAccess,
  request: optionalBody(orderHistoryFilter.extend(sort)),
  response: replyWith({ payload: z.array(orderHistoryRow).optional() }),
});

export const orderHistoryJobModes = defineCall({
  path: 'order-history/jobModes',
  module: 'orderHistory',
  summary: 'Các phương án có trong lịch sử lệnh của người dùng (lựa chọn của bộ lọc)',
  access: orderHistoryAccess,
  request: optionalBody(z.object({})),
  response: replyWith({ payload: z.array(z.object({ JobModeCode: z.string(), JobModeName: z.string() })).optional() }),
});

export const orderHistoryContainer = z.object({
  ContainerNo: z.string(),
  IsoSizetype: z.string(),
  FE: z.string(),
  CargoTypeName: z.string().nullable(),
  SealNo: z.string().nullable(),
  MCWeight: z.number().nullable(),
  Amount: z.number(),
  CusHold: z.boolean().nullable(),
  /** When the TOS allocated it (PB) and when it passed the gate in and out, where the yard has told it. */
  AllocatedAt: z.string().nullable(),
  GateInTime: z.string().nullable(),
  GateOutTime: z.string().nullable(),
  /** The yard block it stands in (the yard's record), null when the yard has none. */
  Block: z.string().nullable(),
  /** Where the truck's papers for it are released: the enabled release point serving its block ('TP01 – Cổng 1 – bãi A'). */
  ReleasePoint: z.string().nullable(),
});

export const orderHistoryCharge = z.object({
  LineNo: z.number().int(),
  ContainerNo: z.string().nullable(),
  TariffCode: z.string(),
  TariffName: z.string(),
  Quantity: z.number(),
  Unit: z.string(),
  UnitPrice: z.number(),
  Amount: z.number(),
  VatRate: z.number(),
  VatAmount: z.number(),
  Total: z.number(),
});

export const orderHistoryInvoice = z.object({
  InvoiceSeries: z.string(),
  InvoiceNo: z.string(),
  TaxAuthorityCode: z.string().nullable(),
  /** Y issued, C cancelled (spec 02 §3). */
  Status: z.string(),
  StatusName: z.string(),
  Amount: z.number(),
  IssueDate: z.string(),
  /** The invoice's PDF at the e-invoice provider (issued invoices only). */
  pdf_url: z.string().nullable(),
});

export const orderHistoryPayment = z.object({
  PartnerCode: z.string(),
  Amount: z.number(),
  /** -1 failed, 0 incomplete, 1 successful (spec 02 §3). */
  Status: z.number().int(),
  StatusName: z.string(),
  TransactionId: z.string().nullable(),
  CreatedTime: z.string(),
  CompletedTime: z.string().nullable(),
});

/** What happened to the order, oldest first; `Time` null when the fact has no recorded time. */
export const orderHistoryEvent = z.object({
  Time: z.string().nullable(),
  Kind: z.enum([
    'created',
    'paid',
    'payFailed',
    'approved',
    'rejected',
    'cancelled',
    'invoiced',
    'invoiceCancelled',
    'tos',
    'gateIn',
    'gateOut',
    'allocated',
    'completed',
    'extension',
  ]),
  Title: z.string(),
  Detail: z.string().nullable(),
  By: z.string().nullable(),
});
export type OrderHistoryEvent = z.infer<typeof orderHistoryEvent>;

export const orderHistoryDetail = orderHistoryRow.extend({
  TaxCode: z.string().nullable(),
  OperationCode: z.string().nullable(),
  VesselName: z.string().nullable(),
  /** The depot of an empty pickup / empty return, 'code - name', else null. */
  Depot: z.string().nullable(),
  TransactionId: z.string().nullable(),
  Amount: z.number().nullable(),
  VatAmount: z.number().nullable(),
  RejectReason: z.string().nullable(),
  Note: z.string().nullable(),
  TosStatusName: z.string(),
  /** The public order page (PIN, gate QR): also what the QR holds. */
  ord_url: z.string(),
  /** The yard's side in words: 'Đã phân bổ' (PB), 'Hoàn tất' (HT, every container out), else ''. */
  YardStateName: z.string(),
  CompletedAt: z.string().nullable(),
  /** An extension order (gia hạn): the order it extends. */
  ExtendsOrderNo: z.string().nullable(),
  /** The order's extension waiting for payment, if it has one. */
  ExtensionDue: extensionDue.nullable(),
  /** The release points of its containers, each once (empty when no container's block has one). */
  ReleasePoints: z.array(z.string()),
  containers: z.array(orderHistoryContainer),
  charges: z.array(orderHistoryCharge),
  invoices: z.array(orderHistoryInvoice),
  payments: z.array(orderHistoryPayment),
  events: z.array(orderHistoryEvent),
});
export type OrderHistoryDetail = z.infer<typeof orderHistoryDetail>;

export const orderHistoryOrder = defineCall({
  path: 'order-history/detail',
  module: 'orderHistory',
  summary: 'Chi tiết một lệnh trong lịch sử: container, cước, hóa đơn, thanh toán, liên kết QR và diễn biến',
  access: orderHistoryAccess,
  request: z.object({ OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30, 'Số lệnh tối đa 30 ký tự').toUpperCase() }),
  response: replyWith({ data: orderHistoryDetail.optional() }),
});

export const orderHistoryCalls = { listOrderHistory, exportOrderHistory, orderHistoryJobModes, orderHistoryOrder };
