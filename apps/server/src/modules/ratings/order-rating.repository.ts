import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRatings, orders, questions, ratingPinFailures, ratings } from '../../db/schema';

/** What a rating needs of its order. */
export interface RatedOrder {
  OrderNo: string;
  TerminalCode: string;
  CustomerCode: string | null;
  JobModeCode: string;
  PinCode: string;
  OrderStatus: string;
  CompletedAt: Date | null;
}

export type Rater = 'customer' | 'driver';

/** One rating as stored: the criteria's stars and the note (QuestionCode 0). */
export interface RatingEntry {
  order: RatedOrder;
  rater: Rater;
  userId: string;
  pinCode: string;
  screenName: string;
  stars: readonly { QuestionCode: number; Rating: number }[];
  note: string | null;
}

/** The order ratings' SQL: the order read, the active criteria, who rated, the PIN failures, the one-transaction save. */
export function createOrderRatingRepository(db: Db) {
  return {
    async order(orderNo: string): Promise<RatedOrder | null> {
      const [row] = await db
        .select({
          OrderNo: orders.OrderNo,
          TerminalCode: orders.TerminalCode,
          CustomerCode: orders.CustomerCode,
          JobModeCode: orders.JobModeCode,
          PinCode: orders.PinCode,
          OrderStatus: orders.OrderStatus,
          CompletedAt: orders.CompletedAt,
        })
        .from(orders)
        .where(eq(orders.OrderNo, orderNo))
        .limit(1);
      return row ?? null;
    },

    activeCriteria: () =>
      db
        .select({ QuestionCode: questions.QuestionCode, QuestionName: questions.QuestionName })
        .from(questions)
        .where(eq(questions.IsActive, true))
        .orderBy(asc(questions.QuestionCode)),

    async rated(orderNo: string, rater: Rater): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(orderRatings)
        .where(and(eq(orderRatings.OrderNo, orderNo), eq(orderRatings.Rater, rater)));
      return (row?.n ?? 0) > 0;
    },

    async pinFailuresSince(orderNo: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(ratingPinFailures)
        .where(and(eq(ratingPinFailures.OrderNo, orderNo), gte(ratingPinFailures.FailedAt, since)));
      return row?.n ?? 0;
    },

    async pinFailed(orderNo: string, address: string) {
      await db.insert(ratingPinFailures).values({ OrderNo: orderNo, Address: address.slice(0, 64) });
      // Old failures no longer count: kept a day for the record, then dropped with the next failure.
      await db.delete(ratingPinFailures).where(sql`${ratingPinFailures.FailedAt} < now() - interval '1 day'`);
    },

    /** Saves the rating; false when this rater already rated the order (nothing written). */
    async save(e: RatingEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(orderRatings)
          .values({ OrderNo: e.order.OrderNo, Rater: e.rater, UserID: e.userId })
          .onConflictDoNothing()
          .returning({ OrderNo: orderRatings.OrderNo });
        if (!claimed.length) return false;
        const base = {
          TerminalCode: e.order.TerminalCode,
          UserID: e.userId,
          CustomerCode: e.order.CustomerCode,
          OrderNo: e.order.OrderNo,
          PinCode: e.pinCode,
          ScreenName: e.screenName,
          JobModeCode: e.order.JobModeCode,
        };
        const rows = [
          ...e.stars.map((s) => ({ ...base, QuestionCode: s.QuestionCode, Rating: s.Rating, RatingNote: null })),
          ...(e.note ? [{ ...base, QuestionCode: 0, Rating: null, RatingNote: e.note }] : []),
        ];
        // One statement: the rating report's rollup trigger folds it once.
        if (rows.length) await tx.insert(ratings).values(rows);
        return true;
      });
    },
  };
}
export type OrderRatingRepository = ReturnType<typeof createOrderRatingRepository>;
