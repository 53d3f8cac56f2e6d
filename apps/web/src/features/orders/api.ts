import { type AcceptRow, calls, type InvoiceCancelStep } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** The order behind a signed link (`/order/:model`), without login; a refused link is not asked again. */
export function usePublicOrder(token: string) {
  return useQuery({
    queryKey: ['public-order', token],
    queryFn: async ({ signal }) => (await callApi(calls.orders.viewPublicOrder, { token }, { signal })).payload,
    retry: false,
  });
}

export const acceptKeys = {
  all: ['orders', 'accept'] as const,
  list: (filter: AcceptFilter) => ['orders', 'accept', 'list', filter] as const,
  trace: (orderNo: string) => ['orders', 'accept', 'trace', orderNo] as const,
};

/** The queue's filter ('Duyệt lệnh'): terminal (all of the user's when empty), status, PIN / order / container / tax code. */
export interface AcceptFilter {
  TerminalCode?: string;
  OrderStatus: 'P' | 'C' | 'D' | '*';
  FindValue?: string;
}

/** The staff approval queue (task/accept_order/loadWaitingApprovalOrders). */
export function useAcceptOrders(filter: AcceptFilter) {
  return useQuery({
    queryKey: acceptKeys.list(filter),
    queryFn: async ({ signal }): Promise<AcceptRow[]> => (await callApi(calls.orders.loadAcceptOrders, filter, { signal })).payload ?? [],
  });
}

/** The invoice cancellation trace of one order (task/invoice/cancel/trackingInvoiceDraftDetails). */
export function useInvoiceCancelTrace(orderNo: string | null) {
  return useQuery({
    queryKey: acceptKeys.trace(orderNo ?? ''),
    queryFn: async ({ signal }): Promise<InvoiceCancelStep[]> =>
      (await callApi(calls.orders.trackingInvoiceCancel, { OrderNo: orderNo as string }, { signal })).payload ?? [],
    enabled: !!orderNo,
  });
}

/** The queue's actions; each reloads the list. */
export function useAcceptActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: acceptKeys.all });
  return {
    approve: useMutation({ mutationFn: (OrderNo: string) => callApi(calls.orders.approveOrder, { OrderNo }), onSettled }),
    reject: useMutation({
      mutationFn: (v: { OrderNo: string; Reason: string }) => callApi(calls.orders.rejectOrder, v),
      onSettled,
    }),
    resendTos: useMutation({ mutationFn: (OrderNo: string) => callApi(calls.orders.resendTos, { OrderNo }), onSettled }),
    cancel: useMutation({
      mutationFn: (v: { OrderNo: string; Reason: string }) => callApi(calls.orders.cancelApprovedOrder, v),
      onSettled,
    }),
  };
}
