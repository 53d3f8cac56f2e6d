import { Badge } from 'antd';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainTitle } from '../../components/plain-text';
import { flattenMenu } from '../../lib/menu';
import { useMe, useMenu } from '../../lib/session-queries';
import { pinsFromHash, usePendingCount } from './api';
import type { PayOrderDialog } from './pay-dialog';
import { TaskLinks } from './TaskLinks';
import './home.css';
import { UsageGuide } from './UsageGuide';

// The order lists (antd Table, QR codes, file lists) are not on the first screen: the pending tab's list loads when the
// tab is opened, the tracking list when the URL carries PIN codes (the home page's budget: ≤ 300 KB of JavaScript).
const PendingOrdersTab = lazy(() => import('./PendingOrdersTab').then((m) => ({ default: m.PendingOrdersTab })));
const TrackingList = lazy(() => import('./TrackingList').then((m) => ({ default: m.TrackingList })));
const RecentOrdersTab = lazy(() => import('./RecentOrdersTab').then((m) => ({ default: m.RecentOrdersTab })));

/** Route `/`, title 'SMARTPORT dashboard' (spec 02 §2.1): guide and pending-payment tabs, task links, tracking by hash. */
export function HomeDashboard({ payDialog }: { payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const me = useMe();
  const menu = useMenu(me.data?.UserGroupCode);
  const count = usePendingCount();
  const { hash } = useLocation();
  const pins = useMemo(() => pinsFromHash(hash), [hash]);
  const [tab, setTab] = useState('guide');
  // The link to the whole history, when the user's menu holds it.
  const historyPath = useMemo(() => flattenMenu(menu.data ?? []).find((m) => m.MenuID === 'ORDER_HISTORY')?.Path ?? null, [menu.data]);

  useEffect(() => {
    document.title = t('home.title');
  }, [t]);

  return (
    <div className="sp-home">
      <PlainTitle level={3} style={{ margin: 0 }}>
        {t('home.title')}
      </PlainTitle>
      {pins.length > 0 && (
        <Suspense fallback={null}>
          <TrackingList pins={pins} title={t('home.trackingTitle', { pins: pins.join(', ') })} payDialog={payDialog} />
        </Suspense>
      )}
      <div className="sp-home__main">
        <HomeTabs
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'guide', label: t('home.guideTab'), content: <UsageGuide menu={menu.data ?? []} /> },
            {
              key: 'pending',
              label: (
                <Badge count={count.data ?? 0} overflowCount={999} offset={[12, -2]} size="small" data-testid="pending-count">
                  {t('home.pendingTab')}
                </Badge>
              ),
              content: (
                <Suspense fallback={null}>
                  <PendingOrdersTab payDialog={payDialog} />
                </Suspense>
              ),
            },
            {
              key: 'recent',
              label: t('home.recentTab'),
              content: (
                <Suspense fallback={null}>
                  <RecentOrdersTab historyPath={historyPath} />
                </Suspense>
              ),
            },
          ]}
        />
        <TaskLinks menu={menu.data ?? []} />
      </div>
    </div>
  );
}

interface HomeTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * antd's Tabs, drawn plain (home.css): a tab's panel is drawn when first opened and kept (hidden) after, as antd does;
 * the arrow keys move between the tabs (WAI-ARIA tabs pattern).
 */
function HomeTabs({ tabs, active, onChange }: { tabs: HomeTab[]; active: string; onChange: (key: string) => void }) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([active]));
  const open = (key: string) => {
    setOpened((seen) => (seen.has(key) ? seen : new Set(seen).add(key)));
    onChange(key);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = tabs.findIndex((tab) => tab.key === active);
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    open(next.key);
    e.currentTarget.querySelector<HTMLElement>(`#home-tab-${next.key}`)?.focus();
  };
  return (
    <div>
      <div className="sp-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`home-tab-${tab.key}`}
            className="sp-tabs__tab"
            aria-selected={tab.key === active}
            aria-controls={`home-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => open(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) =>
        opened.has(tab.key) || tab.key === active ? (
          <div
            key={tab.key}
            role="tabpanel"
            id={`home-panel-${tab.key}`}
            aria-labelledby={`home-tab-${tab.key}`}
            hidden={tab.key !== active}
          >
            {tab.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
