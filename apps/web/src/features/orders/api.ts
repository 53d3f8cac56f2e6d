import { calls } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** The order behind a signed link (`/order/:model`), without login; a refused link is not asked again. */
export function usePublicOrder(token: string) {
  return useQuery({
    queryKey: ['public-order', token],
    queryFn: async ({ signal }) => (await callApi(calls.orders.viewPublicOrder, { token }, { signal })).payload,
    retry: false,
  });
}
