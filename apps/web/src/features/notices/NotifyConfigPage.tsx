import { notifyGrid } from '@smartport/contract';
import type { ColDef, IRowNode } from 'ag-grid-community';
import { App, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import type { GridRow } from '../../components/data-grid/grid-rows';
import { useGrid } from '../../components/data-grid/use-grid';
import { plainText } from '../../components/rich-text/html-source';
import { NotifyContentCell, type OpenContent } from './notify-content-cell';

// TipTap is loaded only when a content dialog is first opened.
const NotifyContentDialog = lazy(() => import('./NotifyContentDialog'));

const CONTENT = 'NotifyContent';

/** /config/notify_config (spec 01 §2): the notification rows over the shared grid, content edited in a rich-text dialog. */
export default function NotifyConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const model = useGrid(notifyGrid);
  const [editing, setEditing] = useState<IRowNode<GridRow> | null>(null);

  const columnOverrides = useMemo(() => {
    const onOpen: OpenContent = (node) => setEditing(node);
    const content: Partial<ColDef<GridRow>> = {
      editable: false,
      cellRenderer: NotifyContentCell,
      cellRendererParams: { onOpen },
      // The search finds the words of the content, not its markup.
      getQuickFilterText: (p) => plainText(p.value as string | null),
      flex: undefined,
      width: 170,
      minWidth: 160,
    };
    return { [CONTENT]: content };
  }, []);

  const values = editing?.data?.values;
  return (
    <>
      <GridCard model={model} columnOverrides={columnOverrides} />
      {editing && (
        <Suspense fallback={<Spin fullscreen description={t('notify.loadingEditor')} />}>
          <NotifyContentDialog
            rowTitle={String(values?.MailTitle ?? '')}
            html={String(values?.[CONTENT] ?? '')}
            onCancel={() => setEditing(null)}
            onSave={(html) => {
              // Goes through the column like a typed edit, so the row becomes edited (or stays new).
              editing.setDataValue(CONTENT, html);
              setEditing(null);
              void message.info(t('notify.applied'));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
