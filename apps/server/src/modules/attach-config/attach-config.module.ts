import type { Module, ModuleContext } from '../../kernel/module';
import { createAttachConfigRepository } from '../settings/attach-config.repository';
import { createAttachConfigService } from '../settings/attach-config.service';

/** The attached services of each job mode (custom screen); the tariff engine asks `attachedServicesFor`. */
export function attachConfigModule(ctx: ModuleContext) {
  const attachConfig = createAttachConfigService(createAttachConfigRepository(ctx.database.db));
  return {
    services: { attachConfig },
    handlers: {
      settings: {
        getJobModeServiceList: async () => ({ success: true, payload: await attachConfig.services() }),
        getJobModeConfigAttachList: async (input, c) => ({ success: true, payload: await attachConfig.jobModes(c.user, input) }),
        updateAttachConfigList: async (input, c) => {
          await attachConfig.save(c.user, input);
          return { success: true };
        },
      },
    },
  } satisfies Module<unknown>;
}
