import type { GridColumn, GridLookup } from '@smartport/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../lib/api-client';
import { gridKeys } from './use-grid-list';

/** The choices a lookup's rows give: the value field stored, the label field shown (the value when none). */
export function lookupOptions(lookup: GridLookup, rows: readonly Record<string, unknown>[]): NonNullable<GridColumn['options']> {
  const { value, label } = lookup;
  const options = rows.map((r) => ({ value: r[value] as string | number | null, label: String(r[label ?? value] ?? '') }));
  return lookup.all ? [{ value: '*', label: lookup.all }, ...options] : options;
}

/**
 * The entry's columns with each lookup column's options read from its call (the user's terminals, the operators…):
 * shown as a select, imported by label or value like any choice. Until the call answers, the column has no options.
 */
export function useLookupColumns(columns: readonly GridColumn[]): readonly GridColumn[] {
  const lookups = columns.filter((c) => c.lookup);
  const answers = useQueries({
    queries: lookups.map((c) => {
      const lookup = c.lookup as NonNullable<GridColumn['lookup']>;
      const body = lookup.body ?? {};
      return {
        queryKey: gridKeys.lookup(lookup.call.path, body),
        queryFn: async () => {
          const reply = (await callApi(lookup.call, body)) as Record<string, unknown>;
          const rows = reply[lookup.rowsIn ?? 'payload'];
          return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
        },
        staleTime: 5 * 60_000,
      };
    }),
  });
  const version = answers.map((a) => a.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options change when an answer does (version)
  return useMemo(() => {
    let i = 0;
    return columns.map((c) => {
      if (!c.lookup) return c;
      return { ...c, options: lookupOptions(c.lookup, answers[i++]?.data ?? []) };
    });
  }, [columns, version]);
}
