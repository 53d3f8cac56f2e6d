import { customsStatusCode, customsStatusText } from '@smartport/contract';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid, type ReadOnlyGridProps } from '../../components/data-grid/ReadOnlyGrid';
import { ApiError } from '../../lib/api-client';

/** A column of a read-only scan/log table (the shared read-only grid's column). */
export type ResultColumn<T> = ReadOnlyColumn<T>;

/** NA is shown in red (spec 01 §4); the other codes by their meaning, unknown codes as received. */
export const statusColumn = <T,>(title: string, status: (row: T) => string | null | undefined): ResultColumn<T> => ({
  key: 'status',
  title,
  width: 180,
  text: (row) => customsStatusText(status(row)),
  style: (row) => {
    const code = customsStatusCode(status(row));
    if (code === 'NA') return { color: '#dc2626', fontWeight: 600 };
    if (code === 'TQ' || code === 'GPH') return { color: '#15803d', fontWeight: 600 };
    return undefined;
  },
});

/** The tables of the customs scan and log screens (spec 01 §2): the shared read-only grid, not paged. */
export function ResultGrid<T>(props: ReadOnlyGridProps<T>) {
  const { t } = useTranslation();
  return <ReadOnlyGrid<T> searchLabel={t('customsScan.search')} {...props} />;
}

/** What a scan screen shows when a call fails (spec 01 §8): 504 → the time-out text; reload flag → reload. */
export function scanFailureText(e: unknown, timeoutText: string): { text: string; reload: boolean } {
  if (e instanceof ApiError) {
    if (e.status === 504) return { text: timeoutText, reload: false };
    return { text: e.message, reload: !!(e.reply as { reload?: boolean } | undefined)?.reload };
  }
  return { text: (e as Error).message, reload: false };
}

/** Upper-cased and trimmed, as the scan inputs are sent (spec 01 §5). */
export const cleanInput = (v: string) => v.trim().toUpperCase();
