import type { AnyGrid, GridColumn } from '@smartport/contract';
import { useMemo, useRef, useState } from 'react';
import { session } from '../../lib/session';
import { addRows, countStates, type GridRow, type GridValues, newRows } from './grid-rows';
import { useGridExcel } from './use-grid-excel';
import { listBody, useGridList } from './use-grid-list';
import { useLookupColumns } from './use-grid-lookups';
import { useGridSave } from './use-grid-save';
import { useGridView } from './use-grid-view';
import { useLeaveGuard } from './use-leave-guard';

export interface GridOptions {
  /**
   * Sent with the list call (a screen with filters); none for the plain grids. `null`: nothing asked yet, so nothing is
   * loaded (a lookup screen waits for its button).
   */
  filter?: object | null;
  /** The values chosen above the grid (the entry's header): sent with the list call and merged into every saved row. */
  header?: GridValues;
  /** Told the rows of every completed load (a lookup screen says when nothing was found). */
  onLoaded?: (rows: GridValues[]) => void;
  /** false: the header is merged into saved rows only, not sent with the list call (the holiday screen lists by template). */
  listHeader?: boolean;
  /** Called after a successful save (the holiday screen reloads the page 2 s later, spec 03 §8). */
  onSaved?: () => void;
  /** Unsaved changes the screen keeps beside the rows (the commodity links): they count for the one warning before leaving. */
  otherUnsaved?: number;
  /** Whether the header narrows the list call too (default); false: it is only merged into saved rows (a form being edited). */
  headerInList?: boolean;
  /** The screen's own check before 'Lưu lại ?' (spec 03 §5 free day): a message stops the save. */
  beforeSave?: () => string | null;
  /** Instead of reloading the list after a successful save (the free-day page reloads itself). */
  afterSave?: () => void | Promise<void>;
  /** Title of a failed save's message (default 'Lưu dữ liệu thất bại !'; the free day's is 'Lỗi'). */
  saveFailedTitle?: string;
}

/**
 * What a new row of the entry starts with besides its columns' defaults: in a terminal-scoped grid, the terminal the
 * user works in (the top bar's choice) when it is one of the column's choices.
 */
export function newRowPreset(entry: AnyGrid, columns: readonly GridColumn[], currentTerminal: string | null): GridValues {
  if (entry.scope?.kind !== 'terminal' || !currentTerminal) return {};
  const options = columns.find((c) => c.field === entry.scope?.field)?.options;
  if (options && !options.some((o) => o.value === currentTerminal)) return {};
  return { [entry.scope.field]: currentTerminal };
}

/**
 * One grid entry on screen (spec 03 §1), composed of small hooks: its lookup columns, its rows and their states, save
 * and delete, Excel, the view's counts and caret, and the warning before leaving with unsaved rows.
 */
export function useGrid(
  entry: AnyGrid,
  { filter, header, onLoaded, otherUnsaved = 0, headerInList = true, beforeSave, afterSave, saveFailedTitle }: GridOptions = {},
) {
  const columns = useLookupColumns(entry.columns);
  const bodyKey = JSON.stringify(listBody(entry, filter, headerInList ? header : undefined));
  const body = useMemo(() => JSON.parse(bodyKey) as object | null, [bodyKey]);
  const list = useGridList(entry, body, onLoaded);
  const rowsRef = useRef<readonly GridRow[]>(list.rows);
  rowsRef.current = list.rows;
  const [search, setSearch] = useState('');
  const view = useGridView(columns, rowsRef);

  /** Added rows go on top; the search is cleared so they are visible. */
  const addOnTop = (added: GridRow[]) => {
    setSearch('');
    list.setRows((current) => addRows(current, added));
  };
  const edit = useGridSave({
    entry,
    header,
    rowsRef,
    setRows: list.setRows,
    view,
    reload: list.reload,
    beforeSave,
    afterSave,
    saveFailedTitle,
  });
  const fresh = (given: readonly GridValues[]) => newRows(columns, given, newRowPreset(entry, columns, session.terminal()));
  const excel = useGridExcel(entry, columns, view, fresh, addOnTop);

  const can = useMemo(
    () => ({
      add: entry.actions.add && !!entry.calls.update,
      delete: entry.actions.delete && !!entry.calls.delete,
      save: entry.actions.save && !!entry.calls.update,
      import: entry.actions.import && !!entry.calls.update,
    }),
    [entry],
  );
  const counts = countStates(list.rows);
  useLeaveGuard(counts.unsaved + otherUnsaved);

  return {
    entry,
    /** The entry's columns, lookup columns with their options. */
    columns,
    rows: list.rows,
    loading: list.loading,
    busy: edit.busy,
    can,
    editable: can.save,
    counts,
    selectedCount: view.selectedCount,
    shownCount: view.shownCount,
    search,
    setSearch,
    refreshColumns: view.refreshColumns,
    actions: {
      add: () => {
        // The user types into a new row at once.
        view.focusNewRow();
        addOnTop(fresh([{}]));
      },
      remove: edit.remove,
      save: edit.save,
      importFile: excel.importFile,
      exportShown: excel.exportShown,
      reload: () => list.reload(false),
      /** The rows replaced by new (unsaved) ones: a blank template's defaults, untouched until a cell or the header changes. */
      replaceRows: (given: readonly GridValues[]) => {
        setSearch('');
        list.setRows(fresh(given).map((r) => ({ ...r, untouched: true })));
      },
      /** Every saved row marked edited (spec 03 §4: a header change concerns all the rules, the default ones too). */
      markAllEdited: () =>
        list.setRows((current) =>
          current.map((r) => (r.state === 'saved' ? { ...r, state: 'edited' as const } : r.untouched ? { ...r, untouched: false } : r)),
        ),
    },
    agGrid: view.handlers,
  };
}
export type GridModel = ReturnType<typeof useGrid>;
