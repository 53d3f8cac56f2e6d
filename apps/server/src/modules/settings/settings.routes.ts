import type { ModuleHandlers } from '../../http/call-registry';
import type { PayPartnersService } from './pay-partners.service';
import type { SettingsFormCallName } from './settings-forms.routes';

export function settingsHandlers(payPartners: PayPartnersService): Omit<ModuleHandlers<'settings'>, SettingsFormCallName> {
  return {
    getPayPartners: (input, ctx) => payPartners.list(ctx.user, input),
    editPayPartners: (input, ctx) => payPartners.edit(ctx.user, input),
  };
}
