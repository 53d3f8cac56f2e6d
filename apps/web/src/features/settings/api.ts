import { type AttachKind, attachKindFlag, type CallInput, type calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import type { AttachScopeValues } from './attach-config';

type SendNowBody = CallInput<typeof calls.settings.mailReportSendNow>;

/** 'Gửi ngay' of the report mail (config/MailReportSendNow): sends with the values on the screen, saves nothing. */
export function useMailReportSendNow() {
  return useMutation({
    mutationFn: async (body: SendNowBody) => {
      const reply = await callApi(clientCalls.settings.mailReportSendNow, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
  });
}

// ---- attached-order configuration (/config/attach_config) ----

export const attachKeys = {
  services: () => ['settings', 'attach', 'services'] as const,
  jobModes: (terminal: string | null, kind: AttachKind, scope: AttachScopeValues) =>
    ['settings', 'attach', 'jobModes', terminal, kind, scope] as const,
  operators: () => ['settings', 'attach', 'operators'] as const,
  voyages: (terminal: string | null) => ['settings', 'attach', 'voyages', terminal] as const,
  customers: (term: string) => ['settings', 'attach', 'customers', term] as const,
};

/** The attachable services (right grid). */
export function useAttachServices() {
  return useQuery({
    queryKey: attachKeys.services(),
    queryFn: async () => {
      const reply = await callApi(clientCalls.settings.getJobModeServiceList, {});
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
  });
}

/** The job options of one kind with their attached services for the scope, at the current terminal. */
export function useAttachJobModes(terminal: string | null, kind: AttachKind, scope: AttachScopeValues) {
  return useQuery({
    queryKey: attachKeys.jobModes(terminal, kind, scope),
    queryFn: async () => {
      const reply = await callApi(clientCalls.settings.getJobModeConfigAttachList, {
        [attachKindFlag[kind]]: 1,
        ...scope,
        ...(terminal ? { TerminalCode: terminal } : {}),
      });
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });
}

/** 'Lưu': the scope plus each edited job option's list. */
export function useSaveAttachConfig() {
  return useMutation({
    mutationFn: async (body: CallInput<typeof calls.settings.updateAttachConfigList>) => {
      const reply = await callApi(clientCalls.settings.updateAttachConfigList, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
  });
}

/** The operator filter's choices (common/getOperationList). */
export function useAttachOperators() {
  return useQuery({
    queryKey: attachKeys.operators(),
    queryFn: async () => (await callApi(clientCalls.catalogs.getOperationList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

const DAY = 86_400_000;

/** The vessel/voyage filter's choices: the terminal's calls berthing from 90 days back to 60 days ahead (common/getVesselScheduleList). */
export function useAttachVoyages(terminal: string | null) {
  return useQuery({
    queryKey: attachKeys.voyages(terminal),
    queryFn: async () =>
      (
        await callApi(clientCalls.catalogs.getVesselScheduleList, {
          ...(terminal ? { TerminalCode: terminal } : {}),
          FromDate: new Date(Date.now() - 90 * DAY).toISOString(),
          ToDate: new Date(Date.now() + 60 * DAY).toISOString(),
        })
      ).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** The payee picker: customers whose code is the text typed, or whose name or tax code contains it (common/getCustomerList). */
export function useAttachCustomers(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: attachKeys.customers(text),
    enabled: text.length > 0,
    queryFn: async () => {
      // A code and a tax code have at most 20 characters: a longer text is only looked up as a name.
      const short = text.length <= 20;
      const none = { payload: [] };
      const [byCode, byName, byTax] = await Promise.all([
        short ? callApi(clientCalls.catalogs.getCustomerList, { CustomerCode: text }) : none,
        callApi(clientCalls.catalogs.getCustomerList, { CustomerName: text.slice(0, 300) }),
        short ? callApi(clientCalls.catalogs.getCustomerList, { TaxCode: text }) : none,
      ]);
      const seen = new Set<string>();
      return [...(byCode.payload ?? []), ...(byName.payload ?? []), ...(byTax.payload ?? [])]
        .filter((c) => !seen.has(c.CustomerCode) && seen.add(c.CustomerCode))
        .slice(0, 50);
    },
    placeholderData: keepPreviousData,
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
    queryFn: async () => (await callApi(clientCalls.settings.getReffList, {})).payload ?? [],
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
      const reply = await callApi(clientCalls.settings.getApprovalJobMode, body);
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
      const reply = await callApi(clientCalls.settings.saveApprovalJobMode, body);
      if (!reply.success || !reply.data) throw new Error(reply.message ?? '');
      return reply.data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.reff }),
  });
}

/** The free-day templates of the user's terminals (common/getFreeDayNameList), for the template picker. */
export function useFreeDayTemplates() {
  return useQuery({
    queryKey: ['settings', 'freeDayTemplates'],
    queryFn: async () => {
      const reply = await callApi(clientCalls.settings.getFreeDayNameList, {});
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
    queryKey: ['settings', 'customerChoices'],
    queryFn: async () => {
      const reply = await callApi(clientCalls.catalogs.getCustomerList, { IsActive: 1 });
      if (!reply.success) throw new Error(reply.message ?? '');
      return (reply.payload ?? []).map((c) => ({ value: c.CustomerCode, label: `${c.CustomerCode} - ${c.CustomerName}` }));
    },
    staleTime: 5 * 60_000,
  });
}
