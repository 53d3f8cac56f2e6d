import { gridCallTable } from '../grid/resource';
import { questionGrid } from './ratings';

/** The rating criteria grid: the server derives its handlers from this list. */
export const ratingsGrids = [questionGrid] as const;

/** `calls.ratings`. */
export const ratingsCalls = { ...gridCallTable(...ratingsGrids) } as const;
