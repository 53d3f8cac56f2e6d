import { type PeriodRequest, useOrderStats } from './api';
import type { ReportSource } from './report/define-report';

export type OrderStats = NonNullable<ReturnType<typeof useOrderStats>['data']>;

/**
 * crm/dashboard_order_chart_load as a report source (the dashboard and the rankings): 'Tra cứu' shows the answer once
 * it has come and resolves with it; a failure rejects with the server's message.
 */
export function useOrderSource(): ReportSource<PeriodRequest, OrderStats> {
  const stats = useOrderStats();
  return {
    data: stats.data,
    asked: stats.request,
    fetching: stats.fetching,
    updatedAt: stats.updatedAt,
    error: null,
    search: async (request, shown) => {
      const answer = await stats.search(request);
      shown();
      return answer;
    },
    preload: stats.preload,
  };
}
