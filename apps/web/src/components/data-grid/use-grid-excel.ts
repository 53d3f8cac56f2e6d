import type { AnyGrid, GridColumn } from '@smartport/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridRow, GridValues } from './grid-rows';
import type { GridView } from './use-grid-view';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * 'Nhập Excel' (spec 03 §1: titles of the header row name the fields; a wrong file says 'Sai định dạng file excel ! '
 * and why) and 'Xuất Excel' (the rows shown, under the column titles). ExcelJS loads only when a user asks.
 */
export function useGridExcel(
  entry: AnyGrid,
  columns: readonly GridColumn[],
  view: GridView,
  newRows: (given: readonly GridValues[]) => GridRow[],
  onImported: (rows: GridRow[]) => void,
) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  const importFile = async (file: File) => {
    try {
      const { readGridWorkbook } = await import('./grid-excel');
      const added = newRows(await readGridWorkbook(await file.arrayBuffer(), columns));
      onImported(added);
      void message.success(t('grid.excel.imported', { count: added.length }));
    } catch (e) {
      modal.error({ title: t('grid.excel.importTitle'), content: `${t('grid.excel.wrongFile')}${errorText(e)}`, okText: t('grid.close') });
    }
  };

  const exportShown = async () => {
    try {
      const { downloadGridWorkbook } = await import('./grid-excel');
      await downloadGridWorkbook(entry.title, columns, view.shownValues());
    } catch (e) {
      void message.error(t('grid.excel.exportFailed', { message: errorText(e) }));
    }
  };

  return { importFile, exportShown };
}
