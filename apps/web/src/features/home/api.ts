import { calls, type PendingOrderRow } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const homeKeys = {
  all: ['home'] as const,
  pending: () => ['home', 'pending'] as const,
  count: () => ['home', 'pending-count'] as const,
  find: (value: string) => ['home', 'find', value] as const,
  pins: (pins: readonly string[]) => ['home', 'pins', ...pins] as const,
};

const rows = async (input: { PinCodes?: string[]; FindValue?: string }): Promise<PendingOrderRow[]> =>
  (await callApi(calls.home.dashboardTracking, { ...input, getAttach: true })).payload ?? [];

/** Orders awaiting payment, or the search result when a PIN / container number is given. */
export function usePendingOrders(findValue: string) {
  return useQuery({
    queryKey: findValue ? homeKeys.find(findValue) : homeKeys.pending(),
    queryFn: () => rows(findValue ? { FindValue: findValue } : {}),
  });
}

export function usePendingCount() {
  return useQuery({
    queryKey: homeKeys.count(),
    queryFn: async () => (await callApi(calls.home.waitingPaymentCount, {})).payload ?? 0,
  });
}

/** The tracking list of some PIN codes (URL hash on the home page, or /tracking/pincode/{pin}). */
export function useTrackingRows(pins: readonly string[]) {
  return useQuery({ queryKey: homeKeys.pins(pins), enabled: pins.length > 0, queryFn: () => rows({ PinCodes: [...pins] }) });
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
