import { ratingMessages, ratingsGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { OrderRatingService } from './order-rating.service';

/** The rating criteria grid's calls, from its entry, and the order ratings' calls. */
export function ratingsHandlers(grid: GridService, orderRatings: OrderRatingService): ModuleHandlers<'ratings'> {
  return {
    ...gridHandlers(ratingsGrids, grid),
    orderRatingForm: async (input, ctx) => ({ success: true, data: await orderRatings.customerForm(ctx.user, input.OrderNo) }),
    rateOrder: async (input, ctx) => {
      await orderRatings.rateAsCustomer(ctx.user, input);
      return { success: true, message: ratingMessages.thanks };
    },
    publicRatingForm: async (input) => ({ success: true, data: await orderRatings.publicForm(input.token) }),
    ratePublicOrder: async (input, ctx) => {
      await orderRatings.rateAsDriver(input, ctx.ip);
      return { success: true, message: ratingMessages.thanks };
    },
  };
}
