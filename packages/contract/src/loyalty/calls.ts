import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { orderTypes } from '../orders/order-types';
import { payAccess } from '../payments/calls';
import { replyWith } from '../reply';

/**
 * Loyalty points (spec 03 §3 Loyalty config; docs/decisions.md 'Loyalty points'): earned on paid orders per TEU of
 * lift on/off and stuffing/unstuffing, given back when the order is cancelled or rejected, spent at payment as a
 * discount line on the order and its invoice. One ledger row per order and kind.
 */
export const loyaltyEntryKinds = ['earn', 'reverse', 'redeem', 'restore'] as const;
export type LoyaltyEntryKind = (typeof loyaltyEntryKinds)[number];

/** What each ledger row is, as the statement says it. */
export const loyaltyEntryNames: Record<LoyaltyEntryKind, string> = {
  earn: 'Tích điểm',
  reverse: 'Thu hồi điểm (lệnh bị hủy)',
  redeem: 'Dùng điểm thanh toán',
  restore: 'Hoàn điểm (lệnh bị hủy)',
};

/**
 * The job modes whose TEU earn points: every order type's job modes except the service orders' (lift on/off:
 * HBAI, TRAR, HICD, LAYN, CAPR; stuffing DONG; unstuffing RUT).
 */
export const loyaltyEarningJobModes: readonly string[] = Object.values(orderTypes)
  .filter((t) => t.type !== 'service')
  .flatMap((t) => t.jobModes);

export const loyaltyPointMessages = {
  notConfigured: 'Chưa cấu hình Loyalty (giá trị quy đổi 1 điểm), chưa dùng được điểm.',
  points: 'Số điểm dùng phải là số nguyên dương',
  notEnough: (held: number) => `Số điểm tích lũy không đủ (hiện có ${held} điểm).`,
  notPayable: 'Lệnh không ở trạng thái chờ thanh toán.',
  alreadyRedeemed: 'Lệnh đã được trừ điểm tích lũy.',
  paying: 'Lệnh đang có giao dịch thanh toán chưa kết thúc, vui lòng dùng điểm trước khi thanh toán.',
  tooSmall: (rate: number) => `Giá trị 1 điểm là ${rate} VNĐ: lệnh không đủ để trừ điểm.`,
  customer: 'Vui lòng nhập mã khách hàng',
  noCustomer: (code: string) => `Không tìm thấy khách hàng ${code}.`,
  noCustomerAccount: 'Tài khoản không gắn với khách hàng nào nên không có điểm tích lũy.',
} as const;

export const loyaltyTierCode = z.enum(['GOLD', 'SILVER', 'COPPER']).nullable();

export const loyaltyEntry = z.object({
  Kind: z.enum(loyaltyEntryKinds),
  OrderNo: z.string(),
  TerminalCode: z.string(),
  /** Signed: earned and restored points are positive, reversed and spent ones negative. */
  Points: z.number().int(),
  Teu: z.number().int().nullable(),
  /** PoinForTeu when earned, PoinToVND when spent: the rate of that moment. */
  Rate: z.number().int(),
  /** The VND value of spent (or restored) points; null for earned ones. */
  Amount: z.number().int().nullable(),
  CreatedTime: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntry>;

export const loyaltyStatement = z.object({
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  /** Points that can be spent now. */
  Balance: z.number().int(),
  /** Points earned, less those reversed: what the tier is reached by (spending does not lower it). */
  Earned: z.number().int(),
  Tier: loyaltyTierCode,
  /** The VND value of one point now (null: loyalty not configured). */
  PointValue: z.number().int().nullable(),
  /** The next tier's line and the points still missing (null at Gold or without a config). */
  NextTier: z.object({ Tier: loyaltyTierCode, Line: z.number().int(), Missing: z.number().int() }).nullable(),
  entries: z.array(loyaltyEntry),
});
export type LoyaltyStatement = z.infer<typeof loyaltyStatement>;

export const loyaltyCustomerRow = z.object({
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  Balance: z.number().int(),
  Earned: z.number().int(),
  Tier: loyaltyTierCode,
});
export type LoyaltyCustomerRow = z.infer<typeof loyaltyCustomerRow>;

const customerCode = z.string({ error: loyaltyPointMessages.customer }).trim().min(1, loyaltyPointMessages.customer).max(20).toUpperCase();

/** 'Điểm tích lũy' (/Personal/Loyalty): the caller's own customer's balance, tier and statement. */
export const myLoyalty = defineCall({
  path: 'loyalty/mine',
  module: 'loyalty',
  summary: 'Điểm tích lũy của khách hàng đang đăng nhập: số dư, hạng, sao kê',
  access: menuAccess('PERSONAL_LOYALTY'),
  request: z.object({}),
  response: replyWith({ data: loyaltyStatement.optional() }),
});

/** 'Điểm tích lũy khách hàng' (/CRM/Loyalty): the customers with points in the caller's terminals. */
export const loyaltyCustomers = defineCall({
  path: 'loyalty/customers',
  module: 'loyalty',
  summary: 'Khách hàng có điểm tích lũy trong các cảng của người dùng: số dư, hạng',
  access: menuAccess('CRM_LOYALTY'),
  request: z.object({}),
  response: replyWith({ data: z.array(loyaltyCustomerRow).optional() }),
});

/** One customer's balance, tier and statement (the rows of the caller's terminals). */
export const customerLoyalty = defineCall({
  path: 'loyalty/customer',
  module: 'loyalty',
  summary: 'Điểm tích lũy của một khách hàng: số dư, hạng, sao kê các lệnh thuộc cảng của người dùng',
  access: menuAccess('CRM_LOYALTY'),
  request: z.object({ CustomerCode: customerCode }),
  response: replyWith({ data: loyaltyStatement.optional() }),
});

/** Before paying: the order's customer's points and what they are worth on this order. */
export const loyaltyForOrder = defineCall({
  path: 'loyalty/order',
  module: 'loyalty',
  summary: 'Điểm tích lũy của khách hàng của lệnh và số điểm tối đa dùng được cho lệnh',
  access: payAccess,
  request: z.object({ OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30) }),
  response: replyWith({
    data: z
      .object({
        Balance: z.number().int(),
        Tier: loyaltyTierCode,
        PointValue: z.number().int().nullable(),
        /** The most points this order can take (its amount at the point value, and the balance). */
        MaxPoints: z.number().int(),
        /** Points already spent on this order (0: none). */
        Redeemed: z.number().int(),
        RedeemedAmount: z.number().int(),
      })
      .optional(),
  }),
});

/** At payment: spend points on an unpaid order; the server decides the discount (points × PoinToVND, at most the order's amount). */
export const redeemLoyalty = defineCall({
  path: 'loyalty/redeem',
  module: 'loyalty',
  summary: 'Dùng điểm tích lũy khi thanh toán: dòng giảm trừ trên lệnh và hóa đơn, một lần cho mỗi lệnh',
  access: payAccess,
  request: z.object({
    OrderNo: z.string().trim().min(1, 'Vui lòng chọn lệnh').max(30),
    Points: z.coerce
      .number({ error: loyaltyPointMessages.points })
      .int(loyaltyPointMessages.points)
      .min(1, loyaltyPointMessages.points)
      .max(2_000_000_000),
  }),
  response: replyWith({
    data: z.object({ OrderNo: z.string(), Points: z.number().int(), Amount: z.number().int(), TotalAmount: z.number().int() }).optional(),
  }),
});

export const loyaltyPointsCalls = {
  myLoyalty,
  loyaltyCustomers,
  customerLoyalty,
  loyaltyForOrder,
  redeemLoyalty,
};
