import { z } from 'zod';
import { menuAccess, publicAccess } from '../access';
import { defineCall } from '../call';
import { orderStatus } from '../orders/calls';
import { replyWith } from '../reply';

/** Who pays: the home page's pending-orders tab (HOME grant). */
export const payAccess = menuAccess('HOME');

/** Spec 02 §9 and §5: the numbers the payment flow lives by. */
export const paymentLimits = {
  bankFirstWaitMs: 10_000,
  bankPollMs: 5_000,
  bankTimeoutMs: 1_800_000,
  otpMaxAttempts: 3,
  otpMaxLength: 8,
  cardNumberMax: 25,
  cardDateMax: 5,
  cardNameMax: 50,
  cardCheckDigits: 6,
  trarWarningCount: 5,
  /** The copy button's tick after copying (spec 02 §9). */
  copyFeedbackMs: 1_000,
} as const;

/** Spec 02 §8, word for word. */
export const paymentMessages = {
  confirm: 'Xác nhận thanh toán ?',
  noPartner: 'Không tìm được cổng thanh toán khả dụng! Vui lòng kiểm tra lại cấu hình!',
  otpFailed: 'Giao dịch thất bại!',
  otpRequired: 'Vui lòng nhập mã OTP!',
  bankTimeout: 'Quá thời gian đợi phản hồi từ ngân hàng!',
  checksum: 'Lỗi kiểm tra toàn vẹn dữ liệu [checksum]',
  alreadyPaid: 'Lệnh này đã được thanh toán! Quý khách vui lòng làm mới dữ liệu / F5',
  invoiceError: 'Lỗi xuất hóa đơn',
  paid: 'Thanh toán thành công !',
  invoiced: 'Xuất hóa đơn thành công !',
  done: 'Hoàn tất các tiến trình !',
  awaitingApproval: 'Lệnh đang trạng thái chờ duyệt',
  fillAll: 'Vui lòng nhập đầy đủ thông tin',
} as const;

export const orderNo = z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30);

/** The card + OTP partner (MB) and the bank-page partner (NAPAS); one controller path each (api-calls.txt). */
export const cardControllers = ['mb'] as const;
export const bankPageControllers = ['napas'] as const;
/** VietQR banks: payment/vaqr/{bankCode}/… */
export const qrBanks = ['mb'] as const;

export const cardNumber = z
  .string()
  .trim()
  .regex(/^\d{6,25}$/, 'Số thẻ gồm 6 đến 25 chữ số');

export const isExpireDate = defineCall({
  path: 'payment/mb/is_expire_date',
  module: 'payments',
  summary: 'Thẻ dùng ngày hết hạn (true) hay ngày phát hành (false), theo 6 số đầu',
  access: payAccess,
  request: z.object({ cardNumber }),
  response: replyWith({ data: z.object({ isExpireDate: z.boolean() }).optional() }),
});

export const makeCardTransfer = defineCall({
  path: 'payment/mb/make_transfer_pincode',
  module: 'payments',
  summary: 'Xác thực thẻ và gửi OTP cho một lệnh; trả clientMessageId của lần thanh toán',
  access: payAccess,
  request: z.object({
    OrderNo: orderNo,
    PinCode: z.string().trim().max(30).optional(),
    cardNumber,
    cardDate: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Ngày thẻ theo dạng MM/YY'),
    cardName: z
      .string()
      .trim()
      .max(50)
      .regex(/^[A-Z][A-Z ]*$/, 'Tên chủ thẻ viết hoa, không dấu'),
  }),
  response: replyWith({ data: z.object({ clientMessageId: z.string(), otpLength: z.number().int() }).optional() }),
});

