import { calls } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { session } from '../../lib/session';
import type { ExportTerminal } from './shared/excel-export';

/** React Query keys of the statistics screens: every key starts with 'stats'. */
export const statsKeys = {
  all: ['stats'] as const,
  exportTerminal: (code: string | null) => ['stats', 'export-terminal', code] as const,
};

/**
 * The letterhead of the statistics exports: the first row of common/getTerminalList for the user's current terminal
 * (spec 02 §7); null when the server has none.
 */
export function useExportTerminal() {
  const code = session.terminal();
  return useQuery({
    queryKey: statsKeys.exportTerminal(code),
    queryFn: async ({ signal }): Promise<ExportTerminal | null> => {
      const reply = await callApi(calls.shell.getTerminalList, code ? { TerminalCode: code } : {}, { signal });
      return reply.payload?.[0] ?? null;
    },
    staleTime: 10 * 60_000,
  });
}

// ---- dashboards (stats-web-a) ----
// ---- end dashboards ----

// ---- reports (stats-web-b) ----
// ---- end reports ----
