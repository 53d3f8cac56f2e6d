import '../../components/data-grid/ag-grid-setup';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { type CatalogColumn, customsStatusCode, customsStatusText } from '@smartport/contract';
import type { CellStyle, ColDef, ICellRendererParams, RowClickedEvent, RowStyle } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../../components/data-grid/ag-grid-setup';
import { ApiError } from '../../lib/api-client';

/** A column of a read-only scan/log table; `text` gives the shown (and exported, searched) value. */
export interface ResultColumn<T> {
  key: string;
  title: string;
  width?: number;
  text: (row: T) => string;
  style?: (row: T) => CellStyle | undefined;
  render?: (row: T) => ReactNode;
  /** Left out of the Excel export (buttons). */
  noExport?: boolean;
}

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

interface Props<T> {
  title: string;
  columns: ResultColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  height: string;
  loading?: boolean;
  selectedId?: string | null;
  onRowClick?: (row: T) => void;
  /** Shown when there is nothing to show (e.g. before the first query). */
  emptyText?: string;
  extra?: ReactNode;
  /** A small list (the scan lists): no search box and no export. */
  compact?: boolean;
}

/**
 * A read-only AG Grid with STT, live search and Excel export (the shared catalogue export), not paged:
 * the tables of the customs scan and log screens (spec 01 §2).
 */
export function ResultGrid<T>({
  title,
  columns,
  rows,
  rowId,
  height,
  loading,
  selectedId,
  onRowClick,
  emptyText,
  extra,
  compact,
}: Props<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const columnDefs = useMemo<ColDef<T>[]>(
    () => [
      {
        headerName: t('customsScan.rowNumber'),
        width: 70,
        valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
        getQuickFilterText: () => '',
        sortable: false,
      },
      ...columns.map<ColDef<T>>((c) => ({
        colId: c.key,
        headerName: c.title,
        width: c.width ?? 150,
        valueGetter: (p) => (p.data ? c.text(p.data) : ''),
        cellStyle: c.style ? (p) => (p.data ? (c.style?.(p.data) ?? null) : null) : undefined,
        ...(c.render
          ? { cellRenderer: (p: ICellRendererParams<T>) => (p.data ? c.render?.(p.data) : null), getQuickFilterText: () => '' }
          : {}),
        wrapHeaderText: true,
        autoHeaderHeight: true,
      })),
    ],
    [columns, t],
  );
  const localeText = useMemo(() => {
    const base = t('grid.ag', { returnObjects: true }) as Record<string, string>;
    return emptyText ? { ...base, noRowsToShow: emptyText } : base;
  }, [t, emptyText]);

  const exportShown = async () => {
    const needle = search.trim().toLocaleLowerCase('vi');
    const shown = columns.filter((c) => !c.noExport);
    const matching = needle ? rows.filter((r) => shown.some((c) => c.text(r).toLocaleLowerCase('vi').includes(needle))) : rows;
    const sheetColumns: CatalogColumn[] = shown.map((c) => ({ field: c.key, title: c.title, type: 'text', width: c.width ?? 150 }));
    const values = matching.map((r) => Object.fromEntries(shown.map((c) => [c.key, c.text(r)])));
    const { downloadCatalogWorkbook } = await import('../../components/data-grid/catalog-excel');
    await downloadCatalogWorkbook(title, sheetColumns, values);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Typography.Text strong>{title}</Typography.Text>
        {!compact && (
          <Space wrap size={8}>
            {extra}
            <Input
              allowClear
              aria-label={t('customsScan.search')}
              placeholder={t('customsScan.search')}
              prefix={<SearchOutlined />}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 220 }}
            />
            <Button icon={<DownloadOutlined />} onClick={() => void exportShown()} disabled={!rows.length}>
              {t('customsScan.export')}
            </Button>
          </Space>
        )}
      </Flex>
      <div style={{ height, minHeight: 160, width: '100%' }}>
        <AgGridReact<T>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={(p) => rowId(p.data)}
          animateRows={false}
          // Few columns and rows that are searched and exported whole: render every column.
          suppressColumnVirtualisation
          quickFilterText={search}
          loading={loading}
          localeText={localeText}
          getRowStyle={(p): RowStyle | undefined => {
            const style: RowStyle = onRowClick ? { cursor: 'pointer' } : {};
            if (p.data && selectedId && rowId(p.data) === selectedId) style.background = '#dbeafe';
            return style;
          }}
          onRowClicked={onRowClick ? (e: RowClickedEvent<T>) => e.data && onRowClick(e.data) : undefined}
        />
      </div>
    </Flex>
  );
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
