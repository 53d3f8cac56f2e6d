import type { AnyGrid, GridUpdateSpec } from '@smartport/contract';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { firstMissingRequired, type GridRow, type GridValues, planDelete, removeRows, rowsToSave, withShownRowNumbers } from './grid-rows';
import type { GridView } from './use-grid-view';

type Reply = { success: boolean; message?: string };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/** Sends a grid call; a reply without success is an error carrying the server's message. */
async function send(call: AnyGrid['calls']['get'] | undefined, body: unknown) {
  if (!call) throw new Error('');
  const reply = (await callApi(call, body as never)) as Reply;
  if (!reply.success) throw new Error(reply.message);
  return reply;
}

/** Columns the entry sends as 1/0 (spec 03 §7 release points: ENABLE as integer). */
function withIntegerFlags(entry: AnyGrid, rows: GridValues[]): GridValues[] {
  const fields = entry.columns.filter((c) => c.type === 'bool' && c.sendAsInteger).map((c) => c.field);
  if (!fields.length) return rows;
  return rows.map((r) => ({ ...r, ...Object.fromEntries(fields.map((f) => [f, r[f] ? 1 : 0])) }));
}

export interface GridSaveDeps {
  entry: AnyGrid;
  /** The values chosen above the grid, merged into every saved row. */
  header: GridValues | undefined;
  rowsRef: RefObject<readonly GridRow[]>;
  setRows: Dispatch<SetStateAction<GridRow[]>>;
  view: GridView;
  reload: (keepPending: boolean) => Promise<void>;
  beforeSave?: (() => string | null) | undefined;
  afterSave?: (() => void | Promise<void>) | undefined;
  saveFailedTitle?: string | undefined;
}

/**
 * 'Lưu' and 'Xóa dòng' of spec 03 §1: only new and edited rows are sent, after 'Lưu lại ?'; selected rows without
 * Rowguid are dropped here, the others sent after 'Xóa nội dung này ?'; the list reloads after either. A row the
 * entry's schema refuses is named by its STT before anything is sent; a row missing a required field gets the entry's
 * message alone, as the spec words it (a warning like the header checks: nothing was sent, so no 'save failed'), the row
 * brought into view.
 */
export function useGridSave({ entry, header, rowsRef, setRows, view, reload, beforeSave, afterSave, saveFailedTitle }: GridSaveDeps) {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const saveCall = useMutation({ mutationFn: (body: unknown) => send(entry.calls.update, body) });
  const deleteCall = useMutation({ mutationFn: (body: unknown) => send(entry.calls.delete, body) });
  const update: Partial<GridUpdateSpec> = typeof entry.paths.update === 'object' ? (entry.paths.update as GridUpdateSpec) : {};

  const refuse = (description: string, stt?: number) => {
    if (stt !== undefined) view.showRow(stt);
    notification.error({ title: t('grid.saveFailed'), description, duration: 8 });
  };

  /** The first problem the entry finds in the rows to save, reported; true when there is none. */
  const checked = (pending: readonly GridRow[]) => {
    if (entry.header) {
      const head = entry.header.schema.safeParse(header ?? {});
      if (!head.success) {
        refuse(head.error.issues[0]?.message ?? '');
        return false;
      }
    }
    const missing = entry.required && firstMissingRequired(pending, entry.required.fields);
    if (missing && entry.required) {
      view.showRow(view.rowLabel(missing.id));
      void message.warning(entry.required.message);
      return false;
    }
    for (const r of pending) {
      const result = entry.saveRow.safeParse({ ...r.values, ...header });
      if (!result.success) {
        const stt = view.rowLabel(r.id);
        refuse(t('grid.rowInvalid', { row: stt, message: result.error.issues[0]?.message ?? '' }), stt);
        return false;
      }
    }
    return true;
  };

  const save = () => {
    const pending = rowsRef.current.filter((r) => r.state !== 'saved');
    const problem = beforeSave?.();
    if (problem) {
      void message.warning(problem);
      return;
    }
    if (!pending.length || !entry.calls.update) {
      void message.info(t('grid.nothingToSave'));
      return;
    }
    if (!checked(pending)) return;
    modal.confirm({
      title: t('grid.confirmSave'),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: async () => {
        // The STT of each row sent, in the order sent, to name a refused row as the user sees it.
        const shownNumbers = rowsRef.current.filter((r) => r.state !== 'saved').map((r) => view.rowLabel(r.id));
        const changed = withIntegerFlags(entry, rowsToSave(rowsRef.current, header));
        try {
          await saveCall.mutateAsync(update.body === 'rows' ? changed : { data: changed });
        } catch (e) {
          // Nothing is lost: the rows stay as typed, the server's message names the row (by its STT) and field.
          notification.error({
            title: saveFailedTitle ?? t('grid.saveFailed'),
            description: withShownRowNumbers(errorText(e), shownNumbers),
            duration: 10,
          });
          return;
        }
        void message.success(t('grid.saved'));
        if (afterSave) {
          await afterSave();
          return;
        }
        // Some screens reload a while after a save (spec 03 §9: payment partners 1 s).
        if (entry.reloadAfterSaveMs) await new Promise((done) => setTimeout(done, entry.reloadAfterSaveMs));
        await reload(false);
      },
    });
  };

  const remove = () => {
    const selectedIds = view.selectedIds();
    if (!selectedIds.length) {
      void message.warning(entry.nothingSelectedMessage ?? t('grid.nothingSelected'));
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
          if (!entry.calls.delete) return;
          try {
            await deleteCall.mutateAsync(entry.deleteShared ? { data: plan.send, action: 'delete' } : { data: plan.send });
          } catch (e) {
            notification.error({ title: t('grid.deleteFailed'), description: errorText(e), duration: 8 });
            return;
          }
        }
        const gone = [...plan.dropLocally, ...plan.send.map((v) => String(v.Rowguid))];
        setRows((current) => removeRows(current, gone));
        void message.success(t('grid.deleted'));
        if (plan.send.length) await reload(true);
      },
    });
  };

  return { save, remove, busy: saveCall.isPending || deleteCall.isPending };
}
