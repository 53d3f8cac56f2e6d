import type { LoyaltyCustomerRow, LoyaltyStatement } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

const loyaltyKeys = {
  mine: () => ['loyalty', 'mine'] as const,
  customers: () => ['loyalty', 'customers'] as const,
  customer: (code: string) => ['loyalty', 'customer', code] as const,
};

/** The signed-in customer's points, tier and statement. */
export function useMyLoyalty() {
  return useQuery({
    queryKey: loyaltyKeys.mine(),
    queryFn: async ({ signal }): Promise<LoyaltyStatement | null> =>
      (await callApi(clientCalls.loyalty.myLoyalty, {}, { signal })).data ?? null,
    retry: false,
  });
}

/** Staff: the customers with points in their terminals. */
export function useLoyaltyCustomers() {
  return useQuery({
    queryKey: loyaltyKeys.customers(),
    queryFn: async ({ signal }): Promise<LoyaltyCustomerRow[]> =>
      (await callApi(clientCalls.loyalty.loyaltyCustomers, {}, { signal })).data ?? [],
  });
}

/** Staff: one customer's statement, while chosen. */
export function useCustomerLoyalty(code: string | null) {
  return useQuery({
    queryKey: loyaltyKeys.customer(code ?? ''),
    enabled: !!code,
    queryFn: async ({ signal }): Promise<LoyaltyStatement | null> =>
      (await callApi(clientCalls.loyalty.customerLoyalty, { CustomerCode: code ?? '' }, { signal })).data ?? null,
    retry: false,
  });
}
