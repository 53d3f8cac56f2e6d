import {
  isIpAddress,
  SFTP_PASSWORD_MAX,
  SFTP_PASSWORD_MIN,
  SFTP_USERNAME,
  type SftpAccount,
  type SftpAccountType,
  sftpAccountTypeLabels,
  sftpAccountTypes,
  sftpMessages,
  splitList,
} from '@smartport/contract';
import { Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../lib/session-queries';
import { useSftpCreate, useSftpUpdate } from './api';
import { useSftpDialogs } from './sftp-dialogs';

interface Values {
  username: string;
  password?: string;
  description: SftpAccountType;
  allowed_list: string[];
  terminal_list: string[];
  additional_info?: string;
}

/**
 * 'Add new account' / 'Edit account' (spec 03 §2.5, §5): username (read-only on edit), password (required to
 * create; blank keeps it on edit), account type OPR / IT (not chosen '*' → 'Chưa chọn loại tài khoản !'), the
 * allowed IP list, and one toggle chip per terminal of the portal.
 */
export function SftpAccountModal({ account, open, onClose }: { account: SftpAccount | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const terminals = useTerminals();
  const create = useSftpCreate();
  const update = useSftpUpdate();
  const dialogs = useSftpDialogs();
  const editing = !!account;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      account
        ? {
            username: account.username,
            password: '',
            description: account.description,
            allowed_list: splitList(account.allowed_list),
            terminal_list: splitList(account.terminal_list),
            additional_info: account.additional_info,
          }
        : { username: '', password: '', description: '*', allowed_list: [], terminal_list: [], additional_info: '' },
    );
  }, [open, account, form]);

  const submit = (v: Values) => {
    const body = {
      username: v.username.trim(),
      password: v.password ?? '',
      description: v.description as 'OPR' | 'IT',
      allowed_list: v.allowed_list.join(','),
      terminal_list: v.terminal_list.join(','),
      additional_info: v.additional_info ?? '',
    };
    const done = {
      onSuccess: (reply: { out?: string | undefined }) => {
        dialogs.returned(reply);
        onClose();
      },
      onError: dialogs.failed,
    };
    if (editing) update.mutate(body, done);
    else create.mutate(body, done);
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit account' : 'Add new account'}
      okText={t('settingsForm.save')}
      cancelText={t('settingsForm.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={submit}>
        <Form.Item
          name="username"
          label={t('sftp.user')}
          rules={[
            { required: true, whitespace: true, message: sftpMessages.username },
            { pattern: SFTP_USERNAME, message: sftpMessages.usernamePattern },
          ]}
        >
          <Input readOnly={editing} disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('sftp.password')}
          extra={editing ? t('sftp.passwordKept') : undefined}
          rules={[
            ...(editing ? [] : [{ required: true, message: sftpMessages.password }]),
            { min: SFTP_PASSWORD_MIN, max: SFTP_PASSWORD_MAX, message: sftpMessages.passwordLength },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('sftp.type')}
          rules={[{ validator: async (_, v) => (v === 'OPR' || v === 'IT' ? undefined : Promise.reject(new Error(sftpMessages.type))) }]}
        >
          <Select options={sftpAccountTypes.map((v) => ({ value: v, label: sftpAccountTypeLabels[v] }))} />
        </Form.Item>
        <Form.Item
          name="allowed_list"
          label={t('sftp.ips')}
          rules={[
            {
              validator: async (_, v: string[] | undefined) => {
                const bad = (v ?? []).find((ip) => !isIpAddress(ip.trim()));
                if (bad !== undefined) throw new Error(sftpMessages.badIp(bad));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ', ';']} placeholder={t('sftp.ipsHint')} />
        </Form.Item>
        <Form.Item name="terminal_list" label={t('sftp.terminals')}>
          <TerminalChips codes={(terminals.data ?? []).map((x) => x.TerminalCode)} />
        </Form.Item>
        <Form.Item name="additional_info" label={t('sftp.additionalInfo')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One toggle chip per terminal (a Form control: value = the chosen codes). */
function TerminalChips({ codes, value = [], onChange }: { codes: string[]; value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  if (!codes.length) return <Typography.Text type="secondary">{t('sftp.noTerminals')}</Typography.Text>;
  return (
    <Flex wrap gap={6}>
      {codes.map((code) => (
        <Tag.CheckableTag
          key={code}
          checked={value.includes(code)}
          onChange={(on) => onChange?.(on ? [...value, code] : value.filter((c) => c !== code))}
          style={{ border: '1px solid #d9d9d9', padding: '2px 10px' }}
        >
          {code}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}
