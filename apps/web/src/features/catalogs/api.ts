import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const catalogKeys = {
  all: ['catalogs'] as const,
  customerTypes: () => ['catalogs', 'customerTypes'] as const,
  customerLevels: () => ['catalogs', 'customerLevels'] as const,
  stuffUnstuff: (mode: StuffMode) => ['catalogs', 'stuffUnstuff', mode] as const,
};

/** The commodity screen's left panel: 'Đóng' (stuffing) or 'Rút' (unstuffing). */
export type StuffMode = 'stuff' | 'unstuff';

/** The customer filter panel's choices (spec 03 §2.1). */
export function useCustomerTypes() {
  return useQuery({
    queryKey: catalogKeys.customerTypes(),
    queryFn: async () => (await callApi(clientCalls.catalogs.getCustomerTypeList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

export function useCustomerLevels() {
  return useQuery({
    queryKey: catalogKeys.customerLevels(),
    queryFn: async () => (await callApi(clientCalls.catalogs.getCustomerLevelList, {})).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** Job modes for stuffing or unstuffing with their linked commodities (ConfigList); fresh on every visit, reloaded after a save. */
export function useStuffUnstuffModes(mode: StuffMode, loadFailed: string) {
  return useQuery({
    queryKey: catalogKeys.stuffUnstuff(mode),
    queryFn: async () => {
      const reply = await callApi(
        clientCalls.catalogs.getJobModeStuffUnstuffList,
        mode === 'stuff' ? { IsCFSStuff: 1 } : { IsCFSUnstuff: 1 },
      );
      if (!reply.success) throw new Error(reply.message || loadFailed);
      return reply.payload ?? [];
    },
    // The list shown stays until the other one has loaded ('Đóng' ↔ 'Rút').
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });
}

/** 'Lưu cài đặt': job-mode code → the commodity codes linked to it. */
export function useSaveCommodityLinks() {
  return useMutation({
    mutationFn: async (links: Record<string, string[]>) => {
      const reply = await callApi(clientCalls.catalogs.updateConfigStuffUnstuffList, links);
      if (!reply.success) throw new Error(reply.message);
      return reply;
    },
  });
}
