import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { lastDay } from '../fields';
import { replyWith } from '../reply';
import { orderTaskMenus } from './order-types';

/**
 * The yard's side of an approved order, from the TOS's yard events: containers allocated (PB), through the gate in and
 * out, the order completed (HT) once every container is out; and extensions (gia hạn) of an order whose expiry passed
 * before its trucks came.
 */

/** Why the TOS's gate refused a container (the TOS's own codes mapped by the TOS adapter). */
export const gateRefusal = z.enum(['unknown', 'used', 'expired', 'cancelled', 'notInOrder', 'notIn']);
export type GateRefusal = z.infer<typeof gateRefusal>;
export const gateRefusalNames: Record<GateRefusal, string> = {
  unknown: 'Mã PIN/QR không hợp lệ',
  used: 'Container đã qua cổng theo lệnh này',
  expired: 'Lệnh đã hết hạn',
  cancelled: 'Lệnh đã bị hủy',
  notInOrder: 'Container không thuộc lệnh',
  notIn: 'Container chưa vào cổng',
};

/**
 * Where an approved order stands in the yard, derived from its containers' times (the status stays C): 'allocated'
 * once the TOS allocated a container, 'completed' once every container is out.
 */
export const yardState = z.enum(['none', 'allocated', 'completed']);
export type YardState = z.infer<typeof yardState>;
export const yardStateNames: Record<YardState, string> = { none: '', allocated: 'Đã phân bổ', completed: 'Hoàn tất' };

export const extensionMessages = {
  notFound: (orderNo: string) => `Không tìm thấy lệnh ${orderNo}.`,
  cancelled: 'Lệnh đã bị hủy, không thể gia hạn.',
  notApproved: 'Lệnh chưa được duyệt, chưa thể gia hạn.',
  isExtension: (orderNo: string) => `Đây là lệnh gia hạn; vui lòng gia hạn từ lệnh gốc ${orderNo}.`,
  allOut: 'Các container của lệnh đã ra cổng, không cần gia hạn.',
  notExpired: (until: string) => `Lệnh chưa hết hạn (hạn đến ${until}), chưa cần gia hạn.`,
  unpaid: (orderNo: string) => `Lệnh đã có lệnh gia hạn ${orderNo} chưa thanh toán: vui lòng thanh toán lệnh này.`,
  dayPast: 'Hạn mới phải từ hôm nay trở đi.',
  notAfter: (until: string) => `Hạn mới phải sau hạn đã thanh toán (${until}).`,
  taken: (containerNo: string) => `Container ${containerNo} đang thuộc một lệnh khác còn hiệu lực, không thể gia hạn.`,
  changed: 'Lệnh vừa thay đổi, vui lòng thử lại.',
  tooFar: (days: number) => `Hạn mới tối đa ${days} ngày kể từ hôm nay.`,
  created: (orderNo: string) => `Đã tạo lệnh gia hạn ${orderNo}. Vui lòng thanh toán để container được qua cổng.`,
  createdFree: (orderNo: string) => `Đã gia hạn lệnh (lệnh ${orderNo}, không phát sinh cước).`,
  noTariff: 'Chưa tính được cước gia hạn',
} as const;

/** An order's extension due: the unpaid extension order the customer pays like any order. */
export const extensionDue = z.object({
  OrderNo: z.string(),
  /** Its own PIN: the home page's tracking list of it (`/#<PIN>`) holds its pay button. */
  PinCode: z.string(),
  ExtendsOrderNo: z.string(),
  ExpDate: z.string(),
  TotalAmount: z.number().int(),
  OrderStatus: z.string(),
});
export type ExtensionDue = z.infer<typeof extensionDue>;

/**
 * 'Gia hạn lệnh': the extension order of an order whose expiry passed (or the unpaid one it already has), priced for
 * the extra storage days and reefer hours up to the end of `ExpDate` (a port day, at least today; default today).
 */
export const extendOrder = defineCall({
  path: 'task/order/extend',
  module: 'orders',
  summary: 'Gia hạn lệnh đã hết hạn: lệnh gia hạn tính cước lưu bãi/điện lạnh thêm đến hạn mới, thanh toán như lệnh thường',
  access: menuAccess('HOME', ...orderTaskMenus),
  request: z.object({
    OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30, 'Số lệnh tối đa 30 ký tự').toUpperCase(),
    ExpDate: lastDay('Vui lòng chọn hạn mới', 'Hạn mới không hợp lệ (YYYY-MM-DD)').nullish(),
  }),
  response: replyWith({ data: extensionDue.optional() }),
});

export const orderYardCalls = { extendOrder };
