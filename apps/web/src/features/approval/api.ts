import type { CallInput, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type ApprovalScopeBody = CallInput<typeof calls.approval.getApprovalJobMode>;
type ApprovalSaveBody = CallInput<typeof calls.approval.saveApprovalJobMode>;

export const approvalKeys = {
  reff: ['approval', 'reff'] as const,
  operators: ['approval', 'operators'] as const,
  customers: ['approval', 'customers'] as const,
};

/** The reff groups stored (common/getReffList), refreshed after each save. */
export function useReffList() {
  return useQuery({
    queryKey: approvalKeys.reff,
    queryFn: async () => (await callApi(clientCalls.approval.getReffList, {})).payload ?? [],
  });
}

/** The approval screen's operator choice (common/getOprs). */
export function useApprovalOperators() {
  return useQuery({
    queryKey: approvalKeys.operators,
    queryFn: async () => (await callApi(clientCalls.customs.getOprs, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** The approval screen's customer selector (common/getCustomerList). */
export function useApprovalCustomers() {
  return useQuery({
    queryKey: approvalKeys.customers,
    queryFn: async () => (await callApi(clientCalls.catalogs.getCustomerList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** 'Nạp dữ liệu': every job mode with its switches for the scope (config/getApprovalJobMode). */
export function useLoadApproval() {
  return useMutation({
    mutationFn: async (body: ApprovalScopeBody) => {
      const reply = await callApi(clientCalls.approval.getApprovalJobMode, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.data ?? [];
    },
  });
}

/** One switch toggled, saved at once (config/saveApprovalJobMode → the row with its Rowguid). */
export function useSaveApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApprovalSaveBody) => {
      const reply = await callApi(clientCalls.approval.saveApprovalJobMode, body);
      if (!reply.success || !reply.data) throw new Error(reply.message ?? '');
      return reply.data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.reff }),
  });
}
