import type { CallInput, ClientCall, calls, IssueRow, TerminalConfigPayload } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi, protectedObjectUrl, uploadApi } from '../../lib/api-client';

/** Query keys of the administration screens, one sub-key per screen. */
export const adminKeys = {
  all: ['admin'] as const,
  issues: () => [...adminKeys.all, 'issues'] as const,
  terminalConfig: (terminal: string | null) => [...adminKeys.all, 'terminal-config', terminal] as const,
  holidayTemplates: () => [...adminKeys.all, 'holidayTemplates'] as const,
  operators: () => [...adminKeys.all, 'operators'] as const,
  customers: () => [...adminKeys.all, 'customers'] as const,
};

// ── 'Quản lý yêu cầu' (config/*IssueList, config/uploadIssueImage) ──

/** The caller's requests (config/getIssueList). */
export function useIssues() {
  return useQuery({
    queryKey: adminKeys.issues(),
    queryFn: async (): Promise<IssueRow[]> => {
      const reply = await callApi(clientCalls.admin.getIssueList, {});
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
  });
}

type IssueSave = CallInput<typeof calls.admin.updateIssueList>;

/** config/updateIssueList, then the list reloads. */
export function useSaveIssues() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (rows: IssueSave) => {
      const reply = await callApi(clientCalls.admin.updateIssueList, rows);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.issues() }),
  });
}

/** config/deleteIssueList with the selected rows, then the list reloads. */
export function useDeleteIssues() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (rowguids: string[]) => {
      const reply = await callApi(
        clientCalls.admin.deleteIssueList,
        rowguids.map((Rowguid) => ({ Rowguid })),
      );
      if (!reply.success) throw new Error(reply.message ?? '');
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.issues() }),
  });
}

/** config/uploadIssueImage: one image, its source (kept until a request is saved with it). */
export function useUploadIssueImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('files', file, file.name);
      const reply = await uploadApi(clientCalls.admin.uploadIssueImage, form);
      if (!reply.success || !reply.src) throw new Error(reply.message ?? '');
      return reply.src;
    },
  });
}

/** An image behind the authenticated GET as an object URL (revoked when the source changes or the viewer closes). */
export function useIssueImageUrl(src: string) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setState({ url: null, failed: false });
    protectedObjectUrl(src, { signal: abort.signal }).then(
      (u) => {
        url = u;
        setState({ url: u, failed: false });
      },
      () => !abort.signal.aborted && setState({ url: null, failed: true }),
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);
  return state;
}

// ── 'Cấu hình cảng' (config/getTerminalConfig, saveTerminalConfig, common/testSendMail, common/tosTestLogin) ──

/** 'Cấu hình cảng' of one terminal (null: the user's first): passwords come back masked. */
export function useTerminalConfig(terminal: string | null) {
  return useQuery({
    queryKey: adminKeys.terminalConfig(terminal),
    queryFn: async ({ signal }): Promise<TerminalConfigPayload> => {
      const reply = await callApi(clientCalls.admin.getTerminalConfig, terminal ? { TerminalCode: terminal } : {}, { signal });
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
      const reply = await callApi(clientCalls.admin.saveTerminalConfig, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'terminal-config'] }),
  });
}

/** 'Test mail' (common/testSendMail): the reply's success and message ('Đã gửi mail !' / 'Không thể gửi mail : …'). */
export function useTestSendMail() {
  return useMutation({ mutationFn: (body: CallInput<typeof calls.admin.testSendMail>) => callApi(clientCalls.admin.testSendMail, body) });
}

/** 'Test connection' (common/tosTestLogin): 'Có thể kết nối !' / 'Không thể kết nối : …'. */
export function useTosTestLogin() {
  return useMutation({ mutationFn: (body: CallInput<typeof calls.admin.tosTestLogin>) => callApi(clientCalls.admin.tosTestLogin, body) });
}

// ---- SFTP (spec 03 §2.5): accounts and the file-transfer service's config, always through the portal ----------

