import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { orderNo, payAccess } from '../payments/calls';
import { replyWith } from '../reply';

/** One order's line in the publish reply (spec 02 §3 order result / QR items). */
export const publishedItem = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  InvoiceNo: z.string().nullable(),
  JobModeName: z.string(),
  MoneyCredit: z.string(),
  isSplitInvoice: z.boolean(),
  qr_url: z.string().nullable(),
  ord_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type PublishedItem = z.infer<typeof publishedItem>;

export const publishOrderNo = defineCall({
  path: 'invoice/publishOrderNo',
  module: 'invoices',
  summary: 'Xuất hóa đơn điện tử cho lệnh đã thanh toán (khi được bỏ qua duyệt)',
  access: payAccess,
  request: z.object({ OrderNo: orderNo }),
  response: replyWith({ message_box: z.string().optional(), msg: z.array(publishedItem).optional() }),
});

export const draftInvoice = defineCall({
  path: 'invoice/draft_inv',
  module: 'invoices',
  summary: 'Hóa đơn nháp (HTML) của các lệnh (fkeys = số lệnh)',
  access: payAccess,
  request: z.object({ fkeys: z.array(orderNo).min(1, 'Vui lòng chọn lệnh').max(50) }),
  response: replyWith({ data: z.string().optional() }),
});

/**
 * The invoice of an approved order (spec 01 §7, declared): staff approval and the order screen's last step publish
 * through it once the order is C; same reply as invoice/publishOrderNo. Registered by the orders issue.
 */
export const publishInvoiceNo = defineCall({
  path: 'invoice/publishInvoiceNo',
  module: 'invoices',
  summary: 'Xuất hóa đơn điện tử cho lệnh đã duyệt',
  access: menuAccess('HOME', 'ORDER_ACCEPT'),
  request: z.object({ OrderNo: orderNo }),
  response: replyWith({ message_box: z.string().optional(), msg: z.array(publishedItem).optional() }),
});
