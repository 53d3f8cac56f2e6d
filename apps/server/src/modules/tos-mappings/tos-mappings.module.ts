import { mappingJobModeGrid, sizeTypeGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';

/** Size types and the job mode → TOS mapping (grids; read by the TOS delivery through its own repository). */
export function tosMappingsModule(ctx: ModuleContext) {
  return {
    services: {},
    handlers: { settings: gridHandlers([sizeTypeGrid, mappingJobModeGrid] as const, ctx.grid) },
  } satisfies Module<unknown>;
}
