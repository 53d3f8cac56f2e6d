import type { CatalogDef } from '@smartport/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableGrid } from './EditableGrid';
import { type CatalogCalls, useCatalogGrid } from './use-catalog-grid';

/** A catalogue screen as declared: its descriptor, its calls, and a page title where the spec gives one. */
export interface CatalogScreenDef {
  def: CatalogDef;
  calls: CatalogCalls;
  /** Locale key of the page title above the grid (spec 03 §2.1: 'Quản lý hãng tàu'). */
  pageTitleKey?: string;
}

export function CatalogScreen({ screen }: { screen: CatalogScreenDef }) {
  const { t } = useTranslation();
  const model = useCatalogGrid({ def: screen.def, calls: screen.calls });
  const gridTitle = (
    <Typography.Title level={screen.pageTitleKey ? 5 : 4} style={{ margin: 0 }}>
      {screen.def.title}
    </Typography.Title>
  );
  return (
    <Flex vertical gap={12}>
      {screen.pageTitleKey && (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(screen.pageTitleKey)}
        </Typography.Title>
      )}
      <Card title={gridTitle} size="small" styles={{ body: { padding: 12 } }}>
        <EditableGrid model={model} />
      </Card>
    </Flex>
  );
}
