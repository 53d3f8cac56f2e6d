import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import type { MenuNode } from '@smartport/contract';
import { NOTICES_CHANGED, ORDER_STATE_CHANGED } from '@smartport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Grid, Layout, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LazyResult } from '../../components/lazy-result';
import { PlainText } from '../../components/plain-text';
import { connectRealtime, disconnectRealtime } from '../../lib/realtime';
import { session } from '../../lib/session';
import { useMe, useMenu } from '../../lib/session-queries';
import { shellKeys, useLogout } from './api';
import { NoticeBanner, NoticeBell } from './NoticeCenter';
import { SideMenu } from './SideMenu';

// antd's Select (rc-select, virtual list) only for users of several terminals; one terminal is plain text.
const TerminalSelect = lazy(() => import('./TerminalSelect').then((m) => ({ default: m.TerminalSelect })));

const noMenu: readonly MenuNode[] = [];

/** The frame around every signed-in page (spec 01 §2): the menu, the header with terminal, notices and logout, the page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const menu = useMenu(me.data?.UserGroupCode);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const logoutCall = useLogout();
  const { notification } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const narrow = !screens.lg;
  // Crossing the lg breakpoint folds the sider (narrow: the hidden overlay) or unfolds it (wide) in the same render, so
  // the menu never shows one frame of the 64 px icons between the two (the Sider's own onCollapse comes a render later).
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (narrow !== wasNarrow) {
    setWasNarrow(narrow);
    setCollapsed(narrow);
  }
  const [terminal, setTerminal] = useState(session.terminal() ?? '');

  useEffect(() => {
    const token = session.token();
    if (!token) return;
    let active = true;
    void connectRealtime(token).then((socket) => {
      if (!active) return;
      socket.on('notice', (env) => {
        // Notifications were saved or deleted: the banner and the bell reload them.
        if (env.request_type === NOTICES_CHANGED) {
          void queryClient.invalidateQueries({ queryKey: shellKeys.activeNotices });
          return;
        }
        // Staff decided on one of the user's orders: the lists that show it reload, the decision (and reason) is shown.
        if (env.request_type === ORDER_STATE_CHANGED) {
          void queryClient.invalidateQueries({ queryKey: ['home'] });
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          const show = env.note_state === 'D' ? notification.warning : notification.success;
          show({ title: env.message ?? env.request_type, placement: 'bottomRight', duration: 0 });
          return;
        }
        notification.info({ title: env.message ?? env.request_type, placement: 'bottomRight' });
      });
    });
    return () => {
      active = false;
      disconnectRealtime();
    };
  }, [notification, queryClient]);

  const terminals = (me.data?.TerminalCode ?? '').split(',').filter(Boolean);

  if (me.isPending || (me.data && menu.isPending)) return <Spin size="large" fullscreen description={t('shell.loading')} />;
  if (me.isError || menu.isError || !me.data) {
    return (
      <LazyResult
        status="error"
        title={t('shell.loadError')}
        subTitle={(me.error ?? menu.error)?.message}
        extra={<Button onClick={() => void queryClient.invalidateQueries()}>{t('shell.retry')}</Button>}
      />
    );
  }

  const logout = async () => {
    await logoutCall.mutateAsync().catch(() => undefined);
    session.clear();
    disconnectRealtime();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={264}
        breakpoint="lg"
        collapsedWidth={narrow ? 0 : 64}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={narrow ? null : undefined}
        theme="light"
        style={
          narrow
            ? {
                position: 'fixed',
                zIndex: 1000,
                height: '100vh',
                left: 0,
                top: 0,
                boxShadow: collapsed ? 'none' : '2px 0 8px rgba(0,0,0,.15)',
                overflow: 'hidden',
              }
            : { borderRight: '1px solid #f0f0f0', overflow: 'hidden' }
        }
      >
        <Link to="/" style={{ display: 'block', padding: '16px 20px', fontWeight: 700, fontSize: 18, color: '#0b4f8a' }}>
          {collapsed ? 'SP' : t('app.name')}
        </Link>
        {/* The hidden overlay of a narrow screen keeps its whole menu laid out (open groups too, clipped by the 0 px
            sider, side-menu.css) but out of the tab order. */}
        <nav aria-label={t('shell.menu')} inert={narrow && collapsed}>
          <SideMenu
            nodes={menu.data ?? noMenu}
            pathname={pathname}
            collapsed={collapsed && !narrow}
            onExpand={() => setCollapsed(false)}
            onNavigate={() => narrow && setCollapsed(true)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '8px 16px',
            borderBottom: '1px solid #f0f0f0',
            height: 'auto',
            minHeight: 56,
            lineHeight: 'normal',
          }}
        >
          <Flex justify="flex-end" align="center" gap={12} wrap>
            {narrow && (
              <Button
                icon={<MenuOutlined />}
                aria-label={t('shell.menu')}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed(!collapsed)}
                style={{ marginRight: 'auto' }}
              />
            )}
            {terminals.length > 1 && (
              <Suspense fallback={<span style={{ minWidth: 120 }} />}>
                <TerminalSelect
                  value={terminal}
                  terminals={terminals}
                  onChange={(code) => {
                    session.setTerminal(code);
                    setTerminal(code);
                    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'shell' });
                  }}
                />
              </Suspense>
            )}
            {terminals.length === 1 && <PlainText secondary>{terminals[0]}</PlainText>}
            <NoticeBell userId={me.data.UserID} />
            {/* The profile menu: the account screen and the user's sessions. */}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: '/Personal/Profile', label: t('shell.profile') },
                  { key: '/Personal/Sessions', label: t('shell.sessions') },
                ],
                onClick: ({ key }) => navigate(key),
              }}
            >
              <Button type="text" data-testid="current-user" aria-haspopup="menu" style={{ fontWeight: 600 }}>
                {me.data.UserName}
              </Button>
            </Dropdown>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('shell.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <NoticeBanner userId={me.data.UserID} />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
