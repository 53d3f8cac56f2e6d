import type { ModuleHandlers } from '../../http/call-registry';
import type { ShellService } from './shell.service';

export function shellHandlers(shell: ShellService): ModuleHandlers<'shell'> {
  return {
    getMenu: async (input, ctx) => ({ success: true, payload: await shell.menu(ctx.user, input.UserGroupCode) }),
    getTerminalList: async (input, ctx) => ({ success: true, payload: await shell.terminals(ctx.user, input.TerminalCode) }),
  };
}
