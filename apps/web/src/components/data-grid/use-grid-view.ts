import type { GridColumn } from '@smartport/contract';
import type { GridApi, GridReadyEvent } from 'ag-grid-community';
import { App } from 'antd';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { CellError } from './grid-cells';
import { ROW_NUMBER_COL } from './grid-columns';
import type { GridRow, GridValues } from './grid-rows';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * What the grid on screen knows and the rows do not: the AG Grid API, the selection and shown counts, the STT a user
 * sees for a row, and where the caret goes after 'Thêm dòng'.
 */
export function useGridView(columns: readonly GridColumn[], rowsRef: RefObject<readonly GridRow[]>) {
  const { message } = App.useApp();
  const api = useRef<GridApi<GridRow> | null>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const [shownCount, setShownCount] = useState(0);
  // Cell edits change the grid's row objects in place; this re-renders what counts them.
  const [, setEditVersion] = useState(0);
  const focusNewRow = useRef(false);

  /** The STT a user sees for a row (its place in the unfiltered list when it is filtered out). */
  const rowLabel = (id: string) => {
    const index = api.current?.getRowNode(id)?.rowIndex;
    return (index ?? rowsRef.current.findIndex((r) => r.id === id)) + 1;
  };

  const onInvalid = useCallback((err: unknown) => void message.error(err instanceof CellError ? err.message : errorText(err)), [message]);

  return {
    rowLabel,
    /** Scrolls to the row numbered `stt`. */
    showRow: (stt: number) => api.current?.ensureIndexVisible(Math.max(0, stt - 1)),
    selectedIds: () => (api.current?.getSelectedRows() ?? []).map((r) => r.id),
    /** The values of the rows shown (after the search), in the order shown. */
    shownValues: () => {
      const shown: GridValues[] = [];
      api.current?.forEachNodeAfterFilterAndSort((node) => {
        if (node.data) shown.push(node.data.values);
      });
      return shown;
    },
    /** The next rows added put the caret in the first editable cell. */
    focusNewRow: () => {
      focusNewRow.current = true;
    },
    /** Redraws columns whose values live outside the rows (the commodity screen's links). */
    refreshColumns: useCallback((fields: string[]) => api.current?.refreshCells({ columns: fields, force: true }), []),
    selectedCount,
    shownCount,
    handlers: {
      onInvalid,
      onGridReady: (e: GridReadyEvent<GridRow>) => {
        api.current = e.api;
      },
      onCellValueChanged: () => setEditVersion((v) => v + 1),
      onRowDataUpdated: () => {
        const grid = api.current;
        if (!grid || !focusNewRow.current) return;
        focusNewRow.current = false;
        const first = columns.find((c) => !c.hidden && !c.readOnly);
        grid.ensureIndexVisible(0, 'top');
        if (first) {
          grid.setFocusedCell(0, first.field);
          grid.startEditingCell({ rowIndex: 0, colKey: first.field });
        }
      },
      onModelUpdated: () => {
        const grid = api.current;
        if (!grid) return;
        setShownCount(grid.getDisplayedRowCount());
        // STT follows the displayed order, which a search or an added row changes.
        grid.refreshCells({ columns: [ROW_NUMBER_COL], force: true });
      },
      onSelectionChanged: () => setSelectedCount(api.current?.getSelectedRows().length ?? 0),
    },
  };
}
export type GridView = ReturnType<typeof useGridView>;
