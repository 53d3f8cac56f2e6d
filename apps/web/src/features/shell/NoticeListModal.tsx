import { portFormats } from '@smartport/contract';
import './notices.css';
import type { CallReply, calls } from '@smartport/contract';
import { Alert, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { safeNoticeFragment } from './notice-html';

type Notice = NonNullable<CallReply<typeof calls.notices.getActiveNotifyList>['payload']>[number];

const SHOWN = portFormats.dateTimeMinutes;

/** Sanitised by the server when stored and again here (as nodes); the CSP allows no inline script either. */
function NoticeContent({ html }: { html: string | null }) {
  const fill = useCallback((el: HTMLDivElement | null) => el?.replaceChildren(safeNoticeFragment(html)), [html]);
  return <div className="sp-notice-content" ref={fill} />;
}

/** All active notices with their content, rendered from sanitised HTML. */
export default function NoticeListModal({
  notices,
  loading,
  error,
  onClose,
}: {
  notices: readonly Notice[];
  loading: boolean;
  error: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('notices.listTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('notices.close')}</Button>}
      width={760}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      {loading && <Spin />}
      {error && <Alert type="error" showIcon title={t('notices.loadFailed')} description={error} />}
      {!loading && !error && !notices.length && <Empty description={t('notices.empty')} />}
      <Flex vertical gap={20}>
        {notices.map((n) => (
          <article key={n.Rowguid} aria-label={n.MailTitle} className="sp-notice">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {n.MailTitle}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('notices.period', { from: formatDateTime(n.NotifyFrom, SHOWN), to: formatDateTime(n.NotifyTo, SHOWN) })}
            </Typography.Text>
            <NoticeContent html={n.NotifyContent} />
          </article>
        ))}
      </Flex>
    </Modal>
  );
}
