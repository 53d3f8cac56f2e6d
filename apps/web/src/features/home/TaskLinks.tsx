import type { MenuNode } from '@smartport/contract';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenMenu } from '../../lib/menu';
import './task-links.css';

/**
 * Side panel: the user's task links /Task/{menuId} (spec 02 §2.1). A plain list drawn like antd's inline Menu: the
 * Menu would bring rc-menu, overflow, dropdown and tooltip to the home page (issue 15).
 */
export function TaskLinks({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const tasks = flattenMenu(menu).filter((m) => m.Path?.startsWith('/Task/'));
  return (
    <Card size="small" title={t('home.taskLinks')} styles={{ body: { padding: 4 } }}>
      {tasks.length ? (
        <nav aria-label={t('home.taskLinks')}>
          <ul className="sp-task-links">
            {tasks.map((m) => (
              <li key={m.MenuID}>
                <Link className="sp-task-links__item" to={`/Task/${m.MenuID}`}>
                  {m.MenuName}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noTasks')} />
      )}
    </Card>
  );
}
