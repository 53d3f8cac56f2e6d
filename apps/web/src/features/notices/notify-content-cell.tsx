import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ICellRendererParams, IRowNode } from 'ag-grid-community';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridRow } from '../../components/data-grid/grid-rows';
import { hasVisibleContent } from '../../components/rich-text/html-source';

export type OpenContent = (node: IRowNode<GridRow>) => void;

/** Spec 01 §2: 'Điều chỉnh' when the row has content, otherwise 'Thêm nội dung'. */
export function NotifyContentCell({ node, data, onOpen }: ICellRendererParams<GridRow> & { onOpen: OpenContent }) {
  const { t } = useTranslation();
  const has = hasVisibleContent(data?.values.NotifyContent as string | null | undefined);
  return (
    <Button size="small" type={has ? 'default' : 'dashed'} icon={has ? <EditOutlined /> : <PlusOutlined />} onClick={() => onOpen(node)}>
      {has ? t('notify.edit') : t('notify.addContent')}
    </Button>
  );
}
