import type { MenuNode } from '@smartport/contract';
import { Alert, App, Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LazyResult } from '../components/lazy-result';
import { isPageLoaded, preloadPage } from '../lib/preloaded-lazy';
import { useMe, useMenu } from '../lib/session-queries';
import { siteName } from '../lib/site-title';
import { isChunkLoadError } from './RouteError';
import { resolveView } from './resolve-view';
import { findPage, viewGroupLoaders } from './view-groups';
import { loadedViewGroup } from './view-loaders';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; Page: LazyExoticComponent<ComponentType> }
  | { kind: 'missing'; title: string }
  | { kind: 'forbidden' }
  | { kind: 'failed'; error: unknown };

/** Starts loading the chunk of the view group `pathname` resolves to (the page waits for it otherwise). */
export function preloadView(pathname: string, menu: readonly MenuNode[]) {
  const { group } = resolveView(pathname, menu);
  if (group) void viewGroupLoaders[group]().catch(() => undefined);
}

/** Shows the screen the menu resolves the current path to (spec 01 §2 "Shell routes"). */
export function ViewOutlet() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const menu = useMenu(me.data?.UserGroupCode);
  const { message } = App.useApp();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  // A page whose chunk has already loaded (the usual first visit: it was preloaded beside the user and menu calls) is
  // drawn in this render, not after the effect's promise and one more render (the home page's LCP).
  const loadedPage = useMemo(() => {
    if (!menu.data) return null;
    const at = resolveView(pathname, menu.data);
    const group = at.entry && at.group ? loadedViewGroup(at.group) : undefined;
    const Page = group ? findPage(group.pages, at.page) : null;
    return Page && isPageLoaded(Page) ? Page : null;
  }, [pathname, menu.data]);

  // The menu entry's title, set before any effect of the page: a page drawn in this same render (`loadedPage`) sets its
  // own title in its effect, after this one (the home page's 'SMARTPORT dashboard').
  useLayoutEffect(() => {
    if (!menu.data) return;
    const { entry } = resolveView(pathname, menu.data);
    document.title = entry ? `${entry.MenuName} - ${siteName()}` : siteName();
  }, [pathname, menu.data]);

  useEffect(() => {
    if (!menu.data) return;
    let cancelled = false;
    const resolved = resolveView(pathname, menu.data);
    if (!resolved.entry) {
      setState({ kind: 'forbidden' });
      return;
    }
    const title = resolved.entry.MenuName;
    const missing = () => {
      if (cancelled) return;
      setState({ kind: 'missing', title });
      void message.warning(t('shell.underDevelopment'));
    };
    if (!resolved.group) return missing();
    setState({ kind: 'loading' });
    viewGroupLoaders[resolved.group]()
      .then(async ({ pages }) => {
        const Page = findPage(pages, resolved.page);
        // A page that can be loaded ahead is shown once loaded, without a second spinner (lib/preloaded-lazy.ts).
        if (Page) await preloadPage(Page).catch(() => undefined);
        if (cancelled) return;
        if (Page) setState({ kind: 'ready', Page });
        else missing();
      })
      // A view group whose chunk cannot load is the route's error page ('Tải lại'), not 'under development'.
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isChunkLoadError(error)) setState({ kind: 'failed', error });
        else missing();
      });
    return () => {
      cancelled = true;
    };
  }, [pathname, menu.data, message, t]);

  if (loadedPage) {
    const Page = loadedPage;
    return (
      <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
        <Page />
      </Suspense>
    );
  }
  if (state.kind === 'failed') throw state.error;
  if (state.kind === 'loading') return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  if (state.kind === 'forbidden') return <LazyResult status="403" title="403" subTitle={t('shell.noPermission')} />;
  if (state.kind === 'missing') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t('shell.underDevelopment')}
        description={t('shell.underDevelopmentDetail', { title: state.title })}
      />
    );
  }
  const { Page } = state;
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
      <Page />
    </Suspense>
  );
}
