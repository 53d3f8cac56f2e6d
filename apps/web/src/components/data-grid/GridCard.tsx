import { Card, Typography } from 'antd';
import { EditableGrid, type EditableGridProps } from './EditableGrid';

/** The grid in its card, titled with the entry's title (a level lower under a page title); screens with more panels place it beside them. */
export function GridCard({ headingLevel = 4, ...grid }: EditableGridProps & { headingLevel?: 4 | 5 }) {
  return (
    <Card
      title={
        <Typography.Title level={headingLevel} style={{ margin: 0 }}>
          {grid.model.entry.title}
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
