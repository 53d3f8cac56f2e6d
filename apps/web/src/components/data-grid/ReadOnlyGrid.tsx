import './ag-grid-setup';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { GridColumn } from '@smartport/contract';
import type { CellStyle, ColDef, ICellRendererParams, RowClickedEvent, RowStyle } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from './ag-grid-setup';
import { useGridLocaleText } from './grid-locale';

/** A column of a read-only grid; `text` gives the shown (and exported, searched) value. */
export interface ReadOnlyColumn<T> {
  key: string;
  title: string;
  width?: number;
  text: (row: T) => string;
  style?: (row: T) => CellStyle | undefined;
  render?: (row: T) => ReactNode;
  /** Left out of the Excel export and of the search (buttons). */
  noExport?: boolean;
  /** Left out of the live search only (a button whose data is exported). */
  noSearch?: boolean;
  /** The cell wraps and the row grows to fit it (click-to-expand texts, lists of links, buttons). */
  grow?: boolean;
  /** Takes this share of the width left by the fixed columns (at least `width`), so a narrow panel keeps it in sight. */
  flex?: number;
  align?: 'left' | 'center' | 'right';
}

export interface ReadOnlyGridProps<T> {
  title: string;
  columns: ReadOnlyColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  /** Height of the grid (e.g. '60vh'); the rows (of a page) scroll inside it. */
  height: string;
  /** Rows per page; without it the grid is not paged. */
  pageSize?: number;
  loading?: boolean;
  selectedId?: string | null;
  onRowClick?: (row: T) => void;
  /** Shown when there is nothing to show (e.g. before the first query). */
  emptyText?: string;
  extra?: ReactNode;
  /** A small list (the scan lists): no search box, no export and no STT column (every column in sight in a side panel). */
  compact?: boolean;
  /** Shows the Excel export button (default yes). */
  exportable?: boolean;
  /** Label of the live search box (default 'Tìm kiếm'). */
  searchLabel?: string;
}

const ROW_NUMBER = '__stt';
const cellAlign = { left: undefined, center: 'center', right: 'flex-end' } as const;

/**
 * The shared read-only AG Grid: STT, live search over the shown texts, Excel export of the shown rows
 * (the catalogue export), optional paging; used by every read-only data table (DESIGN.md §2).
 */
export function ReadOnlyGrid<T>({
  title,
  columns,
  rows,
  rowId,
  height,
  pageSize,
  loading,
  selectedId,
  onRowClick,
  emptyText,
  extra,
  compact,
  exportable = true,
  searchLabel,
}: ReadOnlyGridProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const columnDefs = useMemo<ColDef<T>[]>(
    () => [
      ...(compact
        ? []
        : [
            {
              colId: ROW_NUMBER,
              headerName: t('grid.rowNumber'),
              width: 70,
              valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
              getQuickFilterText: () => '',
              sortable: false,
            } satisfies ColDef<T>,
          ]),
      ...columns.map<ColDef<T>>((c) => ({
        colId: c.key,
        headerName: c.title,
        width: c.width ?? 150,
        ...(c.flex ? { flex: c.flex, minWidth: c.width ?? 100 } : {}),
        valueGetter: (p) => (p.data ? c.text(p.data) : ''),
        cellStyle: (p) => {
          const own = p.data ? c.style?.(p.data) : undefined;
          const align = c.align ? cellAlign[c.align] : undefined;
          // Wrapped cells: normal line spacing, so a row grows by lines rather than by row heights.
          const wrap = c.grow ? { lineHeight: '1.45', paddingTop: '9px', paddingBottom: '9px' } : undefined;
          return align || own || wrap ? { ...(align ? { display: 'flex', justifyContent: align } : {}), ...wrap, ...own } : null;
        },
        ...(c.render ? { cellRenderer: (p: ICellRendererParams<T>) => (p.data ? c.render?.(p.data) : null) } : {}),
        ...(c.noExport || c.noSearch ? { getQuickFilterText: () => '' } : {}),
        ...(c.grow ? { wrapText: true, autoHeight: true } : {}),
        wrapHeaderText: true,
        autoHeaderHeight: true,
      })),
    ],
    [columns, t, compact],
  );
  const localeText = useGridLocaleText(emptyText);

  const exportShown = async () => {
    const needle = search.trim().toLocaleLowerCase('vi');
    const shown = columns.filter((c) => !c.noExport);
    const matching = needle ? rows.filter((r) => shown.some((c) => c.text(r).toLocaleLowerCase('vi').includes(needle))) : rows;
    const sheetColumns: GridColumn[] = shown.map((c) => ({ field: c.key, title: c.title, type: 'text', width: c.width ?? 150 }));
    const values = matching.map((r) => Object.fromEntries(shown.map((c) => [c.key, c.text(r)])));
    const { downloadGridWorkbook } = await import('./grid-excel');
    await downloadGridWorkbook(title, sheetColumns, values);
  };

  const label = searchLabel ?? t('grid.search');
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Typography.Text strong>{title}</Typography.Text>
        {!compact && (
          <Space wrap size={8}>
            {extra}
            <Input
              allowClear
              aria-label={label}
              placeholder={label}
              prefix={<SearchOutlined />}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 220 }}
            />
            {exportable && (
              <Button icon={<DownloadOutlined />} onClick={() => void exportShown()} disabled={!rows.length}>
                {t('grid.export')}
              </Button>
            )}
          </Space>
        )}
      </Flex>
      <div style={{ height, minHeight: 160, width: '100%' }}>
        <AgGridReact<T>
          // localeText is read when the grid starts: a new empty text (e.g. customs' answer) starts it again.
          key={emptyText ?? ''}
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
          {...(pageSize
            ? // A page is small: all its rows are in the page (found by search in the browser, read by screen readers).
              { pagination: true, paginationPageSize: pageSize, paginationPageSizeSelector: false, suppressRowVirtualisation: true }
            : {})}
          getRowStyle={(p): RowStyle | undefined => {
            const style: RowStyle = onRowClick ? { cursor: 'pointer' } : {};
            if (p.data && selectedId && rowId(p.data) === selectedId) style.background = '#dbeafe';
            return style;
          }}
          // STT is the place among the rows shown: renumbered after a search.
          onModelUpdated={compact ? undefined : (e) => e.api.refreshCells({ columns: [ROW_NUMBER], force: true })}
          // A click on a control marked data-no-row-click (a selection box) is the control's, not the row's.
          onRowClicked={
            onRowClick
              ? (e: RowClickedEvent<T>) =>
                  e.data && !(e.event?.target as Element | null)?.closest?.('[data-no-row-click]') && onRowClick(e.data)
              : undefined
          }
        />
      </div>
    </Flex>
  );
}
