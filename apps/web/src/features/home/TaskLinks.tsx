import type { MenuNode } from '@smartport/contract';
import { Card, Empty, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenMenu } from '../../lib/menu';

/** Side panel: the user's task links /Task/{menuId} (spec 02 §2.1). */
export function TaskLinks({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const tasks = flattenMenu(menu).filter((m) => m.Path?.startsWith('/Task/'));
  return (
    <Card size="small" title={t('home.taskLinks')} styles={{ body: { padding: 4 } }}>
      {tasks.length ? (
        <nav aria-label={t('home.taskLinks')}>
          <Menu
            mode="inline"
            selectable={false}
            style={{ borderInlineEnd: 0 }}
            items={tasks.map((m) => ({ key: m.MenuID, label: <Link to={`/Task/${m.MenuID}`}>{m.MenuName}</Link> }))}
          />
        </nav>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noTasks')} />
      )}
    </Card>
  );
}
