import type { CallInput, CallRequest, calls, PendingOrderRow } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const homeKeys = {
  all: ['home'] as const,
  pending: () => ['home', 'pending'] as const,
  count: () => ['home', 'pending-count'] as const,
  find: (value: string) => ['home', 'find', value] as const,
  pins: (pins: readonly string[]) => ['home', 'pins', ...pins] as const,
  recent: () => ['home', 'recent'] as const,
  yard: (orderNo: string) => ['home', 'yard', orderNo] as const,
};

type OrderRef = CallInput<typeof calls.home.deleteOrder>;

/** The list's search: by PIN codes, by a PIN / container number, or none (the orders awaiting payment). */
type RowsSearch = Omit<CallRequest<typeof calls.home.dashboardTracking>, 'getAttach'>;

const rows = async (input: RowsSearch, signal: AbortSignal): Promise<PendingOrderRow[]> =>
  (await callApi(clientCalls.home.dashboardTracking, { ...input, getAttach: true }, { signal })).payload ?? [];

/** Orders awaiting payment, or the search result when a PIN / container number is given. */
export function usePendingOrders(findValue: string) {
  return useQuery({
    queryKey: findValue ? homeKeys.find(findValue) : homeKeys.pending(),
    queryFn: ({ signal }) => rows(findValue ? { FindValue: findValue } : {}, signal),
  });
}

export function usePendingCount() {
  return useQuery({
    queryKey: homeKeys.count(),
    queryFn: async ({ signal }) => (await callApi(clientCalls.home.waitingPaymentCount, {}, { signal })).payload ?? 0,
  });
}

/** The tracking list of some PIN codes (URL hash on the home page, or /tracking/pincode/{pin}). */
export function useTrackingRows(pins: readonly string[]) {
  return useQuery({
    queryKey: homeKeys.pins(pins),
    enabled: pins.length > 0,
    queryFn: ({ signal }) => rows({ PinCodes: [...pins] }, signal),
  });
}

/**
 * An approved order as task/order/getOrder tells it: its yard state (allocated, completed) and the extension it has
 * waiting for payment, which the tracking rows do not carry.
 */
export function useOrderYard(orderNo: string) {
  return useQuery({
    queryKey: homeKeys.yard(orderNo),
    queryFn: async ({ signal }) => (await callApi(clientCalls.orders.getOrder, { OrderNo: orderNo }, { signal })).data ?? null,
  });
}

/** The user's latest orders of every status (tab 'Lệnh gần đây'). */
export function useRecentOrders() {
  return useQuery({
    queryKey: homeKeys.recent(),
    queryFn: async ({ signal }) => (await callApi(clientCalls.home.recentOrders, {}, { signal })).payload ?? [],
  });
}

/** Deletes (cancels) an unpaid order; the lists and the count reload whether or not the server agreed. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderRef) => callApi(clientCalls.home.deleteOrder, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeKeys.all }),
  });
}

/** An order's attached files, asked when its paper-clip button is pressed (none: a warning instead of the list). */
export function useOrderFiles() {
  return useMutation({ mutationFn: async (order: OrderRef) => (await callApi(clientCalls.home.getFilesInOrder, order)).payload ?? [] });
}

/** An order's QR codes and links, asked when its QR button is pressed. */
export function useOrderQr() {
  return useMutation({ mutationFn: async (order: OrderRef) => (await callApi(clientCalls.home.trackingQrData, order)).payload ?? [] });
}

/** Reloads the home lists and the pending count (the 'Nạp dữ liệu' button, a payment that ran). */
export function useReloadHome() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: homeKeys.all });
}

/** Pin codes carried by a URL hash: '#26112100123,26112100124'. */
export function pinsFromHash(hash: string): string[] {
  const text = decodeURIComponent(hash.replace(/^#/, ''));
  return [
    ...new Set(
      text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => /^[\w-]{1,30}$/.test(p)),
    ),
  ].slice(0, 50);
}