export const paymentResult = z.object({
  OrderNo: z.string(),
  transactionId: z.string(),
  skip_approval: z.boolean(),
  clientMessageId: z.string(),
  ft: z.string().optional(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

export const confirmCardTransfer = defineCall({
  path: 'payment/mb/confirm_transfer',
  module: 'payments',
  summary: 'Xác nhận OTP (tối đa 3 lần) và ghi nhận thanh toán',
  access: payAccess,
  request: z.object({
    otp: z.string().trim().min(1, paymentMessages.otpRequired).max(8, 'Mã OTP tối đa 8 ký tự'),
    clientMessageId: z.string().trim().min(1).max(80),
  }),
  response: replyWith({ data: paymentResult.optional(), attemptsLeft: z.number().int().optional() }),
});

export const makeBankTransfer = defineCall({
  path: 'payment/napas/make_transfer_pincode',
  module: 'payments',
  summary: 'Mở giao dịch trên trang ngân hàng; trả requestId và địa chỉ trang ngân hàng',
  access: payAccess,
  request: z.object({ OrderNo: orderNo, PinCode: z.string().trim().max(30).optional() }),
  response: replyWith({ data: z.object({ requestId: z.string(), redirectUrl: z.string() }).optional() }),
});

export const napasData = z.object({
  requestId: z.string(),
  orderNo: z.string(),
  amount: z.number().int(),
  status: z.string(),
  transactionId: z.string(),
  time: z.string(),
});

export const checkBankReceive = defineCall({
  path: 'payment/napas/check_napas_receive',
  module: 'payments',
  summary: 'Đã có phản hồi của ngân hàng cho requestId chưa (stopped) và kết quả',
  access: payAccess,
  request: z.object({ requestId: z.string().trim().min(1).max(80) }),
  response: replyWith({
    stopped: z.boolean().optional(),
    data: z
      .object({
        skipChecksum: z.boolean(),
        transactionId: z.string().optional(),
        napasData: napasData.optional(),
        checkSumKey: z.string().optional(),
        result: paymentResult.optional(),
      })
      .optional(),
  }),
});

export const verifyChecksum = defineCall({
  path: 'payment/napas/checksum',
  module: 'payments',
  summary: 'Kiểm tra toàn vẹn dữ liệu kết quả của ngân hàng',
  access: payAccess,
  request: z.object({ checkSumKey: z.string().trim().min(1).max(200), data: napasData }),
  response: replyWith({}),
});

export const bankNotify = defineCall({
  path: 'payment/napas/notify',
  module: 'payments',
  summary: 'Thông báo kết quả từ ngân hàng (máy chủ tới máy chủ), có chữ ký',
  access: publicAccess,
  request: z.object({ data: napasData, checksum: z.string().trim().min(1).max(200) }),
  response: replyWith({}),
});

/**
 * The MB-NAPAS fee of one card payment (spec 03 'Mức phí dịch vụ …' and 'Mức phí xử lý giao dịch …'): the service charge
 * by the tier of the running month's MB total, plus the processing fee per transaction. Integer VND.
 */
export const mbServiceFee = z.object({
  percent: z.number(),
  charge: z.number().int(),
  processingFee: z.number().int(),
  total: z.number().int(),
});
export type MbServiceFee = z.infer<typeof mbServiceFee>;

export const homeOrderInquiry = defineCall({
  path: 'payment/home_order_inquiry',
  module: 'payments',
  summary: 'Tình trạng lệnh trước khi thanh toán (đã thanh toán thì báo lỗi)',
  access: payAccess,
  request: z.object({ orderNo }),
  response: replyWith({
    data: z
      .object({
        OrderNo: z.string(),
        PinCode: z.string(),
        orderStatus,
        TransactionId: z.string().nullable(),
        TotalAmount: z.number(),
        CurrencyCode: z.string(),
        qrPay: z.boolean(),
        DraftTotal: z.number(),
        skip_approval: z.boolean(),
        TrarCount: z.number().int(),
        /** What an MB card payment of this order would be charged now (shown before the payer chooses MB). */
        MbServiceFee: mbServiceFee,
      })
      .optional(),
  }),
});

export const createQr = defineCall({
  path: 'payment/vaqr/mb/create_qrcode_by_order',
  module: 'payments',
  summary: 'Mã VietQR (EMVCo) cho một lệnh: nội dung, ảnh, thông tin chuyển khoản',
  access: payAccess,
  request: z.object({
    OrderNo: orderNo,
    amount: z.coerce.number().int().positive().max(1e13),
    actionMenu: z.string().trim().max(50).optional(),
    description: z.string().trim().max(100).optional(),
  }),
  response: replyWith({
    data: z
      .object({
        qr: z.string(),
        qrImage: z.string(),
        clientMessageId: z.string(),
        showClient: z.object({ bank: z.string(), account: z.string(), amount: z.number(), desc: z.string() }),
      })
      .optional(),
  }),
});

export const qrNotify = defineCall({
  path: 'payment/vaqr/mb/notify',
  module: 'payments',
  summary: 'Thông báo chuyển khoản từ ngân hàng VietQR (máy chủ tới máy chủ), có chữ ký',
  access: publicAccess,
  request: z.object({
    transactionId: z.string().trim().min(1).max(64),
    amount: z.number().int(),
    note: z.string().max(200),
    account: z.string().max(30),
    checksum: z.string().trim().min(1).max(200),
  }),
  response: replyWith({}),
});

/** The completion event's data (spec 02 §7): one event per order. */
export const orderCompletedData = z.object({
  OrderNo: z.string(),
  success_payment: z.boolean(),
  success_invoice: z.boolean(),
  success: z.boolean(),
  InvoiceNo: z.string().nullable(),
});
export type OrderCompletedData = z.infer<typeof orderCompletedData>;

/**
 * Money staff must act on. `refund`: a transfer that arrived for an order no longer
 * payable (cancelled, already paid, wrong amount), recorded instead of dropped. `invoice`: a paid
 * order whose invoice the server could not publish (retried by a job; staff may retry).
 */
export const followupAccess = menuAccess('CFG_PAYMENT_FOLLOWUP');
export const paymentFollowup = z.object({
  Rowguid: z.string(),
  Kind: z.enum(['refund', 'invoice']),
  OrderNo: z.string(),
  TerminalCode: z.string().nullable(),
  CustomerCode: z.string().nullable(),
  OrderStatus: z.string().nullable(),
  PartnerCode: z.string().nullable(),
  TransactionId: z.string().nullable(),
  Amount: z.number().nullable(),
  Reason: z.string(),
  ReasonText: z.string(),
  Status: z.string(),
  StatusText: z.string(),
  /** What staff do about it, in words. */
  Todo: z.string(),
  Attempts: z.number().int(),
  LastError: z.string().nullable(),
  NextTryTime: z.string().nullable(),
  CreatedTime: z.string(),
});
export type PaymentFollowup = z.infer<typeof paymentFollowup>;

export const listFollowups = defineCall({
  path: 'payment/followups',
  module: 'payments',
  summary: 'Giao dịch cần xử lý: tiền cần hoàn trả và hóa đơn chưa xuất được',
  access: followupAccess,
  request: z.object({}),
  response: replyWith({ data: z.array(paymentFollowup).optional() }),
});

export const retryFollowupInvoice = defineCall({
  path: 'payment/followups/retry-invoice',
  module: 'payments',
  summary: 'Xuất lại hóa đơn của một lệnh đã thanh toán mà server chưa xuất được',
  access: followupAccess,
  request: z.object({ OrderNo: orderNo }),
  response: replyWith({ msg: z.array(z.object({ OrderNo: z.string(), InvoiceNo: z.string().nullable() }).passthrough()).optional() }),
});
