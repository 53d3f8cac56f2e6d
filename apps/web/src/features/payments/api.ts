import { calls, type PaymentFollowup } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const paymentKeys = { followups: () => ['payments', 'followups'] as const };

/** Money staff must act on: transfers to refund, invoices the server could not publish (payment/followups). */
export function usePaymentFollowups() {
  return useQuery({
    queryKey: paymentKeys.followups(),
    queryFn: async (): Promise<PaymentFollowup[]> => (await callApi(calls.payments.listFollowups, {})).data ?? [],
  });
}

/** Staff: publish a paid order's invoice again now. */
export function useRetryInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (OrderNo: string) => callApi(calls.payments.retryFollowupInvoice, { OrderNo }),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.followups() }),
  });
}
