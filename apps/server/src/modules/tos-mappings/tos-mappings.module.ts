import type { Module, ModuleContext } from '../../kernel/module';
import { tosMappingsHandlers } from './tos-mappings.routes';

/** Size types and the job mode → TOS mapping (grids; read by the TOS delivery through its own repository). */
export function tosMappingsModule(ctx: ModuleContext) {
  return { services: {}, handlers: { tosMappings: tosMappingsHandlers(ctx.grid) } } satisfies Module<unknown>;
}
