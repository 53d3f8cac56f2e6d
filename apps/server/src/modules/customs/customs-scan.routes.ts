import type { ModuleHandlers } from '../../http/call-registry';
import type { CustomsScanService } from './customs-scan.service';

export function customsScanHandlers(
  scan: CustomsScanService,
): Pick<ModuleHandlers<'customs'>, 'reqAciss' | 'reqCas367' | 'getCas367' | 'getLogCustomReq' | 'searchShip'> {
  return {
    reqAciss: async (input, ctx) =>
      input.requestType === 363
        ? { success: true, data: await scan.query363(ctx.user, input.requestData) }
        : { success: true, data: await scan.query367(ctx.user, input.requestData) },
    reqCas367: (input, ctx) => scan.send367(ctx.user, input),
    getCas367: async (input) => ({ success: true, ...(await scan.view367(input)) }),
    getLogCustomReq: async (input, ctx) => ({ success: true, payload: await scan.readLog(ctx.user, input) }),
    searchShip: async (input, ctx) => ({ success: true, vsls: await scan.ships(ctx.user, input) }),
  };
}
