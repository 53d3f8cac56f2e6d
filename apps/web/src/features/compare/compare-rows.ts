import { compareRowInput } from '@smartport/contract';
import type { SheetRow } from '../../components/data-grid/grid-excel';
import { i18n } from '../../lib/i18n';
import type { CompareValues } from './CompareRunner';

/** An imported row: its sheet row number and values; `problem` says why it is not sent (it is checked on the screen). */
export interface ImportedRow {
  sheetRow: number;
  values: CompareValues;
  problem?: string;
}

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

/**
 * Checks each imported row as the server would (the contract's row schema) before anything is sent, so one
 * malformed row is named by its sheet row ('Dòng 12: số container "…" không hợp lệ (…)') and the other rows of its
 * batch are still compared.
 */
export function checkImportedRows(rows: readonly SheetRow[]): ImportedRow[] {
  return rows.map(({ sheetRow, values, errors }) => {
    const row = { sheetRow, values };
    const no = typeof values.ContainerNo === 'string' ? values.ContainerNo.trim() : '';
    if (!no) return { ...row, problem: t('compare.invalid.noContainer', { row: sheetRow }) };
    // A cell the sheet reader could not read already names its row and column.
    if (errors.length) return { ...row, problem: errors.join('; ') };
    const parsed = compareRowInput.safeParse(values);
    if (parsed.success) return row;
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const reason = issue?.message ?? '';
    return {
      ...row,
      problem:
        field === 'ContainerNo'
          ? t('compare.invalid.containerNo', { row: sheetRow, value: no, reason })
          : t('compare.invalid.other', { row: sheetRow, reason }),
    };
  });
}
