import { type RatingForm, ratingMessages, ratingPinLimits, shownPin } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { inReach, orderReach } from '../../security/order-access';
import type { OrderLinks } from '../../security/order-links';
import type { OrderRatingRepository, RatedOrder, Rater } from './order-rating.repository';

/** What a rater sends: the stars per criterion and a note. */
interface RatingInput {
  Ratings: readonly { QuestionCode: number; Rating: number }[];
  RatingNote: string | null;
}

/** The rater's name on a driver's rating (no account): the report shows it as the rater. */
const DRIVER_RATER_ID = 'TAIXE';
const screens = { customer: 'Lịch sử lệnh', driver: 'Trang xem lệnh (tài xế)' } as const;

/** Completed = every container passed the gate out (the TOS's yard events), on an order not cancelled. */
const completed = (o: RatedOrder) => o.CompletedAt != null && o.OrderStatus === 'C';

/**
 * A completed order rated on the active criteria of 'Tiêu chí đánh giá' (docs/decisions.md 'Customers rate their
 * orders'): by its customer's account, or by the driver with the order's link and PIN; once each. The rows feed the
 * rating report through the `ratings` table's rollup trigger.
 */
export function createOrderRatingService(deps: { repo: OrderRatingRepository; links: OrderLinks }) {
  const { repo } = deps;

  async function form(order: RatedOrder, rater: Rater): Promise<RatingForm> {
    const [criteria, rated] = await Promise.all([repo.activeCriteria(), repo.rated(order.OrderNo, rater)]);
    return { OrderNo: order.OrderNo, Completed: completed(order), Rated: rated, Criteria: criteria };
  }

  /** The customer's own order, or 404 as for an order that does not exist (another customer's is not told apart). */
  async function customersOrder(user: AuthUser, orderNo: string): Promise<RatedOrder> {
    if (user.CustomerCode == null) throw forbidden(ratingMessages.customerOnly);
    const order = await repo.order(orderNo);
    if (
      !order ||
      order.CustomerCode == null ||
      !inReach(orderReach(user), { TerminalCode: order.TerminalCode, CustomerCode: order.CustomerCode })
    )
      throw notFound(ratingMessages.notFound);
    return order;
  }

  /** The link's order; the same answers as the public order view for a forged or expired link. */
  async function linkedOrder(token: string): Promise<RatedOrder> {
    const link = deps.links.read(token);
    if (!link) throw new AppError(400, 'Liên kết xem lệnh không hợp lệ. Vui lòng kiểm tra lại đường dẫn hoặc mã QR.', 'invalid');
    if (link.e * 1000 < Date.now())
      throw new AppError(410, 'Liên kết xem lệnh đã hết hạn. Vui lòng liên hệ cảng hoặc mở lại lệnh từ tài khoản của bạn.', 'expired');
    const order = await repo.order(link.o);
    if (!order) throw notFound(ratingMessages.notFound);
    return order;
  }

  /** The stars must cover every active criterion once, and nothing else; a rating with no criterion active is a note. */
  async function checkedStars(input: RatingInput) {
    const criteria = await repo.activeCriteria();
    const active = new Set(criteria.map((c) => c.QuestionCode));
    const seen = new Set<number>();
    for (const s of input.Ratings) {
      if (!active.has(s.QuestionCode)) throw badRequest(ratingMessages.unknownCriterion(s.QuestionCode));
      if (seen.has(s.QuestionCode)) throw badRequest(ratingMessages.twice(s.QuestionCode));
      seen.add(s.QuestionCode);
    }
    const missing = criteria.find((c) => !seen.has(c.QuestionCode));
    if (missing) throw badRequest(ratingMessages.missingCriterion(missing.QuestionName));
    if (!input.Ratings.length && !input.RatingNote) throw badRequest(ratingMessages.nothing);
    return input.Ratings;
  }

  async function rate(order: RatedOrder, rater: Rater, userId: string, input: RatingInput) {
    if (!completed(order)) throw badRequest(ratingMessages.notCompleted);
    if (await repo.rated(order.OrderNo, rater)) throw new AppError(409, ratingMessages.already);
    const stars = await checkedStars(input);
    const saved = await repo.save({
      order,
      rater,
      userId,
      pinCode: shownPin(order.PinCode),
      screenName: screens[rater],
      stars,
      note: input.RatingNote,
    });
    // Two ratings at once: the second finds the order claimed by the first.
    if (!saved) throw new AppError(409, ratingMessages.already);
  }

  return {
    async customerForm(user: AuthUser, orderNo: string) {
      return form(await customersOrder(user, orderNo), 'customer');
    },
    async rateAsCustomer(user: AuthUser, input: RatingInput & { OrderNo: string }) {
      await rate(await customersOrder(user, input.OrderNo), 'customer', user.UserID, input);
    },
    async publicForm(token: string) {
      return form(await linkedOrder(token), 'driver');
    },
    /** The PIN as every screen shows it; wrong ones are counted per order and refused for a while past the limit. */
    async rateAsDriver(input: RatingInput & { token: string; PinCode: string }, address: string) {
      const order = await linkedOrder(input.token);
      const since = new Date(Date.now() - ratingPinLimits.windowMinutes * 60_000);
      if ((await repo.pinFailuresSince(order.OrderNo, since)) >= ratingPinLimits.failures) throw tooManyRequests(ratingMessages.pinLocked);
      if (input.PinCode.trim().toUpperCase() !== shownPin(order.PinCode).toUpperCase()) {
        await repo.pinFailed(order.OrderNo, address);
        throw badRequest(ratingMessages.wrongPin);
      }
      await rate(order, 'driver', DRIVER_RATER_ID, input);
    },
  };
}
export type OrderRatingService = ReturnType<typeof createOrderRatingService>;
