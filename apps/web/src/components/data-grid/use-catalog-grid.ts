import type { CatalogCallSet, CatalogDef } from '@smartport/contract';
import type { GridApi, GridReadyEvent } from 'ag-grid-community';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { callApi } from '../../lib/api-client';
import { CellError } from './catalog-cells';
import {
  addRows,
  type CatalogValues,
  countStates,
  fromServer,
  type GridRow,
  mergeReloaded,
  newRows,
  planDelete,
  removeRows,
  rowsToSave,
  withShownRowNumbers,
} from './catalog-rows';

/** A catalogue's calls (the contract's `catalogCallSets`): the list, and where it has them, save and delete. */
export type CatalogCalls = CatalogCallSet;

export interface CatalogGridOptions {
  def: CatalogDef;
  calls: CatalogCalls;
  /**
   * Sent with the list call (a screen with filters); none for the plain catalogues. `null`: nothing
   * asked yet, so nothing is loaded (a lookup screen waits for its button).
   */
  filter?: object | null;
  /** Told the rows of every completed load (a lookup screen says when nothing was found). */
  onLoaded?: (rows: CatalogValues[]) => void;
  /**
   * Unsaved changes the screen keeps beside the grid's rows (the commodity links' edited job modes):
   * they count towards the warning before leaving, which a page can only have once.
   */
  otherUnsaved?: number;
}

type Reply = { success: boolean; payload?: CatalogValues[]; message?: string };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * Spec 03 §1 for one catalogue: loads its rows, keeps row states, and hands the view what it
 * needs: toolbar permissions and actions, the search text, and the grid's callbacks.
 */
