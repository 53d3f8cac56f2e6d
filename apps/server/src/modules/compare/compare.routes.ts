import type { ModuleHandlers } from '../../http/call-registry';
import type { CompareService } from './compare.service';

export function compareHandlers(service: CompareService): ModuleHandlers<'compare'> {
  return {
    checkContaierData: async (input, ctx) => ({ success: true, data: await service.check(ctx.user, input.data, input.TerminalCode) }),
  };
}
