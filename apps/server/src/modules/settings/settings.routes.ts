import { freeDayMessages, settingsGrids, tariffMessages } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { ApprovalService } from './approval.service';
import type { AttachConfigService } from './attach-config.service';
import type { NoticesService } from './notices.service';
import type { PayPartnersService } from './pay-partners.service';
import type { ReportMailService } from './report-mail.service';
import type { SettingsFormCallName } from './settings-forms.routes';
import type { StorageRulesService } from './storage-rules.service';
import type { TariffsService } from './tariffs.service';

/**
 * The settings grids' calls come from their entries; the pay-partner list adds the payer's choice; the attach config
 * and the approval screen add their calls.
 */
export function settingsHandlers(
  grid: GridService,
  payPartners: PayPartnersService,
  notices: NoticesService,
  reportMail: Pick<ReportMailService, 'sendNow'>,
  attach: AttachConfigService,
  approval: ApprovalService,
  storageRules: Pick<StorageRulesService, 'templates' | 'saveFreeDays'>,
  tariffs: TariffsService,
): Omit<ModuleHandlers<'settings'>, SettingsFormCallName> {
  return {
    ...gridHandlers(settingsGrids, grid, {
      getPayPartners: (input, ctx) => payPartners.list(ctx.user, input),
      // The free-day save checks the header in the spec's order and stores it complete (storage-rules.service.ts).
      updateFreeDayList: async (input, ctx) => ({
        success: true,
        message: freeDayMessages.saved,
        payload: (await storageRules.saveFreeDays((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
      }),
      // The tariff saves also check that the codes a row names exist (tariffs.service.ts).
      saveStandardTariffs: async (input, ctx) => ({
        success: true,
        message: tariffMessages.saved,
        payload: (await tariffs.saveStandard((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
      }),
      saveTariffSurcharges: async (input, ctx) => ({
        success: true,
        message: tariffMessages.saved,
        payload: (await tariffs.saveSurcharges((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
      }),
      saveContractTariffs: async (input, ctx) => ({
        success: true,
        message: tariffMessages.saved,
        payload: (await tariffs.saveContract((input as { data: Record<string, unknown>[] }).data, ctx.user)) as never,
      }),
    }),
    getFreeDayNameList: async (input, ctx) => ({ success: true, payload: await storageRules.templates(ctx.user, input) }),
    getActiveNotifyList: async () => ({ success: true, payload: await notices.active() }),
    mailReportSendNow: (input) => reportMail.sendNow(input),
    getJobModeServiceList: async () => ({ success: true, payload: await attach.services() }),
    getJobModeConfigAttachList: async (input, ctx) => ({ success: true, payload: await attach.jobModes(ctx.user, input) }),
    updateAttachConfigList: async (input, ctx) => {
      await attach.save(ctx.user, input);
      return { success: true };
    },
    getApprovalJobMode: (input, ctx) => approval.list(ctx.user, input),
    saveApprovalJobMode: (input, ctx) => approval.save(ctx.user, input),
    getReffList: (input, ctx) => approval.reffList(ctx.user, input),
  };
}
