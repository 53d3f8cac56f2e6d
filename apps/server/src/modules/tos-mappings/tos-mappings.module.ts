import type { Module, ModuleContext } from '../../kernel/module';
import { createTosMappingsRepository } from './tos-mappings.repository';
import { tosMappingsHandlers } from './tos-mappings.routes';
import { createTosMappingsService } from './tos-mappings.service';

/**
 * Size types and the job mode → TOS mapping (grids; read by the TOS delivery through its own repository), their save
 * checks and 'Kiểm tra'. `tariffMappingHooks` is given to admin, whose grid the tariff mapping is.
 */
export function tosMappingsModule(ctx: ModuleContext) {
  const mappings = createTosMappingsService({ repo: createTosMappingsRepository(ctx.database) });
  return {
    services: { tariffMappingHooks: mappings.tariffMappingHooks },
    handlers: { tosMappings: tosMappingsHandlers(ctx.grid, mappings) },
  } satisfies Module<unknown>;
}
