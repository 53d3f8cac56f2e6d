import { Badge, Col, Flex, Row, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainTitle } from '../../components/plain-text';
import { useMe, useMenu } from '../../lib/session-queries';
import { pinsFromHash, usePendingCount } from './api';
import type { PayOrderDialog } from './pay-dialog';
import { TaskLinks } from './TaskLinks';
import { UsageGuide } from './UsageGuide';

// The order lists (antd Table, QR codes, file lists) are not on the first screen: the pending tab's list loads when the
// tab is opened, the tracking list when the URL carries PIN codes (issue 15, home page ≤ 300 KB of JavaScript).
const PendingOrdersTab = lazy(() => import('./PendingOrdersTab').then((m) => ({ default: m.PendingOrdersTab })));
const TrackingList = lazy(() => import('./TrackingList').then((m) => ({ default: m.TrackingList })));

/** Route `/`, title 'SMARTPORT dashboard' (spec 02 §2.1): guide and pending-payment tabs, task links, tracking by hash. */
export function HomeDashboard({ payDialog }: { payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const me = useMe();
  const menu = useMenu(me.data?.UserGroupCode);
  const count = usePendingCount();
  const { hash } = useLocation();
  const pins = useMemo(() => pinsFromHash(hash), [hash]);
  const [tab, setTab] = useState('guide');

  useEffect(() => {
    document.title = t('home.title');
  }, [t]);

  return (
    <Flex vertical gap={12}>
      <PlainTitle level={3} style={{ margin: 0 }}>
        {t('home.title')}
      </PlainTitle>
      {pins.length > 0 && (
        <Suspense fallback={null}>
          <TrackingList pins={pins} title={t('home.trackingTitle', { pins: pins.join(', ') })} payDialog={payDialog} />
        </Suspense>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18} xxl={19}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'guide', label: t('home.guideTab'), children: <UsageGuide menu={menu.data ?? []} /> },
              {
                key: 'pending',
                label: (
                  <Badge count={count.data ?? 0} overflowCount={999} offset={[12, -2]} size="small" data-testid="pending-count">
                    {t('home.pendingTab')}
                  </Badge>
                ),
                children: (
                  <Suspense fallback={null}>
                    <PendingOrdersTab payDialog={payDialog} />
                  </Suspense>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={6} xxl={5}>
          <TaskLinks menu={menu.data ?? []} />
        </Col>
      </Row>
    </Flex>
  );
}
