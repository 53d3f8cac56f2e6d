import { SFTP_PASSWORD_MAX, SFTP_PASSWORD_MIN, SFTP_USERNAME, sftpMessages } from '@smartport/contract';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSftpCreateUser } from './api';
import { useSftpDialogs } from './sftp-dialogs';

interface Values {
  user: string;
  pass: string;
}

/**
 * 'Thêm tài khoản SFTP' (spec 03 §2.5): user and password, Create → the service's /create_user through
 * sftp/create_user; the account has no type yet (set it in 'Quản lý tài khoản SFTP').
 */
export default function SftpCreatePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useSftpCreateUser();
  const dialogs = useSftpDialogs();
  return (
    <Card title={t('sftp.createTitle')} size="small" style={{ maxWidth: 560 }}>
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        onFinish={(v) =>
          create.mutate(
            { user: v.user.trim(), pass: v.pass },
            {
              onSuccess: (reply) => {
                dialogs.returned(reply);
                form.resetFields();
              },
              onError: dialogs.failed,
            },
          )
        }
      >
        <Form.Item
          name="user"
          label={t('sftp.user')}
          rules={[
            { required: true, whitespace: true, message: sftpMessages.username },
            { pattern: SFTP_USERNAME, message: sftpMessages.usernamePattern },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="pass"
          label={t('sftp.password')}
          rules={[
            { required: true, message: sftpMessages.password },
            { min: SFTP_PASSWORD_MIN, max: SFTP_PASSWORD_MAX, message: sftpMessages.passwordLength },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create
        </Button>
      </Form>
    </Card>
  );
}
