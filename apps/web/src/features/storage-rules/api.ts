import { clientCalls } from '@smartport/contract/client-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** The free-day templates of the user's terminals (common/getFreeDayNameList), for the template picker. */
export function useFreeDayTemplates() {
  return useQuery({
    queryKey: ['storageRules', 'freeDayTemplates'],
    queryFn: async () => {
      const reply = await callApi(clientCalls.storageRules.getFreeDayNameList, {});
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The customers for the free-day customer picker (common/getCustomerList, active ones). */
export function useCustomerChoices() {
  return useQuery({
    queryKey: ['storageRules', 'customerChoices'],
    queryFn: async () => {
      const reply = await callApi(clientCalls.catalogs.getCustomerList, { IsActive: 1 });
      if (!reply.success) throw new Error(reply.message ?? '');
      return (reply.payload ?? []).map((c) => ({ value: c.CustomerCode, label: `${c.CustomerCode} - ${c.CustomerName}` }));
    },
    staleTime: 5 * 60_000,
  });
}
