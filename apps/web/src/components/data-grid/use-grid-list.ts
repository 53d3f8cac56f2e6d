import type { AnyGrid, GridGetSpec } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { fromServer, type GridRow, type GridValues, mergeReloaded } from './grid-rows';

export const gridKeys = {
  all: ['grid'] as const,
  list: (name: string, body: object | null) => ['grid', name, 'list', body] as const,
  lookup: (path: string, body: object) => ['grid', 'lookup', path, body] as const,
};

const getSpec = (entry: AnyGrid): Partial<GridGetSpec> => (typeof entry.paths.get === 'object' ? entry.paths.get : {});

/** The list call's body: what the entry's screen always sends, then the screen's filter and header. `null`: not asked yet. */
export function listBody(entry: AnyGrid, filter: object | null | undefined, header: GridValues | undefined): object | null {
  if (filter === null) return null;
  return { ...getSpec(entry).body, ...filter, ...header };
}

/**
 * Spec 03 §1 rows and their states for one grid entry: the list is fetched with React Query (fresh on every visit,
 * never retried or refetched behind the user's back, as unsaved rows live beside it); each completed load replaces the
 * rows, or after a delete keeps the new and edited ones (`reload(true)`).
 */
export function useGridList(entry: AnyGrid, body: object | null, onLoaded?: (rows: GridValues[]) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<GridRow[]>([]);
  const keepPending = useRef(false);
  const rowsIn = getSpec(entry).rowsIn ?? 'payload';
  const query = useQuery({
    queryKey: gridKeys.list(entry.name, body),
    enabled: body !== null,
    queryFn: async () => {
      const reply = (await callApi(entry.calls.get, body ?? {})) as { success: boolean; message?: string } & Record<string, unknown>;
      if (!reply.success) throw new Error(reply.message || t('grid.loadFailed'));
      const fresh = reply[rowsIn];
      return Array.isArray(fresh) ? (fresh as GridValues[]) : [];
    },
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every completed load (a refetch of the same rows too) counts
  useEffect(() => {
    const fresh = query.data;
    if (!fresh) return;
    const keep = keepPending.current;
    keepPending.current = false;
    setRows((current) => (keep ? mergeReloaded(fresh, current, entry.key) : fromServer(fresh, entry.key)));
    onLoadedRef.current?.(fresh);
  }, [query.dataUpdatedAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one message per failed load
  useEffect(() => {
    if (query.error) void message.error(query.error.message || t('grid.loadFailed'));
  }, [query.errorUpdatedAt]);

  const { refetch } = query;
  /** Asks the server again; `keep` keeps new and edited rows (a reload after a delete must not lose other work). */
  const reload = useCallback(
    async (keep = false) => {
      if (body === null) return;
      keepPending.current = keep;
      await refetch();
    },
    [body, refetch],
  );

  return { rows, setRows, loading: query.isFetching, reload };
}
