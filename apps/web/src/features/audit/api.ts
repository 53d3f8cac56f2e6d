import type { AuditFilter, AuditRow, CallRequest, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type C = typeof calls.audit;
/** What the list asks: the filter and the page (the server pages, newest first). */
export type AuditRequest = CallRequest<C['listAudit']>;
/** The filter alone (the export asks every record it matches). */
export type AuditFilterInput = AuditFilter;

const auditKeys = {
  all: ['audit'] as const,
  page: (request: AuditRequest) => ['audit', 'page', request] as const,
  kinds: () => ['audit', 'kinds'] as const,
};

/** One page of the trail; the page shown stays while the next loads. */
export function useAuditPage(request: AuditRequest) {
  return useQuery({
    queryKey: auditKeys.page(request),
    queryFn: async ({ signal }): Promise<{ rows: AuditRow[]; total: number }> => {
      const reply = await callApi(clientCalls.audit.listAudit, request, { signal });
      return { rows: reply.payload ?? [], total: reply.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** The entity kinds the filter offers (those in the trail). */
export function useAuditKinds() {
  return useQuery({
    queryKey: auditKeys.kinds(),
    queryFn: async ({ signal }) => (await callApi(clientCalls.audit.auditEntityKinds, {}, { signal })).payload ?? [],
    staleTime: 60_000,
  });
}

/** Every record the filter matches, newest first (the Excel export). */
export async function auditExportRows(filter: AuditFilterInput): Promise<AuditRow[]> {
  return (await callApi(clientCalls.audit.exportAudit, filter)).payload ?? [];
}
