import type { Module, ModuleContext } from '../../kernel/module';
import { ratingsHandlers } from './ratings.routes';

/** The rating criteria ('Tiêu chí đánh giá', grid). */
export function ratingsModule(ctx: ModuleContext) {
  return { services: {}, handlers: { ratings: ratingsHandlers(ctx.grid) } } satisfies Module<unknown>;
}
