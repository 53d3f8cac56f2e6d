/**
 * Spec 02 §2.6.1 'Chi tiết đánh giá khách hàng': the rating aggregate rows (§3) as the table shows them.
 * Pure functions, unit-tested.
 */

import type { RatingAggregateRow } from '@smartport/contract';

/** §3 'Rating aggregate row'. */
export type RatingAggregate = RatingAggregateRow;

/** The free-text notes criterion: no overview button, its detail lists the notes (§2.6.1). */
export const isNotesCriterion = (r: Pick<RatingAggregate, 'QuestionCode'>) => r.QuestionCode === 0;

/** Average score = total points / rating count, blank (null) when there is no count. */
export function averageScore(r: Pick<RatingAggregate, 'TotalRating' | 'CountRating'>): number | null {
  const count = Number(r.CountRating) || 0;
  if (!count) return null;
  return (Number(r.TotalRating) || 0) / count;
}

/** The average as shown: 2 decimals in the Vietnamese locale, '' without a count. */
export function formatAverage(r: Pick<RatingAggregate, 'TotalRating' | 'CountRating'>): string {
  const avg = averageScore(r);
  return avg === null ? '' : avg.toLocaleString('vi-VN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The overview modal: counts of 5, 4, 3, 2 and 1-star ratings, in that order. */
export function starCounts(r: RatingAggregate): { stars: 1 | 2 | 3 | 4 | 5; count: number }[] {
  return ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: Number(r[`Count${stars}Rating`]) || 0 }));
}
