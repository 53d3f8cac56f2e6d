import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { taxCode, uploadedPart, vndAmount } from '../fields';
import { replyWith } from '../reply';
import { checkedContainer, orderContainerInput } from './containers';
import { orderLimits, orderTaskMenus, orderTypeList } from './order-types';
import { extensionDue, yardState } from './yard';

/**
 * Order creation: the six steps of every task screen (spec 02 §2.1) — order information, containers,
 * payer by tax code, charges, payment (existing payment calls) or pay later, approval. One set of calls serves the
 * eight task entries; each request names its `OrderType` and the server checks the caller holds that type's menu.
 */
export const orderAccess = menuAccess(...orderTaskMenus);

export const orderMessages = {
  noTerminal: 'Vui lòng chọn cảng',
  noOperation: 'Vui lòng chọn hãng khai thác',
  noVessel: 'Vui lòng chọn tàu/chuyến',
  noBL: 'Vui lòng nhập số vận đơn (B/L)',
  noBooking: 'Vui lòng nhập số booking',
  noDocument: 'Vui lòng nhập số vận đơn hoặc số booking',
  noExpDate: 'Vui lòng chọn hạn lệnh',
  expPast: 'Hạn lệnh phải sau thời điểm hiện tại',
  expTooFar: `Hạn lệnh tối đa ${orderLimits.maxExpiryDays} ngày kể từ hôm nay`,
  noJobMode: 'Vui lòng chọn phương án',
  noContainers: 'Vui lòng thêm ít nhất một container',
  tooManyContainers: `Một lệnh tối đa ${orderLimits.maxContainers} container`,
  noPayer: 'Vui lòng chọn đối tượng thanh toán',
  payerNotFound: 'Không tìm thấy khách hàng với mã số thuế này',
  containersInvalid: 'Danh sách container còn dòng chưa hợp lệ, vui lòng kiểm tra lại',
  noTariff: 'Chưa có biểu cước áp dụng',
  priceChanged: 'Cước đã thay đổi so với lúc tính, vui lòng tính lại cước trước khi lưu lệnh',
  saved: 'Lưu lệnh thành công !',
  confirmed: 'Xác nhận thành công lệnh.',
  waitingApproval: 'Lệnh đang trạng thái chờ duyệt',
  notCredit: 'Khách hàng không được thu sau, vui lòng thanh toán ngay',
  clientKeyReused: (orderNo: string) =>
    `Mã lưu lệnh (ClientKey) này đã dùng để lưu lệnh ${orderNo} với nội dung khác. Lệnh mới cần một mã lưu lệnh mới: vui lòng tải lại trang và tạo lại lệnh.`,
  /** A container another live order holds: its PIN only when that order is the same customer's. */
  containerTaken: (containerNo: string, pin: string | null) =>
    pin
      ? `Container ${containerNo} đã có trong lệnh PIN ${pin} còn hiệu lực`
      : `Container ${containerNo} đã có trong một lệnh khác còn hiệu lực`,
  attachNotOffered: (code: string) => `Dịch vụ đính kèm ${code} không áp dụng cho lệnh này (cấu hình lệnh đính kèm của cảng).`,
} as const;

