import { type AccountRow, type AccountState, accountStateNames, accountStates } from '@smartport/contract';
import { App, Button, Card, Checkbox, Flex, Form, Input, Modal, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useAccountAction, useAccountOptions, useAccounts, useUpdateAccount } from './api';

const stateColor: Record<AccountState, string> = { unverified: 'default', pending: 'gold', active: 'green', locked: 'red' };

/**
 * 'Quản lý tài khoản' (/SystemManager/accounts): the accounts of the user's terminals with a lower rank (administrators:
 * all). Registrations waiting for activation ('Chờ kích hoạt') first in the filter; activate, lock, unlock, send a
 * password reset to the account's own e-mail, and set its group and terminals (never more than the user has).
 */
export default function AccountsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [state, setState] = useState<AccountState | undefined>(undefined);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const accounts = useAccounts(state, search);
  const options = useAccountOptions();
  const action = useAccountAction();
  const update = useUpdateAccount();
  const [editing, setEditing] = useState<AccountRow | null>(null);
  const [form] = Form.useForm<{ UserGroupCode: string; TerminalCodes: string[] }>();

  const run = (kind: 'activateAccount' | 'lockAccount' | 'unlockAccount' | 'sendPasswordReset', row: AccountRow, question: string) =>
    modal.confirm({
      title: question,
      content: `${row.UserID} – ${row.UserName}`,
      okText: t('accounts.yes'),
      cancelText: t('accounts.no'),
      onOk: async () => {
        try {
          const reply = await action.mutateAsync({ action: kind, UserID: row.UserID });
          message.success(reply.message ?? '');
        } catch (err) {
          message.error((err as Error).message);
        }
      },
    });

  const openEdit = (row: AccountRow) => {
    setEditing(row);
    const mine = new Set((options.data?.terminals ?? []).map((x) => x.TerminalCode));
    form.setFieldsValue({ UserGroupCode: row.UserGroupCode, TerminalCodes: row.TerminalCodes.filter((c) => mine.has(c)) });
  };
  const save = async () => {
    if (!editing) return;
    const v = await form.validateFields();
    try {
      const reply = await update.mutateAsync({ UserID: editing.UserID, ...v });
      message.success(reply.message ?? '');
      setEditing(null);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const columns: TableColumnsType<AccountRow> = [
    { title: t('accounts.userId'), dataIndex: 'UserID', key: 'UserID', width: 150 },
    { title: t('accounts.userName'), dataIndex: 'UserName', key: 'UserName', width: 240, ellipsis: true },
    { title: t('accounts.email'), dataIndex: 'Email', key: 'Email', width: 220, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('accounts.customer'), dataIndex: 'CustomerCode', key: 'CustomerCode', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('accounts.group'), dataIndex: 'UserGroupName', key: 'UserGroupName', width: 140 },
    {
      title: t('accounts.terminals'),
      dataIndex: 'TerminalCodes',
      key: 'TerminalCodes',
      width: 140,
      render: (v: string[]) => v.join(', '),
    },
    {
      title: t('accounts.state'),
      dataIndex: 'State',
      key: 'State',
      width: 150,
      render: (s: AccountState) => <Tag color={stateColor[s]}>{accountStateNames[s]}</Tag>,
    },
    {
      title: t('accounts.created'),
      dataIndex: 'CreatedTime',
      key: 'CreatedTime',
      width: 150,
      render: (v: string) => formatDateTime(v, 'DD/MM/YYYY HH:mm'),
    },
    {
      title: t('accounts.actions'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4} wrap>
          {row.State === 'pending' && (
            <Button size="small" type="primary" onClick={() => run('activateAccount', row, t('accounts.activateConfirm'))}>
              {t('accounts.activate')}
            </Button>
          )}
          {row.State === 'active' && (
            <Button size="small" danger onClick={() => run('lockAccount', row, t('accounts.lockConfirm'))}>
              {t('accounts.lock')}
            </Button>
          )}
          {row.State === 'locked' && (
            <Button size="small" onClick={() => run('unlockAccount', row, t('accounts.unlockConfirm'))}>
              {t('accounts.unlock')}
            </Button>
          )}
          <Button size="small" disabled={!row.Email} onClick={() => run('sendPasswordReset', row, t('accounts.resetConfirm'))}>
            {t('accounts.reset')}
          </Button>
          <Button size="small" onClick={() => openEdit(row)}>
            {t('accounts.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('accounts.title')}</h1>} data-testid="accounts-page">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('accounts.state')}
          allowClear
          placeholder={t('accounts.allStates')}
          style={{ width: 200 }}
          value={state}
          onChange={(v) => setState(v)}
          options={accountStates.map((s) => ({ value: s, label: accountStateNames[s] }))}
        />
        <Input.Search
          aria-label={t('accounts.search')}
          placeholder={t('accounts.search')}
          style={{ width: 280 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setSearch(v.trim())}
          enterButton={t('accounts.find')}
          allowClear
        />
        <Button onClick={() => void accounts.refetch()}>{t('accounts.reload')}</Button>
      </Flex>
      <Table<AccountRow>
        rowKey="UserID"
        size="small"
        loading={accounts.isFetching}
        columns={columns}
        dataSource={accounts.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 1600 }}
        locale={{ emptyText: t('accounts.empty') }}
      />
      <Modal
        open={!!editing}
        title={t('accounts.editTitle', { user: editing?.UserID ?? '' })}
        okText={t('accounts.save')}
        cancelText={t('accounts.no')}
        confirmLoading={update.isPending}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="UserGroupCode" label={t('accounts.group')} rules={[{ required: true, message: t('accounts.groupRequired') }]}>
            <Select
              options={(options.data?.groups ?? []).map((g) => ({
                value: g.UserGroupCode,
                label: `${g.UserGroupName} (${g.UserGroupCode})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="TerminalCodes"
            label={t('accounts.terminals')}
            extra={t('accounts.terminalsHelp')}
            rules={[{ required: true, type: 'array', min: 1, message: t('accounts.terminalsRequired') }]}
          >
            <Checkbox.Group
              options={(options.data?.terminals ?? []).map((x) => ({
                value: x.TerminalCode,
                label: `${x.TerminalCode} - ${x.TerminalName}`,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
