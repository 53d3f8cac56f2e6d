import { customsStatusCode, customsStatusText, type ReplyBase } from '@smartport/contract';
import { App, Input } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid, type ReadOnlyGridProps } from '../../components/data-grid/ReadOnlyGrid';
import { ApiError } from '../../lib/api-client';
import { type ScanRequest, useScan } from './api';

/** A column of a read-only scan/log table (the shared read-only grid's column). */
export type ResultColumn<T> = ReadOnlyColumn<T>;

/**
 * NA is shown in red (spec 01 §4); the other codes by their meaning, unknown codes as received. The key result of a
 * scan: it wraps rather than being cut ('Không đủ điều kiện qua khu vực giám sát' is wider than the column).
 */
export const statusColumn = <T,>(title: string, status: (row: T) => string | null | undefined): ResultColumn<T> => ({
  key: 'status',
  title,
  width: 190,
  grow: true,
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
function scanFailureText(e: unknown, timeoutText: string): { text: string; reload: boolean } {
  if (e instanceof ApiError) {
    if (e.status === 504) return { text: timeoutText, reload: false };
    return { text: e.message, reload: !!e.reply?.reload };
  }
  return { text: (e as Error).message, reload: false };
}

/** Upper-cased and trimmed, as the scan inputs are sent (spec 01 §5). */
export const cleanInput = (v: string) => v.trim().toUpperCase();

/** A text input of the scan and log screens: upper-cased as typed (spec 01 §5), named by its label. */
export function UpperInput({
  label,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return <Input aria-label={label} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value.toUpperCase())} />;
}

/**
 * Runs a scan call with the scans' failure handling (spec 01 §8): a refused reply shows its message and reloads
 * when flagged; a 504 shows the time-out text; any other failure its message. Gives the reply only when it succeeded.
 */
export function useScanCall() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async <R extends ReplyBase & { reload?: boolean }>(run: () => Promise<R>): Promise<R | undefined> => {
      try {
        const reply = await run();
        if (reply.success) return reply;
        if (reply.message) void message.error(reply.message);
        if (reply.reload) window.location.reload();
      } catch (e) {
        const f = scanFailureText(e, t('customsScan.timeout'));
        void message.error(f.text);
        if (f.reload) window.location.reload();
      }
      return undefined;
    },
    [message, t],
  );
}

/**
 * The scan list of the batch and gate screens (spec 01 §2, §5): 'Làm mới' clears the list and the results,
 * 'Bắt đầu quét' refuses an empty list, asks for confirmation and sends the whole list in one synchronous request;
 * each item then takes its status from the answer and the first item is selected.
 */
export function useScanList<Item extends { customsStatus: string }, Row>({
  keyOf,
  request,
  statusOf,
}: {
  keyOf: (item: Item) => string;
  request: (items: Item[]) => ScanRequest;
  /** Given the answer's rows, the status of one list item. */
  statusOf: (rows: Row[]) => (item: Item) => string;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const scanCall = useScanCall();
  const scanner = useScan();
  const [list, setList] = useState<Item[]>([]);
  const [results, setResults] = useState<Row[]>([]);
  const [selected, setSelected] = useState<string | null>(null);

  const refresh = () => {
    setList([]);
    setResults([]);
    setSelected(null);
  };

  const scan = async (items: Item[]) => {
    const reply = await scanCall(() => scanner.mutateAsync(request(items)));
    if (!reply) return;
    const rows = (reply.data ?? []) as Row[];
    setResults(rows);
    const status = statusOf(rows);
    setList((l) => l.map((i) => ({ ...i, customsStatus: status(i) })));
    const first = items[0];
    setSelected(first ? keyOf(first) : null);
  };

  const start = () => {
    if (!list.length) {
      void message.warning(t('customsScan.emptyList'));
      return;
    }
    modal.confirm({
      title: t('customsScan.confirm'),
      content: t('customsScan.confirmList'),
      okText: t('customsScan.ok'),
      cancelText: t('customsScan.cancel'),
      onOk: () => {
        void scan(list);
      },
    });
  };

  return { list, setList, results, selected, setSelected, loading: scanner.isPending, refresh, start };
}
