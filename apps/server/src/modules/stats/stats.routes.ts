import { type RatingDetailRow, type RatingNoteRow, statsMessages } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import type { StatsService } from './stats.service';

/** The statistics calls (spec 02 §7 CRM, personal summaries): input → one service call → reply. */
export function statsHandlers(stats: StatsService): ModuleHandlers<'stats'> {
  const detail = (r: { lines: unknown[]; truncated: boolean }) => ({
    success: true,
    data: r.lines as never,
    ...(r.truncated ? { message: statsMessages.detailTruncated(r.lines.length) } : {}),
  });
  return {
    dashboardOrderChartLoad: async (input, ctx) => ({ success: true, ...(await stats.orderChart(ctx.user, input)) }),
    dashboardCustomerChartLoad: async (input, ctx) => ({ success: true, ...(await stats.customerChart(ctx.user, input)) }),
    dashboardUserChartLoad: async (input, ctx) => ({ success: true, ...(await stats.userChart(ctx.user, input)) }),
    dashboardCustomerInfoLoad: async (input, ctx) => detail(await stats.customerInfo(ctx.user, input)),
    dashboardUserInfoLoad: async (input, ctx) => detail(await stats.userInfo(ctx.user, input)),
    totalRating: async (input, ctx) => ({ success: true, payload: await stats.totalRating(ctx.user, input) }),
    dataRating: async (input, ctx) => ({ success: true, payload: (await stats.ratingRows(ctx.user, input, false)) as RatingDetailRow[] }),
    dataRatingNote: async (input, ctx) => ({ success: true, payload: (await stats.ratingRows(ctx.user, input, true)) as RatingNoteRow[] }),
    dashboardMbChartLoad: async (input, ctx) => ({ success: true, ...(await stats.mbChart(ctx.user, input)) }),
    tosSmpOrderChartLoad: async (input, ctx) => ({ success: true, ...(await stats.tosSmp(ctx.user, input)) }),
    sumTosSmp: async (input, ctx) => ({ success: true, ...(await stats.tosSmp(ctx.user, input)) }),
    sumCmsSmp: async (input, ctx) => ({ success: true, ...(await stats.cmsSmp(ctx.user, input)) }),
    orderSummary: async (input, ctx) => ({ success: true, data: await stats.orderSummary(ctx.user, input) }),
    invoiceSummary: async (input, ctx) => ({ success: true, data: await stats.invoiceSummary(ctx.user, input) }),
    dashboardCustomerRanking: async (input, ctx) => ({ success: true, ...(await stats.customerRanking(ctx.user, input)) }),
    dashboardUserRanking: async (input, ctx) => ({ success: true, ...(await stats.userRanking(ctx.user, input)) }),
    customerOptions: async (input, ctx) => ({ success: true, payload: await stats.customerOptions(ctx.user, input) }),
    userOptions: async (input, ctx) => ({ success: true, payload: await stats.userOptions(ctx.user, input) }),
    transactionSummary: async (input, ctx) => ({ success: true, data: await stats.transactionSummary(ctx.user, input) }),
  };
}
