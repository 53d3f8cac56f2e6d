import { gridCallTable } from '../grid/resource';
import { orderRatingCalls } from './order-rating';
import { questionGrid } from './ratings';

/** The rating criteria grid: the server derives its handlers from this list. */
export const ratingsGrids = [questionGrid] as const;

/** `calls.ratings`: the criteria grid and the order ratings (order-rating.ts). */
export const ratingsCalls = { ...gridCallTable(...ratingsGrids), ...orderRatingCalls } as const;
