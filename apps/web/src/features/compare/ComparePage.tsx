import '../../components/data-grid/ag-grid-setup';
import './ComparePage.css';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import {
  type CompareRowResult,
  type CompareStatus,
  compareColumns,
  comparedFields,
  compareStatusLabels,
  type GridColumn,
  type PortContainerRecord,
  portFormats,
} from '@smartport/contract';
import { type ColDef, ExternalFilterModule, type GridApi, type IRowNode, ModuleRegistry, TooltipModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { App, Button, Card, Flex, Input, Modal, Progress, Radio, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../../components/data-grid/ag-grid-setup';
import { displayValue } from '../../components/data-grid/grid-cells';
import { useGridLocaleText } from '../../components/data-grid/grid-locale';
import { formatDateTime } from '../../lib/format';
import { session } from '../../lib/session';
import { checkContainerBatch } from './api';
import { type CompareProgress, type CompareValues, emptyProgress, type FailedBatch, runComparison } from './CompareRunner';
import { checkImportedRows, type ImportedRow } from './compare-rows';

ModuleRegistry.registerModules([TooltipModule, ExternalFilterModule]);

/** Spec 03 §9: comparison times read HH:mm DD/MM/YYYY. */
const COMPARE_DATE_TIME = portFormats.timeDate;
const compared = new Set<string>(comparedFields);

type Filter = 'ALL' | CompareStatus;
type RowStatus = CompareStatus | 'PENDING' | 'SKIPPED' | 'INVALID';

/** One imported row; the grid owns these objects and is told when a batch has changed them. */
interface CompareGridRow {
  id: string;
  /** Its row in the imported sheet (the messages name it). */
  sheetRow: number;
  values: CompareValues;
  status: RowStatus;
  diff: ReadonlySet<string>;
  loaded: PortContainerRecord | null;
  /** Why the row's batch was skipped, or why the row was not sent. */
  failure?: string;
  /** A 'NONE' row whose container is at a terminal that was not compared. */
  elsewhere?: CompareRowResult['elsewhere'];
}

const column = (field: string) => compareColumns.find((c) => c.field === field) as GridColumn;
const shown = (value: unknown, c: GridColumn) =>
  c.type === 'datetime' ? formatDateTime(value as string | null, COMPARE_DATE_TIME) : displayValue(value, c);

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/** Container data comparison (spec 03 §2.3, §4): import a spreadsheet, check it against the port's records in batches. */
export function ComparePage() {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const api = useRef<GridApi<CompareGridRow> | null>(null);
  const [rowData, setRowData] = useState<CompareGridRow[]>([]);
  const [filter, setFilter] = useState<Filter>('ALL');
  const filterRef = useRef<Filter>('ALL');
  const [search, setSearch] = useState('');
  const [progress, setProgress] = useState<CompareProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [shownCount, setShownCount] = useState(0);
  const [invalidCount, setInvalidCount] = useState(0);
  // The terminal compared with: one of the user's, or all of them (the server's default).
  const terminals = useMemo(() => session.terminals(), []);
  const [terminal, setTerminal] = useState('');
  const stopRef = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const title = t('compare.title');

  const statusLabel = useCallback(
    (s: RowStatus) =>
      s === 'PENDING'
        ? t('compare.pending')
        : s === 'SKIPPED'
          ? t('compare.skipped')
          : s === 'INVALID'
            ? t('compare.invalidStatus')
            : compareStatusLabels[s],
    [t],
  );
  /** The status as shown: a container missing here but at another terminal says so. */
  const rowStatusText = useCallback(
    (row: CompareGridRow) => {
      const label = statusLabel(row.status);
      const e = row.status === 'NONE' ? row.elsewhere : null;
      if (!e) return label;
      const where = e.terminals.length ? t('compare.elsewhereOwn', { terminals: e.terminals.join(', ') }) : t('compare.elsewhereOutside');
      return t('compare.noneElsewhere', { label, where });
    },
    [t, statusLabel],
  );

  const columnDefs = useMemo<ColDef<CompareGridRow>[]>(() => {
    const rowNumber: ColDef<CompareGridRow> = {
      colId: '__stt',
      headerName: t('grid.rowNumber'),
      width: 72,
      pinned: 'left',
      valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
      getQuickFilterText: () => '',
      cellStyle: { color: '#667085', textAlign: 'right' },
    };
    const fields = compareColumns.filter((c) => c.field !== 'CompareStatus');
    const status = column('CompareStatus');
    return [
      rowNumber,
      ...fields.map(
        (c): ColDef<CompareGridRow> => ({
          colId: c.field,
          headerName: c.title,
          headerTooltip: c.title,
          // The container number stays in sight while the other columns scroll sideways.
          ...(c.field === 'ContainerNo' ? { pinned: 'left' as const } : {}),
          width: c.width ?? 130,
          minWidth: 70,
          wrapHeaderText: true,
          autoHeaderHeight: true,
          valueGetter: (p) => (p.data ? shown(p.data.values[c.field], c) : ''),
          ...(compared.has(c.field)
            ? {
                cellClassRules: { 'sp-compare-diff': (p) => !!p.data?.diff.has(c.field) },
                // The port's value as the hover hint of a differing cell (spec 03 §4).
                tooltipValueGetter: (p) =>
                  p.data?.diff.has(c.field)
                    ? t('compare.portValue', {
                        value: shown(p.data.loaded?.[c.field as keyof PortContainerRecord], c) || t('compare.blank'),
                      })
                    : undefined,
              }
            : {}),
        }),
      ),
      {
        colId: status.field,
        headerName: status.title,
        headerTooltip: status.title,
        // 'Không tồn tại (có tại cảng NDV)' and the like wrap rather than being cut.
        width: 180,
        wrapText: true,
        autoHeight: true,
        cellStyle: { lineHeight: '1.45', paddingTop: '8px', paddingBottom: '8px' },
        pinned: 'right',
        valueGetter: (p) => (p.data ? rowStatusText(p.data) : ''),
        tooltipValueGetter: (p) => p.data?.failure ?? (p.data?.elsewhere ? rowStatusText(p.data) : undefined),
        cellClassRules: {
          'sp-compare-ok': (p) => p.data?.status === 'OK',
          'sp-compare-error': (p) => p.data?.status === 'ERROR',
          'sp-compare-none': (p) => p.data?.status === 'NONE' || p.data?.status === 'SKIPPED' || p.data?.status === 'INVALID',
        },
      },
    ];
  }, [t, rowStatusText]);

  const localeText = useGridLocaleText();

  // The status radio is an external filter: the grid filters its own rows, no new row data.
  const isExternalFilterPresent = useCallback(() => filterRef.current !== 'ALL', []);
  const doesExternalFilterPass = useCallback((node: IRowNode<CompareGridRow>) => node.data?.status === filterRef.current, []);
  useEffect(() => {
    filterRef.current = filter;
    api.current?.onFilterChanged();
  }, [filter]);

  useEffect(() => () => stopRef.current?.abort(), []);

  const startComparison = async (imported: ImportedRow[]) => {
    const all: CompareGridRow[] = imported.map((r, i) => ({
      id: String(i),
      sheetRow: r.sheetRow,
      values: r.values,
      status: r.problem ? 'INVALID' : 'PENDING',
      diff: new Set(),
      loaded: null,
      ...(r.problem ? { failure: r.problem } : {}),
    }));
    // Only the rows that passed the checks are sent; the others stay on screen, named by their sheet row.
    const rows = all.filter((r) => r.status === 'PENDING');
    const chosenTerminal = terminal;
    setInvalidCount(all.length - rows.length);
    setRowData(all);
    setSearch('');
    setFilter('ALL');
    setProgress(emptyProgress(rows.length));
    setRunning(true);
    const stop = new AbortController();
    stopRef.current = stop;
    const changed = (start: number, count: number) => {
      api.current?.applyTransactionAsync({ update: rows.slice(start, start + count) });
    };
    const {
      progress: final,
      failures,
      stopped,
    } = await runComparison(
      rows.map((r) => r.values),
      {
        signal: stop.signal,
        check: (batch, signal) => checkContainerBatch(batch, signal, t('compare.batchFailed'), chosenTerminal),
        onBatch: (start, results: readonly CompareRowResult[]) => {
          results.forEach((r, i) => {
            const row = rows[start + i];
            if (!row) return;
            row.status = r.CompareStatus;
            row.diff = new Set(r.DiffFields);
            row.loaded = r.loaded;
            row.elsewhere = r.elsewhere;
          });
          changed(start, results.length);
        },
        onBatchFailed: (start, count, failure) => {
          for (const row of rows.slice(start, start + count)) {
            row.status = 'SKIPPED';
            row.failure = failure.message;
          }
          changed(start, count);
        },
        onProgress: setProgress,
      },
    );
    if (stopRef.current === stop) stopRef.current = null;
    api.current?.flushAsyncTransactions();
    setRunning(false);
    // A failed batch is named by the sheet rows it held.
    const sheetRows = failures.map((f) => ({
      ...f,
      from: rows[f.from - 1]?.sheetRow ?? f.from,
      to: rows[f.to - 1]?.sheetRow ?? f.to,
    }));
    reportEnd(final, sheetRows, stopped);
  };

  const reportEnd = (p: CompareProgress, failures: FailedBatch[], stopped: boolean) => {
    const summary = t('compare.summary', { done: p.done - p.skipped, ok: p.OK, error: p.ERROR, none: p.NONE });
    if (stopped) void message.warning(t('compare.stopped', { summary }));
    else if (!failures.length) void message.success(summary);
    if (failures.length) {
      notification.warning({
        title: t('compare.failedTitle', { count: p.skipped }),
        description: (
          <Flex vertical gap={4}>
            <span>{summary}</span>
            {failures.slice(0, 8).map((f) => (
              <span key={f.from}>{t('compare.failedBatch', { from: f.from, to: f.to, message: f.message })}</span>
            ))}
            {failures.length > 8 && <span>{t('compare.failedMore', { count: failures.length - 8 })}</span>}
          </Flex>
        ),
        duration: 0,
      });
    }
  };

  const importFile = async (file: File) => {
    let imported: ImportedRow[];
    try {
      const { readGridSheet, WorkbookError } = await import('../../components/data-grid/grid-excel');
      const sheet = await readGridSheet(await file.arrayBuffer(), compareColumns);
      if (!sheet.length) throw new WorkbookError(t('grid.excel.noRows'));
      imported = checkImportedRows(sheet);
    } catch (e) {
      modal.error({ title: t('grid.excel.importTitle'), content: `${t('grid.excel.wrongFile')}${errorText(e)}`, okText: t('grid.close') });
      return;
    }
    const invalid = imported.filter((r) => r.problem);
    if (invalid.length) {
      notification.warning({
        title: t('compare.invalidTitle', { count: invalid.length }),
        description: (
          <Flex vertical gap={4}>
            {invalid.slice(0, 8).map((r) => (
              <span key={r.sheetRow}>{r.problem}</span>
            ))}
            {invalid.length > 8 && <span>{t('compare.failedMore', { count: invalid.length - 8 })}</span>}
          </Flex>
        ),
        duration: 0,
      });
    }
    await startComparison(imported);
  };

  const exportShown = async () => {
    const portValues = (row: CompareGridRow) =>
      compareColumns
        .filter((c) => row.diff.has(c.field))
        .map((c) => `${c.title}: ${shown(row.loaded?.[c.field as keyof PortContainerRecord], c) || t('compare.blank')}`)
        .join('; ');
    const out: CompareValues[] = [];
    api.current?.forEachNodeAfterFilterAndSort((node) => {
      const row = node.data;
      if (!row) return;
      out.push({
        ...row.values,
        CompareStatus: statusLabel(row.status),
        PortValues: portValues(row),
      });
    });
    const columns: GridColumn[] = [
      ...compareColumns,
      { field: 'PortValues', title: t('compare.portValuesColumn'), type: 'text', width: 320 },
    ];
    try {
      const { downloadGridWorkbook } = await import('../../components/data-grid/grid-excel');
      await downloadGridWorkbook(title, columns, out);
    } catch (e) {
      void message.error(t('grid.excel.exportFailed', { message: errorText(e) }));
    }
  };

  const counts = progress ?? emptyProgress(0);
  const percent = counts.total ? Math.floor((counts.done / counts.total) * 100) : 0;
  const filters: { value: Filter; label: string }[] = [
    { value: 'ALL', label: t('compare.all') },
    { value: 'OK', label: compareStatusLabels.OK },
    { value: 'ERROR', label: compareStatusLabels.ERROR },
    { value: 'NONE', label: compareStatusLabels.NONE },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      size="small"
      styles={{ body: { padding: 12 } }}
    >
      <Flex vertical gap={10}>
        <Flex gap={8} wrap justify="space-between" align="center">
          <Radio.Group
            aria-label={t('compare.filter')}
            optionType="button"
            buttonStyle="solid"
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            options={filters}
          />
          <Space wrap size={8}>
            <Select
              aria-label={t('compare.terminal')}
              value={terminal}
              onChange={setTerminal}
              disabled={running}
              style={{ minWidth: 180 }}
              options={[{ value: '', label: t('compare.allTerminals') }, ...terminals.map((code) => ({ value: code, label: code }))]}
            />
            <Input
              allowClear
              aria-label={t('grid.search')}
              placeholder={t('grid.searchPlaceholder')}
              prefix={<SearchOutlined />}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
            <Button type="primary" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} disabled={running}>
              {t('grid.import')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportShown()} disabled={running || !rowData.length}>
              {t('grid.export')}
            </Button>
          </Space>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={t('grid.import')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </Flex>
        <Flex gap={16} wrap align="center" role="status" aria-label={t('compare.counters')}>
          <Typography.Text className="sp-compare-count-ok">{`${compareStatusLabels.OK}: ${counts.OK}`}</Typography.Text>
          <Typography.Text className="sp-compare-count-error">{`${compareStatusLabels.ERROR}: ${counts.ERROR}`}</Typography.Text>
          <Typography.Text className="sp-compare-count-none">{`${compareStatusLabels.NONE}: ${counts.NONE}`}</Typography.Text>
          {counts.skipped > 0 && <Typography.Text type="warning">{t('compare.skippedCount', { count: counts.skipped })}</Typography.Text>}
          {invalidCount > 0 && <Typography.Text type="warning">{t('compare.invalidCount', { count: invalidCount })}</Typography.Text>}
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {t('grid.legend.count', { shown: shownCount, total: rowData.length })}
          </Typography.Text>
        </Flex>
        <div style={{ height: '60vh', minHeight: 300, width: '100%' }}>
          <AgGridReact<CompareGridRow>
            theme={gridTheme}
            rowData={rowData}
            columnDefs={columnDefs}
            getRowId={({ data }) => data.id}
            animateRows={false}
            quickFilterText={search}
            isExternalFilterPresent={isExternalFilterPresent}
            doesExternalFilterPass={doesExternalFilterPass}
            tooltipShowDelay={150}
            tooltipHideDelay={10_000}
            asyncTransactionWaitMillis={100}
            localeText={localeText}
            onGridReady={(e) => {
              api.current = e.api;
            }}
            onModelUpdated={(e) => {
              setShownCount(e.api.getDisplayedRowCount());
              e.api.refreshCells({ columns: ['__stt'], force: true });
            }}
          />
        </div>
      </Flex>
      <Modal
        open={running}
        title={t('compare.progressTitle')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button danger onClick={() => stopRef.current?.abort()}>
            {t('compare.stop')}
          </Button>
        }
      >
        <Flex vertical gap={8} role="status" aria-label={t('compare.progressTitle')}>
          <Progress percent={percent} status="active" />
          <Typography.Text>{t('compare.checked', { done: counts.done, total: counts.total })}</Typography.Text>
          <Typography.Text className="sp-compare-count-ok">{`${compareStatusLabels.OK}: ${counts.OK}`}</Typography.Text>
          <Typography.Text className="sp-compare-count-error">{`${compareStatusLabels.ERROR}: ${counts.ERROR}/${counts.total}`}</Typography.Text>
          <Typography.Text className="sp-compare-count-none">{`${compareStatusLabels.NONE}: ${counts.NONE}`}</Typography.Text>
          {counts.skipped > 0 && <Typography.Text type="warning">{t('compare.skippedCount', { count: counts.skipped })}</Typography.Text>}
        </Flex>
      </Modal>
    </Card>
  );
}
