import type { MenuNode } from '@smartport/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenMenu } from '../../lib/menu';
import { HomeCard } from './HomeCard';

/** Side panel: the user's task links /Task/{menuId} (spec 02 §2.1). */
export function TaskLinks({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const tasks = flattenMenu(menu).filter((m) => m.Path?.startsWith('/Task/'));
  return (
    <HomeCard title={t('home.taskLinks')} bodyClassName="">
      {tasks.length ? (
        <nav aria-label={t('home.taskLinks')}>
          <ul className="sp-tasks">
            {tasks.map((m) => (
              <li key={m.MenuID}>
                <Link to={`/Task/${m.MenuID}`}>{m.MenuName}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className="sp-empty">{t('home.noTasks')}</p>
      )}
    </HomeCard>
  );
}
