import type { ModuleHandlers } from '../../http/call-registry';
import type { AttachConfigService } from './attach-config.service';

/** The attach config screen's calls: attachable services, job modes with their attached services, save. */
export function attachConfigHandlers(attach: AttachConfigService): ModuleHandlers<'attachConfig'> {
  return {
    getJobModeServiceList: async () => ({ success: true, payload: await attach.services() }),
    getJobModeConfigAttachList: async (input, ctx) => ({ success: true, payload: await attach.jobModes(ctx.user, input) }),
    updateAttachConfigList: async (input, ctx) => {
      await attach.save(ctx.user, input);
      return { success: true };
    },
  };
}
