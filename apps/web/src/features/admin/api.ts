import { type CallInput, calls, type IssueRow } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi, protectedObjectUrl, uploadApi } from '../../lib/api-client';

/** Query keys of the administration screens, one sub-key per screen. */
export const adminKeys = {
  all: ['admin'] as const,
  issues: () => [...adminKeys.all, 'issues'] as const,
};

// ── 'Quản lý yêu cầu' (config/*IssueList, config/uploadIssueImage) ──

/** The caller's requests (config/getIssueList). */
export function useIssues() {
  return useQuery({
    queryKey: adminKeys.issues(),
    queryFn: async (): Promise<IssueRow[]> => {
      const reply = await callApi(calls.admin.getIssueList, {});
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
      const reply = await callApi(calls.admin.updateIssueList, rows);
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
        calls.admin.deleteIssueList,
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
      const reply = await uploadApi(calls.admin.uploadIssueImage, form);
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
