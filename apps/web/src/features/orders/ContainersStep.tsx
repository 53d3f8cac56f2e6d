import '../../components/data-grid/ag-grid-setup';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SnippetsOutlined from '@ant-design/icons/SnippetsOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { type OrderTypeDef, orderLimits, orderMessages } from '@smartport/contract';
import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { App, Button, Flex, Input, Modal, Space, Typography, Upload } from 'antd';
import { type ClipboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../../components/data-grid/ag-grid-setup';
import { useGridLocaleText } from '../../components/data-grid/grid-locale';
import { useOrderCargoTypes } from './api';
import {
  type ContainerField,
  type ContainerRow,
  containerColumns,
  newContainerRow,
  rowsFromText,
  setField,
  shownFields,
  withClientChecks,
  yardFields,
} from './container-rows';

interface Props {
  type: OrderTypeDef;
  rows: ContainerRow[];
  onRows(rows: ContainerRow[]): void;
  disabled: boolean;
}

const columnTitle = new Map(containerColumns.map((c) => [c.field, c]));
const templateTitle = 'Mẫu danh sách container';

/**
 * Step 2 'Danh sách container': an editable grid (add, delete selected, paste, Excel import with a template), the
 * client's ISO 6346 / size-type checks at once and the server's problems and notes per row.
 */
export function ContainersStep({ type, rows, onRows, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const localeText = useGridLocaleText(t('orders.containers.empty'));
  const cargoTypes = useOrderCargoTypes();
  const api = useRef<GridApi<ContainerRow> | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [importing, setImporting] = useState(false);
  const fields = useMemo(() => shownFields(type, rows), [type, rows]);
  const hasProblems = rows.some((r) => r.problems.length > 0);
  const cargoCodes = useMemo(() => {
    const codes = (cargoTypes.data ?? []).map((c) => String((c as { CargoTypeCode: string }).CargoTypeCode));
    return codes.length ? codes : ['GP', 'MT', 'RF', 'DG', 'OG'];
  }, [cargoTypes.data]);
  const cargoName = useMemo(
    () =>
      new Map(
        (cargoTypes.data ?? []).map((c) => [
          String((c as { CargoTypeCode: string }).CargoTypeCode),
          String((c as { CargoTypeName?: string }).CargoTypeName ?? ''),
        ]),
      ),
    [cargoTypes.data],
  );

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const commit = (next: ContainerRow[]) => onRows(withClientChecks(type, next));

  const append = (added: ContainerRow[]) => {
    const kept = rowsRef.current.filter((r) => r.ContainerNo || r.IsoSizetype);
    if (kept.length + added.length > orderLimits.maxContainers) {
      void message.error(orderMessages.tooManyContainers);
      return false;
    }
    commit([...kept, ...added]);
    return true;
  };

  const columnDefs = useMemo<ColDef<ContainerRow>[]>(() => {
    const editable = !disabled;
    const defs: ColDef<ContainerRow>[] = [
      {
        colId: '__stt',
        headerName: t('orders.containers.rowNo'),
        width: 64,
        pinned: 'left',
        valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
        sortable: false,
      },
    ];
    for (const field of fields) {
      const col = columnTitle.get(field);
      const def: ColDef<ContainerRow> = {
        field,
        headerName: col?.title ?? field,
        width: col?.width ?? 120,
        // The yard's record of a container the port holds is not the client's to change.
        editable: yardFields.has(field) ? (p) => editable && !p.data?.fromYard : editable,
        pinned: field === 'ContainerNo' ? 'left' : undefined,
      };
      if (field === 'CargoTypeCode') {
        def.cellEditor = 'agSelectCellEditor';
        def.cellEditorParams = { values: cargoCodes };
        def.valueFormatter = (p) => (p.value ? `${p.value}${cargoName.get(p.value) ? ` - ${cargoName.get(p.value)}` : ''}` : '');
        def.width = 150;
      } else if (field === 'FE') {
        def.cellEditor = 'agSelectCellEditor';
        def.cellEditorParams = { values: ['F', 'E'] };
        def.valueFormatter = (p) => (p.value === 'F' ? t('orders.containers.full') : p.value === 'E' ? t('orders.containers.emptyFE') : '');
      } else if (field === 'IsLocalForeign') {
        def.cellEditor = 'agSelectCellEditor';
        def.cellEditorParams = { values: ['', 'L', 'F'] };
        def.valueFormatter = (p) =>
          p.value === 'L' ? t('orders.containers.local') : p.value === 'F' ? t('orders.containers.foreign') : '';
      }
      defs.push(def);
    }
    const problemsDef: ColDef<ContainerRow> = {
      colId: 'problems',
      headerName: t('orders.containers.problems'),
      minWidth: 280,
      flex: 1,
      wrapText: true,
      autoHeight: true,
      valueGetter: (p) => p.data?.problems.join('\n') ?? '',
      cellStyle: { color: '#cf1322', whiteSpace: 'pre-line', lineHeight: '1.4', paddingTop: '6px', paddingBottom: '6px' },
    };
    const notesDef: ColDef<ContainerRow> = {
      colId: 'notes',
      headerName: t('orders.containers.notes'),
      minWidth: 200,
      wrapText: true,
      autoHeight: true,
      valueGetter: (p) => p.data?.notes.join('\n') ?? '',
      cellStyle: { color: '#ad6800', whiteSpace: 'pre-line', lineHeight: '1.4', paddingTop: '6px', paddingBottom: '6px' },
    };
    // While a row has problems they come right after the container's number and size, where the eye is.
    if (hasProblems) defs.splice(fields.includes('FE') ? 4 : 3, 0, problemsDef);
    else defs.push(problemsDef);
    defs.push(notesDef);
    return defs;
  }, [fields, disabled, t, cargoCodes, cargoName, hasProblems]);

  const onCellValueChanged = (e: CellValueChangedEvent<ContainerRow>) => {
    const field = e.colDef.field as ContainerField | undefined;
    if (!field || !e.data) return;
    const id = e.data.id;
    commit(
      rowsRef.current.map((r) => {
        if (r.id !== id) return r;
        // Another container number: what the yard said of the old one no longer holds.
        const next = { ...r, checked: false, fromYard: field === 'ContainerNo' ? false : r.fromYard };
        setField(next, field, e.newValue);
        return next;
      }),
    );
  };

  const addRow = () => {
    if (append([newContainerRow(type)])) {
      setTimeout(() => {
        const last = (api.current?.getDisplayedRowCount() ?? 1) - 1;
        api.current?.ensureIndexVisible(last);
        api.current?.startEditingCell({ rowIndex: last, colKey: 'ContainerNo' });
      }, 50);
    }
  };

  const deleteSelected = () => {
    const selected = new Set((api.current?.getSelectedRows() ?? []).map((r) => r.id));
    if (!selected.size) {
      void message.warning(t('orders.containers.selectToDelete'));
      return;
    }
    commit(rowsRef.current.filter((r) => !selected.has(r.id)));
  };

  const pasteRows = (text: string) => {
    const added = rowsFromText(type, text, fields);
    if (!added.length) {
      void message.warning(t('orders.containers.nothingPasted'));
      return false;
    }
    if (append(added)) void message.success(t('orders.containers.pasted', { count: added.length }));
    return true;
  };

  // A paste on the grid while no cell is being edited adds the clipboard's lines as rows.
  const onGridPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if (disabled || api.current?.getEditingCells().length) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text.trim()) return;
    e.preventDefault();
    pasteRows(text);
  };

  const importFile = async (file: File) => {
    setImporting(true);
    try {
      const { readGridSheet, WorkbookError } = await import('../../components/data-grid/grid-excel');
      try {
        const sheet = await readGridSheet(await file.arrayBuffer(), containerColumns);
        const added = sheet.map((s) => {
          const row = newContainerRow(type, s.values as Partial<Record<ContainerField, unknown>>);
          return s.errors.length ? { ...row, problems: s.errors } : row;
        });
        if (append(added)) void message.success(t('orders.containers.imported', { count: added.length, name: file.name }));
      } catch (err) {
        if (err instanceof WorkbookError) void message.error(t('orders.containers.badFile', { reason: err.message }));
        else throw err;
      }
    } finally {
      setImporting(false);
    }
  };

  const downloadTemplate = async () => {
    const { downloadGridWorkbook } = await import('../../components/data-grid/grid-excel');
    await downloadGridWorkbook(templateTitle, containerColumns, []);
  };

  const invalid = rows.filter((r) => r.problems.length).length;

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Space wrap size={8}>
          <Button icon={<PlusOutlined />} onClick={addRow} disabled={disabled}>
            {t('orders.containers.add')}
          </Button>
          <Button icon={<DeleteOutlined />} danger onClick={deleteSelected} disabled={disabled}>
            {t('orders.containers.deleteSelected')}
          </Button>
          <Button icon={<SnippetsOutlined />} onClick={() => setPasteOpen(true)} disabled={disabled}>
            {t('orders.containers.paste')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            disabled={disabled}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importing} disabled={disabled}>
              {t('orders.containers.import')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
            {t('orders.containers.template')}
          </Button>
        </Space>
        <Typography.Text type={invalid ? 'danger' : 'secondary'} style={{ marginLeft: 'auto' }} data-testid="container-count">
          {t('orders.containers.count', { count: rows.length, invalid })}
        </Typography.Text>
      </Flex>
      <div style={{ height: 'max(320px, calc(100vh - 430px))' }} onPaste={onGridPaste}>
        <AgGridReact<ContainerRow>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={({ data }) => data.id}
          rowSelection={{ mode: 'multiRow', checkboxes: !disabled, headerCheckbox: !disabled, enableClickSelection: false }}
          selectionColumnDef={{ pinned: 'left', width: 48 }}
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          localeText={localeText}
          animateRows={false}
          onGridReady={(e) => {
            api.current = e.api;
          }}
          onCellValueChanged={onCellValueChanged}
          getRowStyle={(p) => (p.data?.problems.length ? { background: '#fff1f0' } : undefined)}
        />
      </div>
      <Modal
        open={pasteOpen}
        title={t('orders.containers.pasteTitle')}
        okText={t('orders.containers.pasteOk')}
        cancelText={t('orders.cancel')}
        onCancel={() => setPasteOpen(false)}
        onOk={() => {
          if (pasteRows(pasteText)) {
            setPasteText('');
            setPasteOpen(false);
          }
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('orders.containers.pasteHelp', { columns: fields.map((f) => columnTitle.get(f)?.title).join(', ') })}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label={t('orders.containers.pasteTitle')}
          autoSize={{ minRows: 6, maxRows: 14 }}
          value={pasteText}
          onChange={(e) => setPasteText(e.target.value)}
        />
      </Modal>
    </Flex>
  );
}
