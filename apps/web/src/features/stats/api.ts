import type {
  CallInput,
  ClientCall,
  CustomerStatsRow,
  calls,
  RankCell,
  RankedCustomer,
  RankedUser,
  StatsDetailLine,
  StatsOption,
  StatsPeriod,
  StatsRow,
  UserStatsRow,
} from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, type QueryClient, skipToken, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, callApi } from '../../lib/api-client';
import { session } from '../../lib/session';
import type { ExportTerminal } from './shared/excel-export';
import { sameRangeLastYear } from './shared/period';

/** React Query keys of the statistics screens: every key starts with 'stats'. */
export const statsKeys = {
  all: ['stats'] as const,
  exportTerminal: (code: string | null) => ['stats', 'export-terminal', code] as const,
};

/**
 * The letterhead of the statistics exports: the first row of common/getTerminalList for the user's current terminal
 * (spec 02 §7); null when the server has none.
 */
export function useExportTerminal(enabled = true) {
  const code = session.terminal();
  return useQuery({
    queryKey: statsKeys.exportTerminal(code),
    enabled,
    queryFn: async ({ signal }): Promise<ExportTerminal | null> => {
      const reply = await callApi(clientCalls.shell.getTerminalList, code ? { TerminalCode: code } : {}, { signal });
      return reply.payload?.[0] ?? null;
    },
    staleTime: 10 * 60_000,
  });
}

// ---- dashboards (stats-web-a) ----

/** The period request of the CRM charts (loadType, terminalList, fromTime, toTime). */
export type PeriodRequest = CallInput<typeof calls.stats.dashboardOrderChartLoad>;
/** A period request narrowed to one customer (CustomerCode) or one user (UserID). */
export type SubjectRequest = PeriodRequest & { CustomerCode?: string; UserID?: string };
export type SubjectKind = 'customer' | 'user';
export type SubjectRow<K extends SubjectKind> = K extends 'customer' ? CustomerStatsRow : UserStatsRow;

/** An answer keyed by period label, with the periods in time order. */
export interface ByPeriod<R> {
  data: Record<string, R[]>;
  periods: StatsPeriod[];
}

/**
 * A preloaded or just-loaded answer is not preloaded again for this long. 'Tra cứu' always asks the server (spec 02 §4:
 * the query button loads and renders); the preload only warms: what it brought is shown until the answer comes.
 */
export const PRELOAD_FRESH_MS = 30_000;

const dashboardKeys = {
  orders: ['stats', 'dashboard'] as const,
  ordersOf: (r: PeriodRequest) => ['stats', 'dashboard', r] as const,
  subjects: (kind: SubjectKind, r: SubjectRequest) => ['stats', 'subjects', kind, r] as const,
  detail: (kind: SubjectKind, r: SubjectDetailRequest) => ['stats', 'detail', kind, r] as const,
};

/** An unsuccessful answer fails with the server's message (spec 02 §8: the dashboard shows it). */
function answered<T extends { success: boolean; message?: string }>(reply: T, fallback: string): T {
  if (!reply.success) throw new Error(reply.message || fallback);
  return reply;
}
const FAILED = 'Không tải được dữ liệu thống kê.';

async function fetchOrders(r: PeriodRequest, signal?: AbortSignal): Promise<ByPeriod<StatsRow>> {
  const reply = answered(await callApi(clientCalls.stats.dashboardOrderChartLoad, r, { signal }), FAILED);
  return { data: reply.data ?? {}, periods: reply.periods ?? [] };
}

async function fetchSubjects<K extends SubjectKind>(kind: K, r: SubjectRequest, signal?: AbortSignal): Promise<ByPeriod<SubjectRow<K>>> {
  const { CustomerCode, UserID, ...period } = r;
  const reply =
    kind === 'customer'
      ? answered(await callApi(clientCalls.stats.dashboardCustomerChartLoad, { ...period, CustomerCode }, { signal }), FAILED)
      : answered(await callApi(clientCalls.stats.dashboardUserChartLoad, { ...period, UserID }, { signal }), FAILED);
  return { data: (reply.data ?? {}) as Record<string, SubjectRow<K>[]>, periods: reply.periods ?? [] };
}

const ordersQuery = (r: PeriodRequest) => ({
  queryKey: dashboardKeys.ordersOf(r),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrders(r, signal),
  staleTime: PRELOAD_FRESH_MS,
});

/**
 * The period × terminal statistics of the dashboards (crm/dashboard_order_chart_load): nothing until the first
 * 'Tra cứu'; `search` resolves with the answer (or rejects with the server's message) and shows it; `preload` is the
 * silent background read, its failure swallowed by the caller.
 */
