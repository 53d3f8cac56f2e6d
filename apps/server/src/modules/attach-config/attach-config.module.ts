import type { Module, ModuleContext } from '../../kernel/module';
import { createAttachConfigRepository } from './attach-config.repository';
import { attachConfigHandlers } from './attach-config.routes';
import { createAttachConfigService } from './attach-config.service';

/** The attached services of each job mode (custom screen); the tariff engine asks `attachedServicesFor`. */
export function attachConfigModule(ctx: ModuleContext) {
  const attachConfig = createAttachConfigService(createAttachConfigRepository(ctx.database.db));
  return { services: { attachConfig }, handlers: { attachConfig: attachConfigHandlers(attachConfig) } } satisfies Module<unknown>;
}
