import { questionGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';

/** The rating criteria ('Tiêu chí đánh giá', grid). */
export function ratingsModule(ctx: ModuleContext) {
  return { services: {}, handlers: { settings: gridHandlers([questionGrid] as const, ctx.grid) } } satisfies Module<unknown>;
}