export function useCatalogGrid({ def, calls, filter, onLoaded, otherUnsaved = 0 }: CatalogGridOptions) {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const [rows, setRows] = useState<GridRow[]>([]);
  const [loading, setLoading] = useState(filter !== null);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [selectedCount, setSelectedCount] = useState(0);
  const [shownCount, setShownCount] = useState(0);
  // Cell edits change the grid's row objects in place; this re-renders what counts them.
  const [, setEditVersion] = useState(0);
  const api = useRef<GridApi<GridRow> | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const focusNewRow = useRef(false);

  const can = useMemo(
    () => ({
      add: def.actions.add && !!calls.update,
      delete: def.actions.delete && !!calls.delete,
      save: def.actions.save && !!calls.update,
      import: def.actions.import && !!calls.update,
    }),
    [def, calls],
  );
  const editable = can.save;
  const counts = countStates(rows);

  const filterKey = filter === null ? null : JSON.stringify(filter ?? calls.getBody ?? {});
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const loadSeq = useRef(0);
  /** Loads the list; `keepPending` keeps new and edited rows (after a delete), otherwise the list is replaced. */
  const load = useCallback(
    async (keepPending: boolean) => {
      if (filterKey === null) return;
      const seq = ++loadSeq.current;
      setLoading(true);
      try {
        const reply = (await callApi(calls.get, JSON.parse(filterKey))) as Reply;
        if (!reply.success) throw new Error(reply.message || t('grid.loadFailed'));
        if (seq !== loadSeq.current) return;
        const fresh = calls.rowsOf ? (calls.rowsOf(reply) as CatalogValues[]) : (reply.payload ?? []);
        setRows((current) => (keepPending ? mergeReloaded(fresh, current, def.key) : fromServer(fresh, def.key)));
        onLoadedRef.current?.(fresh);
      } catch (e) {
        if (seq === loadSeq.current) void message.error(errorText(e) || t('grid.loadFailed'));
      } finally {
        if (seq === loadSeq.current) setLoading(false);
      }
    },
    [calls.get, calls.rowsOf, def.key, filterKey, message, t],
  );

  useEffect(() => {
    void load(false);
    return () => {
      loadSeq.current++;
    };
  }, [load]);

  /** The STT a user sees for a row (its place in the unfiltered list when it is filtered out). */
  const rowLabel = (id: string) => {
    const index = api.current?.getRowNode(id)?.rowIndex;
    return (index ?? rowsRef.current.findIndex((r) => r.id === id)) + 1;
  };

  const add = () => {
    const added = newRows(def.columns, [{}]);
    // A blank row would be hidden by the search; the user wants to type into it at once.
    setSearch('');
    focusNewRow.current = true;
    setRows((current) => addRows(current, added));
  };

  const remove = () => {
    const selectedIds = (api.current?.getSelectedRows() ?? []).map((r) => r.id);
    if (!selectedIds.length) {
      void message.warning(t('grid.nothingSelected'));
      return;
    }
    modal.confirm({
      title: t('grid.confirmDelete'),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const plan = planDelete(rowsRef.current, selectedIds);
        if (plan.send.length) {
          if (!calls.delete) return;
          setBusy(true);
          try {
            const body = calls.sharedDelete ? { data: plan.send, action: 'delete' } : { data: plan.send };
            const reply = (await callApi(calls.delete, body)) as Reply;
            if (!reply.success) throw new Error(reply.message);
          } catch (e) {
            notification.error({ title: t('grid.deleteFailed'), description: errorText(e), duration: 8 });
            return;
          } finally {
            setBusy(false);
          }
        }
        const gone = [...plan.dropLocally, ...plan.send.map((v) => String(v.Rowguid))];
        setRows((current) => removeRows(current, gone));
        void message.success(t('grid.deleted'));
        if (plan.send.length) await load(true);
      },
    });
  };

  const save = () => {
    const pending = rowsRef.current.filter((r) => r.state !== 'saved');
    if (!pending.length || !calls.update) {
      void message.info(t('grid.nothingToSave'));
      return;
    }
    // The contract's row schema finds a missing name before the round trip, naming the STT.
    for (const r of pending) {
      const checked = def.row.safeParse(r.values);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const where = rowLabel(r.id);
        api.current?.ensureIndexVisible(Math.max(0, where - 1));
        notification.error({
          title: t('grid.saveFailed'),
          description: t('grid.rowInvalid', { row: where, message: issue?.message ?? '' }),
          duration: 8,
        });
        return;
      }
    }
    const update = calls.update;
    modal.confirm({
      title: t('grid.confirmSave'),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: async () => {
        setBusy(true);
        // The STT of each row sent, in the order sent, to name a refused row as the user sees it.
        const shownNumbers = rowsRef.current.filter((r) => r.state !== 'saved').map((r) => rowLabel(r.id));
        try {
          const changed = rowsToSave(rowsRef.current);
          const reply = (await callApi(update, calls.saveBody ? calls.saveBody(changed) : { data: changed })) as Reply;
          if (!reply.success) throw new Error(reply.message);
        } catch (e) {
          // Nothing is lost: the rows stay as typed, the server's message names the row (by its STT) and field.
          notification.error({ title: t('grid.saveFailed'), description: withShownRowNumbers(errorText(e), shownNumbers), duration: 10 });
          return;
        } finally {
          setBusy(false);
        }
        void message.success(t('grid.saved'));
        // Some screens reload a while after a save (spec 03 §9: payment partners 1 s).
        if (def.reloadAfterSaveMs) await new Promise((done) => setTimeout(done, def.reloadAfterSaveMs));
        await load(false);
      },
    });
  };

  const importFile = async (file: File) => {
    try {
      const { readCatalogWorkbook } = await import('./catalog-excel');
      const values = await readCatalogWorkbook(await file.arrayBuffer(), def.columns);
      const added = newRows(def.columns, values);
      setSearch('');
      setRows((current) => addRows(current, added));
      void message.success(t('grid.excel.imported', { count: added.length }));
    } catch (e) {
      modal.error({
        title: t('grid.excel.importTitle'),
        content: `${t('grid.excel.wrongFile')}${errorText(e)}`,
        okText: t('grid.close'),
      });
    }
  };

  const exportShown = async () => {
    const shown: CatalogValues[] = [];
    api.current?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data) shown.push(node.data.values);
    });
    try {
      const { downloadCatalogWorkbook } = await import('./catalog-excel');
      await downloadCatalogWorkbook(def.title, def.columns, shown);
    } catch (e) {
      void message.error(t('grid.excel.exportFailed', { message: errorText(e) }));
    }
  };

  const onInvalid = useCallback((err: unknown) => void message.error(err instanceof CellError ? err.message : errorText(err)), [message]);
  const onCellValueChanged = () => setEditVersion((v) => v + 1);

  const onGridReady = (e: GridReadyEvent<GridRow>) => {
    api.current = e.api;
  };

  const onRowDataUpdated = () => {
    const grid = api.current;
    if (!grid || !focusNewRow.current) return;
    focusNewRow.current = false;
    const first = def.columns.find((c) => !c.hidden && !c.readOnly);
    grid.ensureIndexVisible(0, 'top');
    if (first) {
      grid.setFocusedCell(0, first.field);
      grid.startEditingCell({ rowIndex: 0, colKey: first.field });
    }
  };

  const onModelUpdated = () => {
    const grid = api.current;
    if (!grid) return;
    setShownCount(grid.getDisplayedRowCount());
    // STT follows the displayed order, which a search or an added row changes.
    grid.refreshCells({ columns: ['__stt'], force: true });
  };

  /** Redraws columns whose values live outside the rows (the commodity screen's links). */
  const refreshColumns = useCallback((columns: string[]) => api.current?.refreshCells({ columns, force: true }), []);

  const onSelectionChanged = () => setSelectedCount(api.current?.getSelectedRows().length ?? 0);

  // Leaving with unsaved rows asks first (spec 03 §1 row states; a reload would lose them).
  const unsaved = counts.unsaved + otherUnsaved;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsaved > 0 && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/login'),
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  // One question at a time, even if this effect runs again while it is open (StrictMode, new `t`).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const answer = (leave: boolean) => {
      asking.current = false;
      if (leave) blockerRef.current.proceed?.();
      else blockerRef.current.reset?.();
    };
    modal.confirm({
      title: t('grid.leave.title'),
      content: t('grid.leave.content', { count: unsavedRef.current }),
      okText: t('grid.leave.ok'),
      cancelText: t('grid.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: () => answer(true),
      onCancel: () => answer(false),
    });
  }, [blocker.state, modal, t]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return {
    def,
    rows,
    loading,
    busy,
    can,
    editable,
    counts,
    selectedCount,
    shownCount,
    search,
    setSearch,
    refreshColumns,
    actions: { add, remove, save, importFile, exportShown, reload: () => load(false) },
    grid: { onGridReady, onCellValueChanged, onRowDataUpdated, onModelUpdated, onSelectionChanged, onInvalid },
  };
}

export type CatalogGridModel = ReturnType<typeof useCatalogGrid>;
