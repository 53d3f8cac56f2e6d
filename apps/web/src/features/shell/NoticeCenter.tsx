import BellOutlined from '@ant-design/icons/BellOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import { Alert, Badge, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeUi, useNoticeUi } from './notice-store';
import { useActiveNotices } from './use-active-notices';

// The list renders the notices' HTML (DOMPurify); it loads when first opened.
const NoticeListModal = lazy(() => import('./NoticeListModal'));

/** The header's bell: how many active notices are unread here, and the list of all of them. */
export function NoticeBell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { notices, unread, markRead, query } = useActiveNotices(userId);
  const { listOpen } = useNoticeUi();
  return (
    <>
      {/* The browser's own hint, not antd's Tooltip: that would be on every signed-in page. */}
      <Badge count={unread.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          title={t('notices.bell')}
          aria-label={unread.length ? t('notices.bellUnread', { count: unread.length }) : t('notices.bell')}
          onClick={noticeUi.openList}
        />
      </Badge>
      {listOpen && (
        <Suspense fallback={null}>
          <NoticeListModal
            notices={notices}
            loading={query.isPending}
            error={query.error?.message}
            onClose={() => {
              markRead(notices);
              noticeUi.closeList();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Above every page after sign-in: the titles of active notices this user has not read here yet,
 * 'Xem nội dung' to read them, × to put them away. New ones arrive live.
 */
export function NoticeBanner({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { unread, markRead } = useActiveNotices(userId);
  if (!unread.length) return null;
  const [first] = unread;
  return (
    <section aria-label={t('notices.bannerLabel')} style={{ marginBottom: 12 }}>
      <Alert
        type="info"
        role="note"
        showIcon
        icon={<NotificationOutlined />}
        title={unread.length === 1 ? first?.MailTitle : t('notices.newCount', { count: unread.length })}
        description={
          unread.length > 1 ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {unread.map((n) => (
                <li key={n.Rowguid}>{n.MailTitle}</li>
              ))}
            </ul>
          ) : undefined
        }
        action={
          <Button size="small" type="primary" ghost onClick={noticeUi.openList}>
            {t('notices.read')}
          </Button>
        }
        closable={{ 'aria-label': t('notices.dismiss'), onClose: () => markRead(unread) }}
      />
    </section>
  );
}