const code = (max: number, label: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} tối đa ${max} ký tự`)
    .transform((v) => v.toUpperCase());
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => (v ? v : null));

export const orderTypeField = z.enum(orderTypeList, { error: 'Loại lệnh không hợp lệ' });

/** Step 1 (order information) and step 3 (payer), as the screen holds them. */
export const orderHeaderInput = z.object({
  OrderType: orderTypeField,
  TerminalCode: code(10, 'Mã cảng', orderMessages.noTerminal),
  JobModeCode: code(10, 'Phương án', orderMessages.noJobMode),
  OperationCode: code(10, 'Hãng khai thác', orderMessages.noOperation),
  VesselKey: optText(30, 'Tàu/chuyến'),
  BLNo: optText(50, 'Số vận đơn').transform((v) => (v ? v.toUpperCase() : null)),
  BookingNo: optText(50, 'Số booking').transform((v) => (v ? v.toUpperCase() : null)),
  /** Order expiry (the last moment the truck may pass the gate), ISO or 'YYYY-MM-DD HH:mm:ss' port time. */
  ExpDate: z.string({ error: orderMessages.noExpDate }).trim().min(1, orderMessages.noExpDate).max(40),
  ShipperName: optText(200, 'Chủ hàng'),
  Note: optText(500, 'Ghi chú'),
  /** Attached services the customer ticked beyond the ones charged by default (attach config). */
  AttachServices: z.array(z.string().trim().max(10)).max(20).default([]),
  /** Empty pickup / empty return at a terminal with 'Hiển thị chọn depot' on: the depot chosen ('Danh mục depot'). */
  DepotCode: optText(20, 'Mã depot').transform((v) => (v ? v.toUpperCase() : null)),
});
export type OrderHeaderInput = z.output<typeof orderHeaderInput>;

const containersField = z
  .array(orderContainerInput)
  .min(1, orderMessages.noContainers)
  .max(orderLimits.maxContainers, orderMessages.tooManyContainers);

/** The whole draft: header, containers, payer. */
export const orderDraft = orderHeaderInput.extend({
  containers: containersField,
  /** The payer's customer code, chosen through load_payer. */
  CustomerCode: code(20, 'Đối tượng thanh toán', orderMessages.noPayer),
});
export type OrderDraft = z.output<typeof orderDraft>;

/** One priced line of the draft invoice: every line says where its price came from. */
export const chargeLine = z.object({
  LineNo: z.number().int(),
  /** Null for order-level lines. */
  ContainerNo: z.string().nullable(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  /**
   * job: the job mode's tariff; attach: an attached service; storage: yard days beyond the free days; reefer: plug hours;
   * surcharge: ExtraMode step; discount: loyalty points spent at payment (negative amounts).
   */
  ChargeKind: z.enum(['job', 'attach', 'storage', 'reefer', 'surcharge', 'discount']),
  /** Which tariff the price came from. */
  Source: z.enum(['standard', 'contract']),
  TariffCode: z.string(),
  TariffName: z.string(),
  IsoSizetype: z.string().nullable(),
  FE: z.string().nullable(),
  CargoTypeCode: z.string().nullable(),
  Quantity: z.number(),
  /** 'Cont', 'Ngày', 'Giờ', 'Lần'. */
  Unit: z.string(),
  /** Price per unit in VND (integer) after the exchange rate. */
  UnitPrice: z.number().int(),
  /** The tariff's own currency and price when it is not VND. */
  TariffCurrency: z.string(),
  TariffPrice: z.number(),
  ExchangeRate: z.number().nullable(),
  /** Before VAT, VND. */
  Amount: z.number().int(),
  /** Percent: 0, 5, 8, 10 (or -1 = not subject to VAT, shown 'KCT'). */
  VatRate: z.number().int(),
  VatAmount: z.number().int(),
  /** Amount + VatAmount. */
  Total: z.number().int(),
  /** How the line was computed, in Vietnamese (e.g. 'Lưu bãi 12 ngày, miễn 5 ngày, 2 ngày lễ miễn, tính 5 ngày'). */
  Explanation: z.string(),
});
export type ChargeLine = z.infer<typeof chargeLine>;

/** An attached service the attach configuration offers the order: charged by default (IsFixed) or for the customer to tick. */
export const attachOption = z.object({
  AttachServiceCode: z.string(),
  JobModeName: z.string(),
  IsFixed: z.boolean(),
  /** Charged in these lines: fixed, or ticked by the customer. */
  Charged: z.boolean(),
});
export type AttachOption = z.infer<typeof attachOption>;

export const orderCharges = z.object({
  lines: z.array(chargeLine),
  /** The attached services the configuration offers this order (the screen's tick boxes). */
  AttachOptions: z.array(attachOption).optional(),
  Amount: z.number().int(),
  VatAmount: z.number().int(),
  TotalAmount: z.number().int(),
  CurrencyCode: z.literal('VND'),
  /** When the price was computed (ISO); saving re-prices and refuses a different total. */
  PricedAt: z.string(),
});
export type OrderCharges = z.infer<typeof orderCharges>;

export const payerRow = z.object({
  CustomerCode: z.string(),
  CustomerName: z.string(),
  TaxCode: z.string(),
  Address: z.string().nullable(),
  Email: z.string().nullable(),
  /** M pay now, C pay later (credit customer). */
  MoneyCredit: z.string(),
});
export type PayerRow = z.infer<typeof payerRow>;

/** Step 2: check the containers (typed or imported) against the rules and the port's records. */
export const checkContainers = defineCall({
  path: 'task/order/checkContainers',
  module: 'orders',
  summary: 'Kiểm tra danh sách container của lệnh (ISO 6346, kích cỡ theo hãng, loại hàng, hàng nguy hiểm, container trong bãi)',
  access: orderAccess,
  request: orderHeaderInput.extend({ containers: containersField }),
  response: replyWith({ payload: z.array(checkedContainer).optional() }),
});

/** Step 3: the payer by tax code (spec 01 §7, declared). */
export const loadPayer = defineCall({
  path: 'task/import_pickup/load_payer',
  module: 'orders',
  summary: 'Tìm đối tượng thanh toán theo mã số thuế',
  access: orderAccess,
  request: z.object({
    TaxCode: taxCode,
  }),
  response: replyWith({ payload: z.array(payerRow).optional() }),
});

/** Step 4: the charges of the draft, line by line (draft invoice). */
export const calculateCharges = defineCall({
  path: 'task/order/calculate',
  module: 'orders',
  summary: 'Tính cước lệnh theo biểu cước và cấu hình (hóa đơn nháp)',
  access: orderAccess,
  request: orderDraft,
  response: replyWith({ data: orderCharges.optional() }),
});

export const savedOrder = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  TotalAmount: z.number().int(),
  MoneyCredit: z.string(),
  OrderStatus: z.string(),
  /** Saved containers of job mode TRAR: five or more → the payment warning about the declared bill (spec 02 §5). */
  TrarCount: z.number().int(),
});

/** Step 5: save the order (status A). The server prices again and refuses a total other than the one shown. */
export const saveOrder = defineCall({
  path: 'task/order/save',
  module: 'orders',
  summary: 'Lưu lệnh (trạng thái chưa thanh toán); cước được tính lại và phải khớp tổng tiền đã hiển thị',
  access: orderAccess,
  request: orderDraft.extend({
    TotalAmount: vndAmount('Thiếu tổng tiền đã tính'),
    /**
     * A uuid the screen makes once per draft: a second save with the same key (double click, resend after a lost
     * answer) answers the order the first one saved instead of creating another. Unique per user.
     */
    ClientKey: z.uuid({ error: 'Mã lưu lệnh (ClientKey) không hợp lệ' }).nullish(),
  }),
  response: replyWith({ data: savedOrder.optional() }),
});

/** Step 5 for a credit customer: confirm the order to be paid later; approval decides P or C. */
export const confirmPayLater = defineCall({
  path: 'task/order/confirmPayLater',
  module: 'orders',
  summary: 'Xác nhận lệnh thu sau (khách hàng được công nợ); cấu hình duyệt lệnh quyết định chờ duyệt hay duyệt ngay',
  access: menuAccess('HOME', ...orderTaskMenus),
  request: z.object({ OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30) }),
  response: replyWith({ data: z.object({ OrderStatus: z.string() }).optional() }),
});

/** Where the order stands with the TOS. */
export const tosStatus = z.enum(['none', 'pending', 'sent', 'refused', 'failed']);
export type TosStatus = z.infer<typeof tosStatus>;
export const tosStatusNames: Record<TosStatus, string> = {
  none: 'Chưa gửi',
  pending: 'Đang gửi TOS',
  sent: 'Đã gửi TOS',
  refused: 'TOS từ chối',
  failed: 'Gửi TOS thất bại',
};

/** Where the order's e-invoice stands: none expected (not approved, or nothing to bill), being published, issued, failed. */
export const invoiceState = z.enum(['none', 'pending', 'issued', 'failed']);
export type InvoiceState = z.infer<typeof invoiceState>;
export const invoiceStateNames: Record<InvoiceState, string> = {
  none: 'Chưa phát hành',
  pending: 'Đang phát hành',
  issued: 'Đã phát hành',
  failed: 'Phát hành hóa đơn thất bại, hệ thống sẽ thử lại',
};

/** An order as its owner or staff see it after saving (step 6 and reloads). */
export const orderDetail = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  OrderType: z.string().nullable(),
  TerminalCode: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  OperationCode: z.string().nullable(),
  VesselKey: z.string().nullable(),
  VesselName: z.string().nullable(),
  BLNo: z.string().nullable(),
  BookingNo: z.string().nullable(),
  ExpDate: z.string().nullable(),
  /** The depot of an empty pickup / empty return (terminal with DepotSelect on), else null. */
  DepotCode: z.string().nullable(),
  DepotName: z.string().nullable(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  TaxCode: z.string().nullable(),
  MoneyCredit: z.string(),
  OrderStatus: z.string(),
  OrderStatusName: z.string(),
  TransactionId: z.string().nullable(),
  TotalAmount: z.number().int(),
  RejectReason: z.string().nullable(),
  ApprovedBy: z.string().nullable(),
  ApprovedTime: z.string().nullable(),
  TosStatus: tosStatus,
  TosStatusName: z.string(),
  TosMessage: z.string().nullable(),
  InvoiceNo: z.string().nullable(),
  InvoiceState: invoiceState,
  InvoiceStateName: z.string(),
  /** The TOS delivery is retried later by the server (failed with a next try due). */
  TosRetrying: z.boolean(),
  /** The public order page (PIN, gate QR) once approved. */
  ord_url: z.string().nullable(),
  CreatedTime: z.string(),
  /** The yard's side (TOS yard events): allocated (PB) or completed (HT, every container out), in words. */
  YardState: yardState,
  YardStateName: z.string(),
  CompletedAt: z.string().nullable(),
  /** An extension order (gia hạn): the order it extends. */
  ExtendsOrderNo: z.string().nullable(),
  /** The order's extension waiting for payment, if it has one (the customer pays it like any order). */
  ExtensionDue: extensionDue.nullable(),
  containers: z.array(
    checkedContainer.omit({ problems: true, notes: true }).extend({
      AllocatedAt: z.string().nullable(),
      GateInTime: z.string().nullable(),
      GateOutTime: z.string().nullable(),
    }),
  ),
  charges: z.array(chargeLine),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const getOrder = defineCall({
  path: 'task/order/getOrder',
  module: 'orders',
  summary: 'Chi tiết một lệnh: trạng thái, cước từng dòng, TOS, hóa đơn',
  access: menuAccess('HOME', 'ORDER_ACCEPT', ...orderTaskMenus),
  request: z.object({ OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30) }),
  response: replyWith({ data: orderDetail.optional() }),
});

/** A depot the order screen offers: the terminal's active depots, with 'Hiển thị chọn depot' on. */
export const depotChoice = z.object({ DepotCode: z.string(), DepotName: z.string(), Address: z.string().nullable() });
export type DepotChoice = z.infer<typeof depotChoice>;

/** The depot choice of an order type at a terminal: offered (DepotSelect on, an empty pickup or return) and its depots. */
export const orderDepots = defineCall({
  path: 'task/order/depots',
  module: 'orders',
  summary: "Depot được chọn cho lệnh cấp/hạ container rỗng khi cảng bật 'Hiển thị chọn depot'",
  access: orderAccess,
  request: z.object({ TerminalCode: code(10, 'Mã cảng', orderMessages.noTerminal), OrderType: orderTypeField }),
  response: replyWith({ DepotSelect: z.boolean().optional(), payload: z.array(depotChoice).optional() }),
});

/** Paper delivery orders (D/O) attached to an import pickup of a line not on eDO: what staff check before approving. */
export const orderFileMessages = {
  attached: (name: string, orderNo: string) => `Đã đính kèm tệp ${name} vào lệnh ${orderNo}.`,
  noFile: 'Chưa chọn tệp để tải lên.',
  closed: 'Lệnh đã được duyệt hoặc đã hủy, không thể đính kèm thêm tệp.',
  tooMany: (max: number) => `Mỗi lệnh đính kèm tối đa ${max} tệp.`,
  tooLarge: 'Tệp đính kèm tối đa 5 MB.',
  noPaperDo: 'Lệnh nhận hàng theo D/O giấy chưa có D/O đính kèm: chưa duyệt được.',
} as const;
export const orderFileLimits = { maxFiles: 5, maxBytes: 5_000_000, extensions: ['.pdf', '.jpg', '.png'] } as const;

/** A file (the paper D/O) attached to the caller's order while it is not yet approved (multipart: files, OrderNo). */
export const attachOrderFile = defineCall({
  path: 'task/order/attachFile',
  module: 'orders',
  summary: 'Đính kèm tệp (D/O giấy: PDF, JPG, PNG, tối đa 5 MB) vào lệnh chưa duyệt',
  access: orderAccess,
  multipart: true,
  request: z.object({
    OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30),
    files: z.array(uploadedPart).max(1, 'Mỗi lần chỉ tải một tệp').nullish(),
  }),
  response: replyWith({ FileCount: z.number().int().optional() }),
});

export const orderCreateCalls = {
  checkContainers,
  loadPayer,
  calculateCharges,
  saveOrder,
  confirmPayLater,
  getOrder,
  attachOrderFile,
  orderDepots,
};