export function useOrderStats() {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PeriodRequest | null>(null);
  const query = useQuery({
    queryKey: request ? dashboardKeys.ordersOf(request) : [...dashboardKeys.orders, null],
    queryFn: request ? ({ signal }) => fetchOrders(request, signal) : skipToken,
    staleTime: PRELOAD_FRESH_MS,
  });
  // 'Tra cứu' asks the server whatever the preload brought (staleTime 0); the customers or users under the terminals
  // are asked again when next shown.
  const search = async (next: PeriodRequest) => {
    const data = await queryClient.fetchQuery({ ...ordersQuery(next), staleTime: 0 });
    await queryClient.invalidateQueries({ queryKey: ['stats', 'subjects'], refetchType: 'none' });
    setRequest(next);
    return data;
  };
  const preload = (next: PeriodRequest) => queryClient.prefetchQuery(ordersQuery(next));
  return { data: query.data, request, fetching: query.isFetching, updatedAt: query.dataUpdatedAt, search, preload };
}

/**
 * The shown request's same period last year (the cards' comparison, issue 27): asked with each answer, nothing
 * before the first 'Tra cứu'.
 */
export function useOrderStatsLastYear(shown: PeriodRequest | null) {
  const r = shown ? { ...shown, ...sameRangeLastYear(shown) } : null;
  return useQuery({
    queryKey: r ? dashboardKeys.ordersOf(r) : [...dashboardKeys.orders, 'last-year', null],
    queryFn: r ? ({ signal }) => fetchOrders(r, signal) : skipToken,
    staleTime: PRELOAD_FRESH_MS,
  });
}

/** The answer of one request, when there is one (e.g. the trend of the clicked customer). */
export function useSubjects<K extends SubjectKind>(kind: K, r: SubjectRequest | null) {
  return useQuery({
    queryKey: r ? dashboardKeys.subjects(kind, r) : ['stats', 'subjects', kind, null],
    queryFn: r ? ({ signal }) => fetchSubjects(kind, r, signal) : skipToken,
    staleTime: PRELOAD_FRESH_MS,
  });
}

/**
 * A ranking request (crm/customer_ranking, crm/user_ranking): the period request, the measure, the rank filter and the
 * page, narrowed to a customer (CustomerCode), a user (UserID) or a sales person's users (SalesUserID).
 */
export type RankRequest = PeriodRequest & {
  Measure: 'ord' | 'sum' | 'vol';
  Top: number;
  Page: number;
  PageSize: number;
  CustomerCode?: string;
  UserID?: string;
  SalesUserID?: string;
};
export interface RankAnswer {
  data: Record<string, RankCell[]>;
  periods: StatsPeriod[];
  subjects: (RankedCustomer | RankedUser)[];
}

async function fetchRanking(kind: SubjectKind, r: RankRequest, signal?: AbortSignal): Promise<RankAnswer> {
  const { CustomerCode, UserID, SalesUserID, ...rest } = r;
  const reply =
    kind === 'customer'
      ? answered(await callApi(clientCalls.stats.dashboardCustomerRanking, { ...rest, CustomerCode }, { signal }), FAILED)
      : answered(await callApi(clientCalls.stats.dashboardUserRanking, { ...rest, UserID, SalesUserID }, { signal }), FAILED);
  return { data: reply.data ?? {}, periods: reply.periods ?? [], subjects: reply.subjects ?? [] };
}
const rankingQuery = (kind: SubjectKind, r: RankRequest) => ({
  queryKey: ['stats', 'ranking', kind, r] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchRanking(kind, r, signal),
});

/**
 * Ranking answers shown on screen: the period × terminal totals and level 3, one ranked page per expanded (period,
 * terminal). `freshMs`: how long a shown answer is not asked again on mounting (the totals 'Tra cứu' just loaded).
 */
export function useRankings(kind: SubjectKind, requests: readonly RankRequest[], freshMs = 0) {
  return useQueries({ queries: requests.map((r) => ({ ...rankingQuery(kind, r), staleTime: freshMs })) });
}

/** One ranking answer, always asked of the server ('Tra cứu'; with a customer, user or sales person chosen; the export). */
export const loadRanking = (queryClient: QueryClient, kind: SubjectKind, r: RankRequest) =>
  queryClient.fetchQuery({ ...rankingQuery(kind, r), staleTime: 0 });

/**
 * The silent preload of a ranking answer: warms the cache of the next 'Tra cứu', not asked again within
 * PRELOAD_FRESH_MS. Its query function is the fetch itself: a query function that went through the cache for its own
 * key (fetchQuery) would wait for its own fetch forever, and 'Tra cứu', bound to that query, would stay loading.
 */
