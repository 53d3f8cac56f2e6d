import { z } from 'zod';
import { menuAccess, publicAccess } from '../access';
import { defineCall } from '../call';
import { int4Field, pinCode } from '../fields';
import { replyWith } from '../reply';

/**
 * A customer rates a completed order (spec 02 §2.6.1: the rating report reads these rows): the customer's account from
 * 'Lịch sử lệnh', the truck driver from the public order page with the order's PIN. Once per order for each of the two,
 * on the active criteria of 'Tiêu chí đánh giá', 1–5 stars each, and a free-text note (QuestionCode 0).
 */
export const ratingMessages = {
  notCompleted: 'Chỉ đánh giá được lệnh đã hoàn tất (mọi container đã ra cổng).',
  notFound: 'Không tìm thấy lệnh.',
  customerOnly: 'Chỉ tài khoản khách hàng của lệnh mới đánh giá được lệnh.',
  already: 'Lệnh này đã được đánh giá. Mỗi lệnh chỉ được đánh giá một lần.',
  wrongPin: 'Mã PIN không đúng.',
  pinLocked: 'Nhập sai mã PIN quá nhiều lần. Vui lòng thử lại sau 15 phút.',
  missingCriterion: (name: string) => `Vui lòng chấm điểm tiêu chí "${name}".`,
  unknownCriterion: (code: number) => `Tiêu chí đánh giá ${code} không còn áp dụng. Vui lòng tải lại trang.`,
  twice: (code: number) => `Tiêu chí đánh giá ${code} được chấm hai lần.`,
  nothing: 'Vui lòng chấm điểm hoặc nhập ý kiến đóng góp.',
  stars: 'Số sao từ 1 đến 5',
  thanks: 'Cảm ơn quý khách đã đánh giá!',
} as const;

/** Wrong PINs allowed per order in the throttle window before the public rating is refused for a while. */
export const ratingPinLimits = { failures: 5, windowMinutes: 15 } as const;

const ratingStars = z.object({
  QuestionCode: int4Field('Mã tiêu chí', { min: 1 }),
  Rating: z.coerce
    .number({ error: ratingMessages.stars })
    .int(ratingMessages.stars)
    .min(1, ratingMessages.stars)
    .max(5, ratingMessages.stars),
});

const ratingBody = {
  Ratings: z.array(ratingStars, { error: ratingMessages.nothing }).max(100, 'Tối đa 100 tiêu chí'),
  RatingNote: z
    .string()
    .trim()
    .max(1000, 'Ý kiến đóng góp tối đa 1000 ký tự')
    .nullish()
    .transform((v) => v || null),
};

/** What the rating form shows for one order. */
export const ratingForm = z.object({
  OrderNo: z.string(),
  /** Every container of the order has passed the gate out: the order may be rated. */
  Completed: z.boolean(),
  /** Already rated by this rater (the customer, or the driver through the PIN). */
  Rated: z.boolean(),
  /** The active criteria, in code order. */
  Criteria: z.array(z.object({ QuestionCode: z.number(), QuestionName: z.string() })),
});
export type RatingForm = z.infer<typeof ratingForm>;

const orderNo = z
  .string({ error: 'Vui lòng chọn lệnh' })
  .trim()
  .min(1, 'Vui lòng chọn lệnh')
  .max(30, 'Số lệnh tối đa 30 ký tự')
  .toUpperCase();
const linkToken = z.string({ error: 'Thiếu mã liên kết' }).trim().min(1, 'Thiếu mã liên kết').max(400);

/** The customer's form for one of its orders (from 'Lịch sử lệnh'). */
export const orderRatingForm = defineCall({
  path: 'rating/orderForm',
  module: 'ratings',
  summary: 'Mẫu đánh giá một lệnh của khách hàng: tiêu chí đang áp dụng, lệnh đã hoàn tất chưa, đã đánh giá chưa',
  access: menuAccess('ORDER_HISTORY'),
  request: z.object({ OrderNo: orderNo }),
  response: replyWith({ data: ratingForm.optional() }),
});

/** The customer rates one of its completed orders, once. */
export const rateOrder = defineCall({
  path: 'rating/rateOrder',
  module: 'ratings',
  summary: 'Khách hàng đánh giá lệnh đã hoàn tất (một lần): số sao theo tiêu chí và ý kiến',
  access: menuAccess('ORDER_HISTORY'),
  request: z.object({ OrderNo: orderNo, ...ratingBody }),
  response: replyWith({}),
});

/** The public order page's form (the link's order). */
export const publicRatingForm = defineCall({
  path: 'rating/publicForm',
  module: 'ratings',
  summary: 'Mẫu đánh giá trên trang xem lệnh công khai (tài xế)',
  access: publicAccess,
  request: z.object({ token: linkToken }),
  response: replyWith({ data: ratingForm.optional() }),
});

/** The driver rates the link's completed order with its PIN, once; wrong PINs are throttled per order. */
export const ratePublicOrder = defineCall({
  path: 'rating/ratePublic',
  module: 'ratings',
  summary: 'Tài xế đánh giá lệnh đã hoàn tất qua trang xem lệnh, bằng mã PIN của lệnh (một lần)',
  access: publicAccess,
  request: z.object({ token: linkToken, PinCode: pinCode, ...ratingBody }),
  response: replyWith({}),
});

export const orderRatingCalls = { orderRatingForm, rateOrder, publicRatingForm, ratePublicOrder } as const;
