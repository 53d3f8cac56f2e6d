import { type CallInput, calls, type TerminalConfigPayload } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** React Query keys of the administration screens. */
export const adminKeys = {
  terminalConfig: (terminal: string | null) => ['admin', 'terminal-config', terminal] as const,
};

/** 'Cấu hình cảng' of one terminal (null: the user's first): passwords come back masked. */
export function useTerminalConfig(terminal: string | null) {
  return useQuery({
    queryKey: adminKeys.terminalConfig(terminal),
    queryFn: async ({ signal }): Promise<TerminalConfigPayload> => {
      const reply = await callApi(calls.admin.getTerminalConfig, terminal ? { TerminalCode: terminal } : {}, { signal });
      if (!reply.success || !reply.payload) throw new Error(reply.message ?? '');
      return reply.payload;
    },
    staleTime: 0,
  });
}

export type TerminalConfigSave = CallInput<typeof calls.admin.saveTerminalConfig>;

export function useSaveTerminalConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TerminalConfigSave) => {
      const reply = await callApi(calls.admin.saveTerminalConfig, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'terminal-config'] }),
  });
}

/** 'Test mail' (common/testSendMail): the reply's success and message ('Đã gửi mail !' / 'Không thể gửi mail : …'). */
export function useTestSendMail() {
  return useMutation({ mutationFn: (body: CallInput<typeof calls.admin.testSendMail>) => callApi(calls.admin.testSendMail, body) });
}

/** 'Test connection' (common/tosTestLogin): 'Có thể kết nối !' / 'Không thể kết nối : …'. */
export function useTosTestLogin() {
  return useMutation({ mutationFn: (body: CallInput<typeof calls.admin.tosTestLogin>) => callApi(calls.admin.tosTestLogin, body) });
}
