import type { ModuleHandlers } from '../../http/call-registry';
import type { PayPartnersService } from './pay-partners.service';

export function settingsHandlers(payPartners: PayPartnersService): ModuleHandlers<'settings'> {
  return {
    getPayPartners: (input, ctx) => payPartners.list(ctx.user, input),
    editPayPartners: (input, ctx) => payPartners.edit(ctx.user, input),
  };
}
