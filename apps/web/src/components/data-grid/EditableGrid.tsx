import './ag-grid-setup';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { ColDef, RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme, rowStateColors } from './ag-grid-setup';
import { gridColumnDefs, rowClassRules, rowStyleFor } from './grid-columns';
import { useGridLocaleText } from './grid-locale';
import type { GridRow } from './grid-rows';
import type { GridModel } from './use-grid';

const selection: RowSelectionOptions<GridRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  // While searching, 'select all' means the rows the user sees.
  selectAll: 'filtered',
  enableClickSelection: false,
};

const pageSizeChoices = (size: number) => [...new Set([20, 50, 100, size])].sort((a, b) => a - b);

const getRowId = ({ data }: { data: GridRow }) => data.id;
const getRowStyle = ({ data }: { data: GridRow | undefined }) => rowStyleFor(data, rowStateColors);

function LegendMark({ color, kind, children }: { color: string; kind: 'edge' | 'fill'; children: ReactNode }) {
  const mark: CSSProperties =
    kind === 'edge'
      ? { width: 4, height: 14, background: color, borderRadius: 2 }
      : { width: 14, height: 14, background: '#dbeafe', border: `1px solid ${color}`, borderRadius: 3 };
  return (
    <Space size={6} align="center">
      <span aria-hidden style={{ display: 'inline-block', ...mark }} />
      <Typography.Text type="secondary">{children}</Typography.Text>
    </Space>
  );
}

export interface EditableGridProps {
  model: GridModel;
  toolbarExtra?: ReactNode;
  /** Columns a screen adds after STT whose values live outside the rows (the commodity links' tick). */
  leadingColumns?: ColDef<GridRow>[];
  /** Rows per page for a paged grid (spec 03 §2.1: only the customers); the page itself scrolls. */
  pageSize?: number;
  /** Per field, what a screen changes in an entry's column (the notification content's button). */
  columnOverrides?: Partial<Record<string, Partial<ColDef<GridRow>>>>;
}

/**
 * The one editable grid of spec 03 §1: live search, STT, row states new / edited / selected,
 * 'Thêm dòng', 'Xóa dòng', 'Lưu', 'Nhập Excel', 'Xuất Excel' as the entry's actions allow.
 */
export function EditableGrid({ model, toolbarExtra, leadingColumns, pageSize, columnOverrides }: EditableGridProps) {
  const { t } = useTranslation();
  const { entry, columns, can, editable, counts, actions, agGrid } = model;
  const fileInput = useRef<HTMLInputElement>(null);
  const columnDefs = useMemo(() => {
    const [rowNumber, ...described] = gridColumnDefs(columns, {
      editable,
      rowNumberTitle: t('grid.rowNumber'),
      onInvalid: agGrid.onInvalid,
    });
    const rest = described.map((c) => ({ ...c, ...columnOverrides?.[c.colId ?? ''] }));
    return rowNumber ? [rowNumber, ...(leadingColumns ?? []), ...rest] : rest;
  }, [columns, editable, t, agGrid.onInvalid, leadingColumns, columnOverrides]);
  const localeText = useGridLocaleText();
  const tracksStates = can.add || can.save || can.delete || can.import;

  return (
    <Flex vertical gap={10}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Input
          allowClear
          aria-label={t('grid.search')}
          placeholder={t('grid.searchPlaceholder')}
          prefix={<SearchOutlined />}
          value={model.search}
          onChange={(e) => model.setSearch(e.target.value)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Space wrap size={8}>
          {toolbarExtra}
          {can.add && (
            <Button icon={<PlusOutlined />} onClick={actions.add} disabled={model.busy}>
              {t('grid.add')}
            </Button>
          )}
          {can.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={actions.remove} disabled={model.busy}>
              {t('grid.delete')}
            </Button>
          )}
          {can.save && (
            <Button type="primary" icon={<SaveOutlined />} onClick={actions.save} loading={model.busy}>
              {t('grid.save')}
            </Button>
          )}
          {can.import && (
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} disabled={model.busy}>
              {t('grid.import')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} onClick={() => void actions.exportShown()}>
            {t('grid.export')}
          </Button>
        </Space>
        {can.import && (
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={t('grid.import')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void actions.importFile(file);
            }}
          />
        )}
      </Flex>
      <Flex gap={16} wrap align="center" role="status" aria-live="polite">
        {tracksStates && (
          <>
            <LegendMark color={rowStateColors.new} kind="edge">{`${t('grid.legend.new')}: ${counts.added}`}</LegendMark>
            <LegendMark color={rowStateColors.edited} kind="edge">{`${t('grid.legend.edited')}: ${counts.edited}`}</LegendMark>
            {can.delete && (
              <LegendMark color={rowStateColors.selected} kind="fill">{`${t('grid.legend.selected')}: ${model.selectedCount}`}</LegendMark>
            )}
          </>
        )}
        <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
          {t('grid.legend.count', { shown: model.shownCount, total: model.rows.length })}
        </Typography.Text>
      </Flex>
      <div style={{ height: entry.height, minHeight: 260, width: '100%' }}>
        <AgGridReact<GridRow>
          theme={gridTheme}
          rowData={model.rows}
          columnDefs={columnDefs}
          getRowId={getRowId}
          animateRows={false}
          stopEditingWhenCellsLoseFocus
          quickFilterText={model.search}
          rowSelection={can.delete ? selection : undefined}
          rowClassRules={rowClassRules}
          getRowStyle={getRowStyle}
          loading={model.loading}
          localeText={localeText}
          onGridReady={agGrid.onGridReady}
          onCellValueChanged={agGrid.onCellValueChanged}
          onRowDataUpdated={agGrid.onRowDataUpdated}
          onModelUpdated={agGrid.onModelUpdated}
          onSelectionChanged={agGrid.onSelectionChanged}
          pagination={!!pageSize}
          paginationPageSize={pageSize}
          paginationPageSizeSelector={pageSize ? pageSizeChoices(pageSize) : undefined}
        />
      </div>
    </Flex>
  );
}
