import { type CallInput, calls } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

// ---- SFTP (spec 03 §2.5): accounts and the file-transfer service's config, always through the portal ----------

export const sftpKeys = {
  all: ['admin', 'sftp'] as const,
  accounts: () => [...sftpKeys.all, 'accounts'] as const,
};

/** The accounts (sftp/get). */
export function useSftpAccounts() {
  return useQuery({
    queryKey: sftpKeys.accounts(),
    queryFn: async () => (await callApi(calls.admin.sftpGet, {})).data ?? [],
  });
}

/** Every SFTP change: the service's reply (its `out` for the result dialog); the list is read again. */
function useSftpChange<C extends (typeof calls.admin)[keyof typeof calls.admin]>(call: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<C>) => callApi(call, body),
    onSettled: () => client.invalidateQueries({ queryKey: sftpKeys.accounts() }),
  });
}

export const useSftpCreate = () => useSftpChange(calls.admin.sftpCreate);
export const useSftpUpdate = () => useSftpChange(calls.admin.sftpUpdate);
export const useSftpDelete = () => useSftpChange(calls.admin.sftpDelete);
export const useSftpCreateUser = () => useSftpChange(calls.admin.sftpCreateUser);

/** 'Load file': the config text (sftp/read), on demand. */
export function useSftpReadConfig() {
  return useMutation({ mutationFn: async () => (await callApi(calls.admin.sftpRead, {})).data ?? '' });
}
/** 'Save file' (sftp/write). */
export const useSftpWriteConfig = () => useSftpChange(calls.admin.sftpWrite);
/** 'Restart' (sftp/restart). */
export const useSftpRestart = () => useSftpChange(calls.admin.sftpRestart);
