import type { CallInput, calls, EdoEvent, EdoRow, ImportEdoRow, LineContainer, LineOrder } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api-client';

type E = typeof calls.edo;

export const edoKeys = {
  all: ['edo'] as const,
  list: (filter: EdoFilter) => ['edo', 'list', filter] as const,
  history: (edoNo: string) => ['edo', 'history', edoNo] as const,
  containers: (filter: LineFilter) => ['edo', 'line-containers', filter] as const,
  orders: (filter: LineFilter) => ['edo', 'line-orders', filter] as const,
};

/** 'Lệnh giao hàng điện tử (eDO)': terminal (all of the user's when absent), status, eDO / bill / container / tax code. */
export interface EdoFilter {
  TerminalCode?: string;
  Status: 'A' | 'R' | 'E' | '*';
  FindValue?: string;
}

/** The line's own lists: terminal (all of the user's when absent) and a search text. */
export interface LineFilter {
  TerminalCode?: string;
  FindValue?: string;
}

/** A reply with `success: false` (and a 200) is a refusal too: its message is what the user reads. */
function ok<R extends { success?: boolean; message?: string | undefined }>(reply: R, fallback: string): R {
  if (reply.success === false) throw new ApiError(200, reply.message || fallback, reply as never);
  return reply;
}

/** The line's eDOs (edo/list). */
export function useEdos(filter: EdoFilter) {
  return useQuery({
    queryKey: edoKeys.list(filter),
    queryFn: async ({ signal }): Promise<EdoRow[]> =>
      ok(await callApi(clientCalls.edo.listEdos, filter, { signal }), 'Không tải được danh sách eDO').payload ?? [],
  });
}

/** One eDO's history (edo/history), asked while `edoNo` is set. */
export function useEdoHistory(edoNo: string | null) {
  return useQuery({
    queryKey: edoKeys.history(edoNo ?? ''),
    enabled: !!edoNo,
    queryFn: async ({ signal }): Promise<EdoEvent[]> =>
      ok(await callApi(clientCalls.edo.edoHistory, { EdoNo: edoNo as string }, { signal }), 'Không tải được lịch sử eDO').payload ?? [],
  });
}

/** The line's containers in the yard of the user's terminals (edo/lineContainers). */
export function useLineContainers(filter: LineFilter) {
  return useQuery({
    queryKey: edoKeys.containers(filter),
    queryFn: async ({ signal }): Promise<LineContainer[]> =>
      ok(await callApi(clientCalls.edo.lineContainers, filter, { signal }), 'Không tải được danh sách container').payload ?? [],
  });
}

/** The orders made against the line's eDOs (edo/lineOrders). */
export function useLineOrders(filter: LineFilter) {
  return useQuery({
    queryKey: edoKeys.orders(filter),
    queryFn: async ({ signal }): Promise<LineOrder[]> =>
      ok(await callApi(clientCalls.edo.lineOrders, filter, { signal }), 'Không tải được danh sách lệnh').payload ?? [],
  });
}

/** What the import answers: the eDOs made, or every row's problem (nothing saved). */
export type ImportOutcome = { ok: true; message: string; rows: EdoRow[] } | { ok: false; message: string; problems: string[] };

/** The eDO screen's actions; each that writes reloads the lists. */
export function useEdoActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: edoKeys.all });
  return {
    /** The bill's containers of the line in the yard (edo/billContainers), for the issue dialog. */
    billContainers: useMutation({
      mutationFn: async (v: CallInput<E['edoBillContainers']>): Promise<LineContainer[]> =>
        ok(await callApi(clientCalls.edo.edoBillContainers, v), 'Không tải được container của vận đơn').payload ?? [],
    }),
    issue: useMutation({
      mutationFn: async (v: CallInput<E['issueEdo']>) => ok(await callApi(clientCalls.edo.issueEdo, v), 'Không phát hành được eDO'),
      onSettled,
    }),
    amend: useMutation({
      mutationFn: async (v: CallInput<E['amendEdo']>) => ok(await callApi(clientCalls.edo.amendEdo, v), 'Không cập nhật được eDO'),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: async (v: CallInput<E['revokeEdo']>) => ok(await callApi(clientCalls.edo.revokeEdo, v), 'Không thu hồi được eDO'),
      onSettled,
    }),
    /** Many eDOs from a sheet (edo/import): all rows or none; a refusal names each bad row in `problems`. */
    importRows: useMutation({
      mutationFn: async (rows: ImportEdoRow[]): Promise<ImportOutcome> => {
        try {
          const reply = await callApi(clientCalls.edo.importEdos, { rows });
          if (reply.success === false)
            return { ok: false, message: reply.message ?? '', problems: reply.problems?.length ? reply.problems : [reply.message ?? ''] };
          return { ok: true, message: reply.message ?? '', rows: reply.payload ?? [] };
        } catch (e) {
          const problems = e instanceof ApiError ? (e.reply as { problems?: unknown } | undefined)?.problems : undefined;
          if (e instanceof ApiError && Array.isArray(problems) && problems.length)
            return { ok: false, message: e.message, problems: problems.map(String) };
          throw e;
        }
      },
      onSettled,
    }),
  };
}
