import type { ModuleHandlers } from '../../http/call-registry';
import type { TerminalConfigService } from './terminal-config.service';

type Names = 'getTerminalConfig' | 'saveTerminalConfig' | 'tosTestLogin' | 'testSendMail';

/** 'Cấu hình cảng' calls (spec 03 §7): input → one service call → reply. */
export function terminalConfigHandlers(service: TerminalConfigService): Pick<ModuleHandlers<'admin'>, Names> {
  return {
    getTerminalConfig: async (input, ctx) => (await service.get(ctx.user, input)) as never,
    saveTerminalConfig: (input, ctx) => service.save(ctx.user, input),
    tosTestLogin: (input, ctx) => service.tosTestLogin(ctx.user, input),
    testSendMail: (input, ctx) => service.testMail(ctx.user, input),
  };
}
