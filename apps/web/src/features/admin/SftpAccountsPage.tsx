import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UnlockOutlined from '@ant-design/icons/UnlockOutlined';
import { type SftpAccount, sftpAccountTypeLabels } from '@smartport/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../components/data-grid/ReadOnlyGrid';
import { formatDateTime } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { useSftpAccounts, useSftpDelete, useSftpStatus, useSftpUnlock } from './api';
import { SftpAccountModal } from './SftpAccountModal';
import { useSftpDialogs } from './sftp-dialogs';

/**
 * 'Quản lý tài khoản SFTP' (spec 03 §2.5): the accounts (STT, account name, Edit, Delete) with live search and
 * Excel export; 'Add new account' and 'Edit account' in one modal; Delete asks 'Xóa nội dung này ?'. An account locked
 * by wrong passwords shows until when, and 'Mở khóa' (sftp/unlock) ends the lock.
 */
export default function SftpAccountsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const accounts = useSftpAccounts();
  const remove = useSftpDelete();
  const unlock = useSftpUnlock();
  const status = useSftpStatus();
  const lockedUntil = new Map(
    (status.data?.locks ?? []).filter((l) => l.kind === 'account').map((l) => [l.key.toLowerCase(), l.locked_until] as const),
  );
  const lockOf = (r: SftpAccount) => lockedUntil.get(r.username.toLowerCase());
  const dialogs = useSftpDialogs();
  const [editing, setEditing] = useState<{ account: SftpAccount | null } | null>(null);
  useReportError(accounts.error, (e) => void message.error(e.message));

  const columns: ReadOnlyColumn<SftpAccount>[] = [
    { key: 'username', title: t('sftp.accountName'), width: 220, flex: 1, text: (r) => r.username },
    { key: 'description', title: t('sftp.type'), width: 150, text: (r) => sftpAccountTypeLabels[r.description] },
    { key: 'terminal_list', title: t('sftp.terminals'), width: 160, text: (r) => r.terminal_list },
    {
      key: 'locked_until',
      title: t('sftp.lockedUntil'),
      width: 170,
      text: (r) => formatDateTime(lockOf(r), 'DD/MM/YYYY HH:mm:ss'),
      style: (r) => (lockOf(r) ? { color: '#cf1322' } : undefined),
    },
    {
      key: 'unlock',
      title: t('sftp.unlock'),
      width: 120,
      noExport: true,
      align: 'center',
      text: () => '',
      render: (r) => (
        <Button
          size="small"
          icon={<UnlockOutlined />}
          disabled={!lockOf(r)}
          aria-label={`${t('sftp.unlock')} ${r.username}`}
          onClick={() =>
            modal.confirm({
              title: t('sftp.unlockConfirm', { username: r.username }),
              okText: t('settingsForm.ok'),
              cancelText: t('settingsForm.cancel'),
              onOk: () => unlock.mutateAsync({ username: r.username }).then(dialogs.returned, dialogs.failed),
            })
          }
        >
          {t('sftp.unlock')}
        </Button>
      ),
    },
    {
      key: 'edit',
      title: 'Edit',
      width: 90,
      noExport: true,
      align: 'center',
      text: () => '',
      render: (r) => (
        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${r.username}`} onClick={() => setEditing({ account: r })}>
          Edit
        </Button>
      ),
    },
    {
      key: 'delete',
      title: 'Delete',
      width: 100,
      noExport: true,
      align: 'center',
      text: () => '',
      render: (r) => (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${r.username}`}
          onClick={() =>
            modal.confirm({
              title: t('sftp.confirmDelete'),
              okText: t('settingsForm.ok'),
              cancelText: t('settingsForm.cancel'),
              onOk: () => remove.mutateAsync(r).then(dialogs.returned, dialogs.failed),
            })
          }
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <>
      <ReadOnlyGrid
        title={t('sftp.accountsTitle')}
        columns={columns}
        rows={accounts.data ?? []}
        rowId={(r) => r.username}
        height="55vh"
        loading={accounts.isFetching}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ account: null })}>
            Add new account
          </Button>
        }
      />
      <SftpAccountModal account={editing?.account ?? null} open={!!editing} onClose={() => setEditing(null)} />
    </>
  );
}
