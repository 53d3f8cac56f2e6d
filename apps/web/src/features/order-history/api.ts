import type { CallInput, CallRequest, calls, OrderHistoryDetail, OrderHistoryRow } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type C = typeof calls.orderHistory;
/** What the list asks: the filter, the page and the sort (the server pages and sorts). */
export type HistoryRequest = CallRequest<C['listOrderHistory']>;
export type HistoryFilter = Omit<CallInput<C['exportOrderHistory']>, 'SortField' | 'SortOrder'>;

export const orderHistoryKeys = {
  all: ['order-history'] as const,
  page: (request: HistoryRequest) => ['order-history', 'page', request] as const,
  jobModes: () => ['order-history', 'job-modes'] as const,
  detail: (orderNo: string) => ['order-history', 'detail', orderNo] as const,
  draft: (orderNo: string) => ['order-history', 'draft', orderNo] as const,
};

/** One page of the caller's orders; the page shown stays while the next loads. */
export function useOrderHistory(request: HistoryRequest) {
  return useQuery({
    queryKey: orderHistoryKeys.page(request),
    queryFn: async ({ signal }): Promise<{ rows: OrderHistoryRow[]; total: number }> => {
      const reply = await callApi(clientCalls.orderHistory.listOrderHistory, request, { signal });
      return { rows: reply.payload ?? [], total: reply.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** The job modes the filter offers. */
export function useHistoryJobModes() {
  return useQuery({
    queryKey: orderHistoryKeys.jobModes(),
    queryFn: async ({ signal }) => (await callApi(clientCalls.orderHistory.orderHistoryJobModes, {}, { signal })).payload ?? [],
    staleTime: 10 * 60_000,
  });
}

/** Every order the filter matches, in the list's order (the Excel export). */
export async function historyExportRows(filter: CallInput<C['exportOrderHistory']>): Promise<OrderHistoryRow[]> {
  return (await callApi(clientCalls.orderHistory.exportOrderHistory, filter)).payload ?? [];
}

/** One order's detail, while its drawer is open. */
export function useHistoryOrder(orderNo: string | null) {
  return useQuery({
    queryKey: orderHistoryKeys.detail(orderNo ?? ''),
    enabled: !!orderNo,
    queryFn: async ({ signal }): Promise<OrderHistoryDetail | null> =>
      (await callApi(clientCalls.orderHistory.orderHistoryOrder, { OrderNo: orderNo ?? '' }, { signal })).data ?? null,
  });
}

/** The order's draft invoice (HTML from the invoices' call), asked when its button is pressed. */
export function useDraftInvoice(orderNo: string | null) {
  return useQuery({
    queryKey: orderHistoryKeys.draft(orderNo ?? ''),
    enabled: !!orderNo,
    queryFn: async ({ signal }) => (await callApi(clientCalls.invoices.draftInvoice, { fkeys: [orderNo ?? ''] }, { signal })).data ?? '',
  });
}

/** 'Gia hạn lệnh': the extension of an expired order (or the unpaid one it has); the order's detail is read again. */
export function useExtendOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ExpDate: string | null) => callApi(clientCalls.orders.extendOrder, { OrderNo: orderNo, ExpDate }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderHistoryKeys.detail(orderNo) }),
  });
}

/** The customer's rating form of one order (completed? rated? the active criteria). */
export function useOrderRatingForm(orderNo: string) {
  return useQuery({
    queryKey: ['order-history', 'rating', orderNo] as const,
    queryFn: async ({ signal }) => (await callApi(clientCalls.ratings.orderRatingForm, { OrderNo: orderNo }, { signal })).data,
  });
}

/** Sends the customer's rating; the form then reads "rated". */
export function useRateOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CallInput<typeof calls.ratings.rateOrder>, 'OrderNo'>) =>
      callApi(clientCalls.ratings.rateOrder, { ...body, OrderNo: orderNo }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['order-history', 'rating', orderNo] }),
  });
}
