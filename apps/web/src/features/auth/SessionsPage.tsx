import { type LoginHistoryRow, loginResultNames, type SessionRow } from '@smartport/contract';
import { App, Button, Card, Flex, Input, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useEndSession, useLoginHistory, useSessions } from './api';

const TIME = 'DD/MM/YYYY HH:mm:ss';
const resultColor: Record<LoginHistoryRow['Result'], string> = {
  ok: 'green',
  wrong_password: 'orange',
  locked: 'red',
  totp_failed: 'volcano',
  inactive: 'default',
};

/**
 * 'Phiên đăng nhập': the open sessions (browser, address, start, last use) with 'Kết thúc' on each, and the login
 * history. The user's own (/Personal/Sessions), or everyone's for administrators (/SystemManager/sessions, filter by
 * user name). An ended session's token is refused at once by the server.
 */
function SessionsScreen({ scope }: { scope: 'mine' | 'all' }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [filterText, setFilterText] = useState('');
  const [user, setUser] = useState('');
  const sessions = useSessions(scope, user);
  const history = useLoginHistory(scope, user);
  const end = useEndSession(scope);

  const askEnd = (row: SessionRow) =>
    modal.confirm({
      title: row.Current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm'),
      okText: t('sessions.end'),
      okButtonProps: { danger: true },
      cancelText: t('profile.cancel'),
      onOk: async () => {
        try {
          const reply = await end.mutateAsync(row.Jti);
          message.success(reply.message ?? t('sessions.end'));
        } catch (err) {
          message.error((err as Error).message);
        }
      },
    });

  const userColumns = scope === 'all';
  const sessionColumns: TableColumnsType<SessionRow> = [
    ...(userColumns
      ? [
          { title: t('sessions.user'), dataIndex: 'UserID', key: 'UserID' },
          { title: t('sessions.userName'), dataIndex: 'UserName', key: 'UserName' },
        ]
      : []),
    {
      title: t('sessions.device'),
      dataIndex: 'UserAgent',
      key: 'UserAgent',
      ellipsis: true,
      render: (ua: string | null, row) => (
        <>
          {row.Current && <Tag color="blue">{t('sessions.current')}</Tag>}
          <span title={ua ?? ''}>{ua ?? '—'}</span>
        </>
      ),
    },
    { title: t('sessions.address'), dataIndex: 'ClientIp', key: 'ClientIp', width: 140 },
    {
      title: t('sessions.started'),
      dataIndex: 'CreatedTime',
      key: 'CreatedTime',
      width: 170,
      render: (v: string) => formatDateTime(v, TIME),
    },
    {
      title: t('sessions.lastUsed'),
      dataIndex: 'LastUsedAt',
      key: 'LastUsedAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v, TIME) : '—'),
    },
    {
      key: 'end',
      width: 110,
      render: (_: unknown, row) => (
        <Button danger size="small" onClick={() => askEnd(row)}>
          {t('sessions.end')}
        </Button>
      ),
    },
  ];
  const historyColumns: TableColumnsType<LoginHistoryRow> = [
    { title: t('sessions.time'), dataIndex: 'AttemptTime', key: 'AttemptTime', width: 170, render: (v: string) => formatDateTime(v, TIME) },
    ...(userColumns ? [{ title: t('sessions.user'), dataIndex: 'UserID', key: 'UserID' }] : []),
    {
      title: t('sessions.result'),
      dataIndex: 'Result',
      key: 'Result',
      width: 160,
      render: (r: LoginHistoryRow['Result']) => <Tag color={resultColor[r]}>{loginResultNames[r]}</Tag>,
    },
    { title: t('sessions.address'), dataIndex: 'ClientIp', key: 'ClientIp', width: 140 },
    { title: t('sessions.device'), dataIndex: 'UserAgent', key: 'UserAgent', ellipsis: true },
  ];

  return (
    <Card
      title={scope === 'all' ? t('sessions.adminTitle') : t('sessions.title')}
      extra={
        <Flex gap={8}>
          {scope === 'all' && (
            <Input.Search
              aria-label={t('sessions.filter')}
              placeholder={t('sessions.filter')}
              allowClear
              enterButton={t('sessions.search')}
              value={filterText}
              maxLength={60}
              onChange={(e) => setFilterText(e.target.value)}
              onSearch={(v) => setUser(v.trim())}
              style={{ width: 300 }}
            />
          )}
          <Button
            onClick={() => {
              void sessions.refetch();
              void history.refetch();
            }}
          >
            {t('sessions.reload')}
          </Button>
        </Flex>
      }
    >
      <Tabs
        items={[
          {
            key: 'sessions',
            label: t('sessions.tabSessions'),
            children: (
              <Table<SessionRow>
                rowKey="Jti"
                size="small"
                loading={sessions.isFetching}
                columns={sessionColumns}
                dataSource={sessions.data ?? []}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{ emptyText: t('sessions.empty') }}
                data-testid="sessions-table"
              />
            ),
          },
          {
            key: 'history',
            label: t('sessions.tabHistory'),
            children: (
              <Table<LoginHistoryRow>
                rowKey="Rowguid"
                size="small"
                loading={history.isFetching}
                columns={historyColumns}
                dataSource={history.data ?? []}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{ emptyText: t('sessions.empty') }}
                data-testid="history-table"
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

export function MySessionsPage() {
  return <SessionsScreen scope="mine" />;
}

export function AdminSessionsPage() {
  return <SessionsScreen scope="all" />;
}
