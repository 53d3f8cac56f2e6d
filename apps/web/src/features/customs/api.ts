import type { CallInput, CustomsContainerRow, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, uploadApi } from '../../lib/api-client';
import { useSearchQuery } from '../../lib/search-query';

export type DeclarationFilter = CallInput<typeof calls.customs.loadDeclarations>;
export type DeclarationUpdate = CallInput<typeof calls.customs.updateDeclaration>;
export type CustomsLogFilter = CallInput<typeof calls.customs.getLogCustomReq>;
export type ScanRequest = CallInput<typeof calls.customs.reqAciss>;
/** One declaration of the single release scan (spec 01 §5: number ≤ 15, office ≤ 6, upper case). */
export type SingleDeclaration = Pick<CallInput<typeof calls.customs.getCas367>, 'declareNo' | 'office'>;

export const customsKeys = {
  all: ['customs'] as const,
  declarations: ['customs', 'declarations'] as const,
  declarationList: (filter: DeclarationFilter) => ['customs', 'declarations', filter] as const,
  uploadFolder: ['customs', 'upload-folder'] as const,
  ownBusinessCode: ['customs', 'own-business-code'] as const,
  ships: ['customs', 'ships'] as const,
  log: ['customs', 'log'] as const,
  logList: (filter: CustomsLogFilter) => ['customs', 'log', filter] as const,
  releases: ['customs', 'cas367'] as const,
  release: (d: SingleDeclaration) => ['customs', 'cas367', d.declareNo, d.office] as const,
};

/**
 * Registered declarations: the registrant's own list (and their lookup), or the staff search (spec 01 §2).
 * `initial` is the list shown when the screen opens; `search` runs a lookup.
 */
export function useDeclarations(initial: DeclarationFilter, onLoadError?: (e: Error) => void) {
  return useSearchQuery({
    baseKey: customsKeys.declarations,
    queryKey: customsKeys.declarationList,
    queryFn: async (filter: DeclarationFilter, signal) =>
      (await callApi(clientCalls.customs.loadDeclarations, filter, { signal })).payload ?? [],
    initial,
    onLoadError,
  });
}

/**
 * The temporary folder (FilePatch) the registration's files are uploaded to: a new one each time the screen opens
 * and after each registration (`refetch`); `id` null when the server could not make one, with its reason if it gave one.
 */
export interface UploadFolder {
  id: string | null;
  problem: string | null;
}

export function useUploadFolder() {
  return useQuery({
    queryKey: customsKeys.uploadFolder,
    queryFn: async ({ signal }): Promise<UploadFolder> => {
      try {
        return { id: (await callApi(clientCalls.customs.makeRowguid, {}, { signal })).payload ?? null, problem: null };
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        // The server's own words when it refused (the daily folder cap), else the screen's folder message.
        return { id: null, problem: (e instanceof ApiError && e.reply?.message) || null };
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

/** The business code the registration form starts with: a customer's own (it may type a client's); none for staff. */
export function useOwnBusinessCode() {
  return useQuery({
    queryKey: customsKeys.ownBusinessCode,
    queryFn: async ({ signal }) => (await callApi(clientCalls.customs.ownBusinessCode, {}, { signal })).payload ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAddDeclaration() {
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.customs.addDeclaration>) => callApi(clientCalls.customs.addDeclaration, input),
  });
}

/** One file into the registration's temporary folder (multipart; the server checks its type by content). */
export function useUploadDeclarationFile() {
  return useMutation({
    mutationFn: ({ folder, file }: { folder: string; file: File }) => {
      const form = new FormData();
      form.append('tmporder', folder);
      form.append('filename', file.name);
      form.append('files', file, file.name);
      return uploadApi(clientCalls.customs.uploadFile, form);
    },
  });
}

export function useDeleteDeclarationFile() {
  return useMutation({ mutationFn: (input: CallInput<typeof calls.customs.deleteFile>) => callApi(clientCalls.customs.deleteFile, input) });
}

/** Staff approve a declaration or note a reason; the lists on screen reload. */
export function useUpdateDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeclarationUpdate) => callApi(clientCalls.customs.updateDeclaration, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customsKeys.declarations }),
  });
}

/** The vessel picker's voyages (spec 01 §7: arrStatus 1), loaded each time the picker opens. */
export function useVoyages(open: boolean, only: { terminal?: string | undefined; past?: boolean | undefined } = {}) {
  return useQuery({
    queryKey: [...customsKeys.ships, only.terminal ?? '*', only.past ? 'past' : 'open'],
    enabled: open,
    queryFn: async ({ signal }) => {
      const request = { arrStatus: only.past ? 0 : 1, ...(only.terminal ? { TerminalCode: only.terminal } : {}) };
      const reply = await callApi(clientCalls.customs.searchShip, request, { signal });
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.vsls ?? [];
    },
  });
}

/** The customs request log: empty until the first query (spec 01 §2). */
export function useCustomsLog(onLoadError?: (e: Error) => void) {
  return useSearchQuery({
    baseKey: customsKeys.log,
    queryKey: customsKeys.logList,
    queryFn: async (filter: CustomsLogFilter, signal) =>
      (await callApi(clientCalls.customs.getLogCustomReq, filter, { signal })).payload ?? [],
    initial: null,
    onLoadError,
  });
}

/**
 * The single scan's result: the containers of the declaration last scanned, or what customs said when it gave none
 * (`msg`, e.g. 'Không tìm thấy thông tin tờ khai').
 */
export interface ReleaseResult {
  rows: CustomsContainerRow[];
  msg?: string;
}

/** The single scan's table: the stored 367 result of the declaration last scanned (spec 01 §8). */
export function useReleaseResult(onLoadError?: (e: Error) => void) {
  return useSearchQuery({
    baseKey: customsKeys.releases,
    queryKey: customsKeys.release,
    queryFn: async (d: SingleDeclaration, signal): Promise<ReleaseResult> => {
      const reply = await callApi(clientCalls.customs.getCas367, { method: 'view', ...d }, { signal });
      return { rows: reply.data ?? [], ...(reply.msg ? { msg: reply.msg } : {}) };
    },
    initial: null,
    onLoadError,
  });
}

/** Queues the single scan's 367 message; the result arrives later as a 367.1 socket event. */
export function useSendRelease() {
  return useMutation({
    mutationFn: (d: SingleDeclaration) => callApi(clientCalls.customs.reqCas367, { method: 'sendmsg', ...d, allow_send_again: true }),
  });
}

/** The batch and gate scans: one synchronous request for the whole list (367 or 363). */
export function useScan() {
  return useMutation({ mutationFn: (request: ScanRequest) => callApi(clientCalls.customs.reqAciss, request) });
}
