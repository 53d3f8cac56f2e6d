import type { CatalogDef } from '@smartport/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableGrid, type EditableGridProps } from './EditableGrid';
import { type CatalogCalls, useCatalogGrid } from './use-catalog-grid';

/** A catalogue screen as declared: its descriptor, its calls, and a page title where the spec gives one. */
export interface CatalogScreenDef {
  def: CatalogDef;
  calls: CatalogCalls;
  /** Locale key of the page title above the grid (spec 03 §2.1: 'Quản lý hãng tàu'). */
  pageTitleKey?: string;
}

/** The grid in its card, titled with the descriptor's title (a level lower under a page title); screens with more panels place it beside them. */
export function CatalogGridCard({ headingLevel = 4, ...grid }: EditableGridProps & { headingLevel?: 4 | 5 }) {
  return (
    <Card
      title={
        <Typography.Title level={headingLevel} style={{ margin: 0 }}>
          {grid.model.def.title}
        </Typography.Title>
      }
      size="small"
      styles={{ body: { padding: 12 } }}
      style={{ minWidth: 0 }}
    >
      <EditableGrid {...grid} />
    </Card>
  );
}

export function CatalogScreen({ screen }: { screen: CatalogScreenDef }) {
  const { t } = useTranslation();
  const model = useCatalogGrid({ def: screen.def, calls: screen.calls });
  const pageTitle = screen.pageTitleKey ? t(screen.pageTitleKey) : undefined;
  return (
    <Flex vertical gap={12}>
      {pageTitle && (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {pageTitle}
        </Typography.Title>
      )}
      <CatalogGridCard model={model} headingLevel={pageTitle ? 5 : 4} />
    </Flex>
  );
}
