import { FilePdfOutlined } from '@ant-design/icons';
import { helpDocs, userGuideFor } from '@smartport/contract';
import { App, Button, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../lib/session-queries';

/** react-router keeps the position of the current entry in the history state. */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/**
 * Spec 03 §2.2: the help screens send the browser to a PDF and then go back. The PDF opens in a new
 * tab and this tab returns to the page the user came from (home when the help path was opened
 * directly). When the browser blocks the new tab, the PDF replaces this screen in the same tab, so
 * the browser's Back button still returns to the previous page.
 */
function OpenHelpDoc({ url }: { url: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // StrictMode runs effects twice in development; the document opens once.
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const tab = window.open(url, '_blank');
    if (!tab) {
      window.location.replace(url);
      return;
    }
    tab.opener = null;
    void message.info(t('help.openedInNewTab'));
    if (historyIndex() > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [url, navigate, message, t]);

  return (
    <Result
      icon={<FilePdfOutlined />}
      title={t('help.opening')}
      extra={
        <Button type="primary" href={url} target="_blank" rel="noopener">
          {t('help.openDoc')}
        </Button>
      }
    />
  );
}

/** 'Câu hỏi thường gặp': the Q&A PDF. */
export function FaqPage() {
  return <OpenHelpDoc url={helpDocs.faq} />;
}

/** 'Hướng dẫn sử dụng': the shipping-line guide for groups whose code contains 'Operation', else the customer guide. */
export function UserGuidePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  const url = userGuideFor(me.data?.UserGroupCode);
  if (!url) return <Result status="warning" title={t('help.noGuide')} />;
  return <OpenHelpDoc url={url} />;
}