export const sftpKeys = {
  all: ['admin', 'sftp'] as const,
  accounts: () => [...sftpKeys.all, 'accounts'] as const,
  status: () => [...sftpKeys.all, 'status'] as const,
  audit: (filter: unknown) => [...sftpKeys.all, 'audit', filter] as const,
};

/** The accounts (sftp/get). */
export function useSftpAccounts() {
  return useQuery({
    queryKey: sftpKeys.accounts(),
    queryFn: async () => (await callApi(clientCalls.admin.sftpGet, {})).data ?? [],
  });
}

/** Every SFTP change: the service's reply (its `out` for the result dialog); the list is read again. */
function useSftpChange<C extends (typeof calls.admin)[keyof typeof calls.admin]>(call: ClientCall<C>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<C>) => callApi(call, body),
    // The accounts, the service's status (locks, limits) and its log may all have changed.
    onSettled: () => client.invalidateQueries({ queryKey: sftpKeys.all }),
  });
}

export const useSftpCreate = () => useSftpChange(clientCalls.admin.sftpCreate);
export const useSftpUpdate = () => useSftpChange(clientCalls.admin.sftpUpdate);
export const useSftpDelete = () => useSftpChange(clientCalls.admin.sftpDelete);
export const useSftpCreateUser = () => useSftpChange(clientCalls.admin.sftpCreateUser);

/** 'Load file': the config text (sftp/read), on demand. */
export function useSftpReadConfig() {
  return useMutation({ mutationFn: async () => (await callApi(clientCalls.admin.sftpRead, {})).data ?? '' });
}
/** 'Save file' (sftp/write). */
export const useSftpWriteConfig = () => useSftpChange(clientCalls.admin.sftpWrite);
/** 'Restart' (sftp/restart). */
export const useSftpRestart = () => useSftpChange(clientCalls.admin.sftpRestart);
/** 'Mở khóa' on an account locked by wrong passwords (sftp/unlock). */
export const useSftpUnlock = () => useSftpChange(clientCalls.admin.sftpUnlock);

/** The service's address, host key fingerprint, guessing limits and locks (sftp/status). */
export function useSftpStatus() {
  return useQuery({
    queryKey: sftpKeys.status(),
    queryFn: async () => (await callApi(clientCalls.admin.sftpStatus, {})).data ?? null,
    retry: false,
  });
}

/** 'Nhật ký SFTP': the service's audit log for a filter (sftp/audit), once one is searched. */
export function useSftpAudit(filter: CallInput<typeof calls.admin.sftpAudit> | null) {
  return useQuery({
    queryKey: sftpKeys.audit(filter),
    enabled: filter !== null,
    queryFn: async () => {
      const reply = await callApi(clientCalls.admin.sftpAudit, filter ?? {});
      return { records: reply.data ?? [], truncated: reply.truncated ?? false };
    },
    retry: false,
  });
}

// ── 'Cấu hình miễn lưu bãi ngày lễ' (common/getHolidayNameList) and its pickers ──

const rows = async <T>(reply: { success: boolean; message?: string; payload?: T[] }) => {
  if (!reply.success) throw new Error(reply.message ?? '');
  return reply.payload ?? [];
};

/** The holiday screen's templates (common/getHolidayNameList). */
export function useHolidayTemplates() {
  return useQuery({
    queryKey: adminKeys.holidayTemplates(),
    queryFn: async () => rows(await callApi(clientCalls.admin.getHolidayNameList, {})),
  });
}

/** The operator dropdown (common/getOperationList). */
export function useOperators() {
  return useQuery({
    queryKey: adminKeys.operators(),
    queryFn: async () => rows(await callApi(clientCalls.catalogs.getOperationList, {})),
    staleTime: 5 * 60_000,
  });
}

/** The customer selector (common/getCustomerList, active customers). */
export function useCustomers() {
  return useQuery({
    queryKey: adminKeys.customers(),
    queryFn: async () => rows(await callApi(clientCalls.catalogs.getCustomerList, { IsActive: 1 })),
    staleTime: 5 * 60_000,
  });
}
