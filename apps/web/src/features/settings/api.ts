import { type CallInput, calls } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type SendNowBody = CallInput<typeof calls.settings.mailReportSendNow>;

/** 'Gửi ngay' of the report mail (config/MailReportSendNow): sends with the values on the screen, saves nothing. */
export function useMailReportSendNow() {
  return useMutation({
    mutationFn: async (body: SendNowBody) => {
      const reply = await callApi(calls.settings.mailReportSendNow, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
  });
}

type ApprovalScopeBody = CallInput<typeof calls.settings.getApprovalJobMode>;
type ApprovalSaveBody = CallInput<typeof calls.settings.saveApprovalJobMode>;

export const approvalKeys = {
  reff: ['settings', 'approval', 'reff'] as const,
  operators: ['settings', 'approval', 'operators'] as const,
  customers: ['settings', 'approval', 'customers'] as const,
};

/** The reff groups stored (common/getReffList), refreshed after each save. */
export function useReffList() {
  return useQuery({
    queryKey: approvalKeys.reff,
    queryFn: async () => (await callApi(calls.settings.getReffList, {})).payload ?? [],
  });
}

/** The approval screen's operator choice (common/getOprs). */
export function useApprovalOperators() {
  return useQuery({
    queryKey: approvalKeys.operators,
    queryFn: async () => (await callApi(calls.customs.getOprs, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** The approval screen's customer selector (common/getCustomerList). */
export function useApprovalCustomers() {
  return useQuery({
    queryKey: approvalKeys.customers,
    queryFn: async () => (await callApi(calls.catalogs.getCustomerList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** 'Nạp dữ liệu': every job mode with its switches for the scope (config/getApprovalJobMode). */
export function useLoadApproval() {
  return useMutation({
    mutationFn: async (body: ApprovalScopeBody) => {
      const reply = await callApi(calls.settings.getApprovalJobMode, body);
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
      const reply = await callApi(calls.settings.saveApprovalJobMode, body);
      if (!reply.success || !reply.data) throw new Error(reply.message ?? '');
      return reply.data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.reff }),
  });
}