export const preloadRanking = (queryClient: QueryClient, kind: SubjectKind, r: RankRequest) =>
  queryClient.prefetchQuery({ ...rankingQuery(kind, r), staleTime: PRELOAD_FRESH_MS });

/** `loadRanking` bound to the screen's query client. */
export function useRankingLoader(kind: SubjectKind) {
  const queryClient = useQueryClient();
  return (r: RankRequest) => loadRanking(queryClient, kind, r);
}

/** The selectors' options, searched on the server as the user types (customers; users; sales people with `sales`). */
export function useOptionSearch(kind: SubjectKind, search: string, sales = false) {
  return useQuery({
    queryKey: ['stats', 'options', kind, sales, search] as const,
    queryFn: async ({ signal }): Promise<StatsOption[]> => {
      const reply =
        kind === 'customer'
          ? answered(await callApi(clientCalls.stats.customerOptions, { Search: search }, { signal }), FAILED)
          : answered(await callApi(clientCalls.stats.userOptions, { Search: search, Sales: sales }, { signal }), FAILED);
      return reply.payload ?? [];
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The detail modal's request: the customer or user, one period, one terminal. */
export interface SubjectDetailRequest {
  id: string;
  FromDate: string;
  ToDate: string;
  TerminalCode?: string;
}

/** The order lines behind a customer's or user's figures (crm/dashboard_customer_info_load / _user_info_load). */
export function useSubjectDetail(kind: SubjectKind, r: SubjectDetailRequest | null) {
  return useQuery({
    queryKey: r ? dashboardKeys.detail(kind, r) : ['stats', 'detail', kind, null],
    queryFn: r
      ? async ({ signal }): Promise<{ lines: StatsDetailLine[]; message?: string }> => {
          const { id, ...range } = r;
          const reply =
            kind === 'customer'
              ? answered(await callApi(clientCalls.stats.dashboardCustomerInfoLoad, { ...range, CustomerCode: id }, { signal }), FAILED)
              : answered(
                  await callApi(clientCalls.stats.dashboardUserInfoLoad, { ...range, CreatedBy: id, IsUser: true }, { signal }),
                  FAILED,
                );
          return { lines: reply.data ?? [], message: reply.message };
        }
      : skipToken,
    staleTime: PRELOAD_FRESH_MS,
  });
}
// ---- end dashboards ----

// ---- reports (stats-web-b) ----

/** Requests of the reports (rating, MB, usage, approval, personal), typed by their clientCalls. */
export type RatingRequest = CallInput<typeof calls.stats.totalRating>;
export type MbRequest = CallInput<typeof calls.stats.dashboardMbChartLoad>;
export type SplitRequest = CallInput<typeof calls.stats.sumTosSmp>;
export type PersonalRequest = NonNullable<CallInput<typeof calls.stats.orderSummary>>;
export type SplitReport = 'usage' | 'approval';

/**
 * A preloaded answer is not preloaded again for this long; the shown answer is always asked again (staleTime 0): the
 * preload only warms the next 'Tra cứu' (spec 02 §4 "Reports": the query button loads and renders).
 */
const REPORT_FRESH_MS = 30_000;

export const reportKeys = {
  rating: (r: RatingRequest | null) => ['stats', 'rating', r] as const,
  ratingDetail: (r: RatingRequest | null, questionCode: number | null) => ['stats', 'rating-detail', r, questionCode] as const,
  mb: (r: MbRequest | null) => ['stats', 'mb', r] as const,
  split: (report: SplitReport, r: SplitRequest | null) => ['stats', report, r] as const,
  usagePreload: (r: SplitRequest) => ['stats', 'usage-preload', r] as const,
  personal: (r: PersonalRequest | null) => ['stats', 'personal', r] as const,
};

/**
 * crm/TotalRating after 'Tra cứu' (null: not asked yet). An unsuccessful answer is not an error: the screen warns
 * 'Không tìm thấy dữ liệu.' and draws whatever payload came back (spec 02 §8); a refused call (4xx) is the same.
 */
export function useRatingTotals(request: RatingRequest | null) {
  return useQuery({
    queryKey: reportKeys.rating(request),
    enabled: request !== null,
    queryFn: async ({ signal }) => {
      try {
        const reply = await callApi(clientCalls.stats.totalRating, request as RatingRequest, { signal });
        return { ok: reply.success, rows: reply.payload ?? [] };
      } catch (e) {
        if (e instanceof ApiError && e.status > 0) return { ok: false, rows: [] };
        throw e;
      }
    },
  });
}

/** The detail modal: crm/DataRating of one criterion, or crm/DataRatingNote for the notes criterion (QuestionCode 0). */
export function useRatingDetail(request: RatingRequest | null, questionCode: number | null) {
  return useQuery({
    queryKey: reportKeys.ratingDetail(request, questionCode),
    enabled: request !== null && questionCode !== null,
    queryFn: async ({ signal }) => {
      const r = request as RatingRequest;
      if (questionCode === 0) {
        const reply = await callApi(clientCalls.stats.dataRatingNote, r, { signal });
        if (!reply.success) throw new Error(reply.message || 'Không tìm thấy dữ liệu.');
        return { kind: 'notes' as const, notes: reply.payload ?? [] };
      }
      const reply = await callApi(clientCalls.stats.dataRating, { ...r, QuestionCode: questionCode as number }, { signal });
      if (!reply.success) throw new Error(reply.message || 'Không tìm thấy dữ liệu.');
      return { kind: 'ratings' as const, ratings: reply.payload ?? [] };
    },
  });
}

async function periodData<D>(reply: { success: boolean; message?: string | null; data?: D }): Promise<D> {
  if (!reply.success) throw new Error(reply.message || 'Không tải được dữ liệu');
  return (reply.data ?? {}) as D;
}

const mbQuery = (request: MbRequest) => ({
  queryKey: reportKeys.mb(request),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    periodData(await callApi(clientCalls.stats.dashboardMbChartLoad, request, { signal })),
  staleTime: REPORT_FRESH_MS,
});

/** crm/dashboard_mb_chart_load for the asked request; `preloadMb` warms the same cache silently (spec 02 §7). */
export function useMbSummary(request: MbRequest | null) {
  return useQuery({ ...mbQuery(request ?? ({} as MbRequest)), enabled: request !== null, staleTime: 0 });
}
export function usePreloadMb() {
  const queryClient = useQueryClient();
  return (request: MbRequest) => queryClient.prefetchQuery(mbQuery(request));
}

type SplitCall = typeof calls.stats.sumTosSmp | typeof calls.stats.sumCmsSmp;
const splitCall = { usage: clientCalls.stats.sumTosSmp, approval: clientCalls.stats.sumCmsSmp } as const;
const splitQuery = (report: SplitReport, request: SplitRequest) => ({
  queryKey: reportKeys.split(report, request),
  queryFn: async ({ signal }: { signal: AbortSignal }) => periodData(await callApi<SplitCall>(splitCall[report], request, { signal })),
  staleTime: REPORT_FRESH_MS,
});

/** crm/sum_tos_smp (usage: SMARTPORT / TOS) or crm/sum_cms_smp (approval: TỰ ĐỘNG / DUYỆT TAY) for the asked request. */
export function useSplitReport(report: SplitReport, request: SplitRequest | null) {
  return useQuery({ ...splitQuery(report, request ?? ({} as SplitRequest)), enabled: request !== null, staleTime: 0 });
}

/**
 * The silent preload of the job-type reports (spec 02 §7): the usage report preloads crm/TosSmp_order_chart_load
 * (its answer is only cached), the approval report warms crm/sum_cms_smp for its next 'Tra cứu'.
 */
export function usePreloadSplit(report: SplitReport) {
  const queryClient = useQueryClient();
  return (request: SplitRequest) =>
    report === 'usage'
      ? queryClient.prefetchQuery({
          queryKey: reportKeys.usagePreload(request),
          queryFn: async ({ signal }) => periodData(await callApi(clientCalls.stats.tosSmpOrderChartLoad, request, { signal })),
          staleTime: REPORT_FRESH_MS,
        })
      : queryClient.prefetchQuery(splitQuery(report, request));
}

/**
 * personal_info/order_summary, invoice_summary and transaction_summary together (the personal summaries, spec 02 §7).
 * An unsuccessful answer fails with the server's message; a transport error with its own (shown as an error toast).
 */
export function usePersonalSummaries(request: PersonalRequest | null) {
  return useQuery({
    queryKey: reportKeys.personal(request),
    enabled: request !== null,
    queryFn: async ({ signal }) => {
      const r = request as PersonalRequest;
      const one = async (
        call: ClientCall<typeof calls.stats.orderSummary | typeof calls.stats.invoiceSummary | typeof calls.stats.transactionSummary>,
      ) => {
        const reply = await callApi(call, r, { signal });
        if (!reply.success) throw new Error(reply.message || 'Không tải được dữ liệu');
        return reply.data ?? [];
      };
      const [orders, invoices, transactions] = await Promise.all([
        one(clientCalls.stats.orderSummary),
        one(clientCalls.stats.invoiceSummary),
        one(clientCalls.stats.transactionSummary),
      ]);
      return { orders, invoices, transactions };
    },
  });
}
// ---- end reports ----
