import type { Module, ModuleContext } from '../../kernel/module';
import { createOrderRatingRepository } from './order-rating.repository';
import { createOrderRatingService } from './order-rating.service';
import { ratingsHandlers } from './ratings.routes';

/** The rating criteria ('Tiêu chí đánh giá', grid) and the customers' and drivers' ratings of completed orders. */
export function ratingsModule(ctx: ModuleContext) {
  const orderRatings = createOrderRatingService({ repo: createOrderRatingRepository(ctx.database.db), links: ctx.orderLinks });
  return { services: {}, handlers: { ratings: ratingsHandlers(ctx.grid, orderRatings) } } satisfies Module<unknown>;
}
