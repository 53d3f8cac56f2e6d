import { type AttachKind, attachKindFlag, type CallInput, type calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import type { AttachScopeValues } from './attach-config';

export const attachKeys = {
  services: () => ['attachConfig', 'services'] as const,
  jobModes: (terminal: string | null, kind: AttachKind, scope: AttachScopeValues) =>
    ['attachConfig', 'jobModes', terminal, kind, scope] as const,
  operators: () => ['attachConfig', 'operators'] as const,
  voyages: (terminal: string | null) => ['attachConfig', 'voyages', terminal] as const,
  customers: (term: string) => ['attachConfig', 'customers', term] as const,
};

/** The attachable services (right grid). */
export function useAttachServices() {
  return useQuery({
    queryKey: attachKeys.services(),
    queryFn: async () => {
      const reply = await callApi(clientCalls.attachConfig.getJobModeServiceList, {});
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
      const reply = await callApi(clientCalls.attachConfig.getJobModeConfigAttachList, {
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
    mutationFn: async (body: CallInput<typeof calls.attachConfig.updateAttachConfigList>) => {
      const reply = await callApi(clientCalls.attachConfig.updateAttachConfigList, body);
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
