import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * Leaving with `unsaved` rows asks first (spec 03 §1 row states: a new page or a reload would lose them): once in the
 * app, and the browser's own question when the tab closes or reloads. Signing out (/login) is never held back.
 */
export function useLeaveGuard(unsaved: number, content?: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsaved > 0 && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/login'),
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const unsavedRef = useRef(unsaved);
  // A screen that is not a grid (the order wizard) says in its own words what would be lost.
  const contentRef = useRef(content);
  contentRef.current = content;
  unsavedRef.current = unsaved;
  // One question at a time, even if this effect runs again while it is open (StrictMode, new `t`).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const answer = (leave: boolean) => {
      asking.current = false;
      if (leave) blockerRef.current.proceed?.();
      else blockerRef.current.reset?.();
    };
    modal.confirm({
      title: t('grid.leave.title'),
      content: contentRef.current ?? t('grid.leave.content', { count: unsavedRef.current }),
      okText: t('grid.leave.ok'),
      cancelText: t('grid.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: () => answer(true),
      onCancel: () => answer(false),
    });
  }, [blocker.state, modal, t]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
