import { ACCOUNT_USER_ID, accountMessages } from '@smartport/contract';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './AccountCard';
import { AccountFormError, NewPasswordFields, useAccountSubmit } from './AccountForm';
import { useRegister, useRegisterTerminals } from './api';

interface Values {
  TaxCode: string;
  CompanyName: string;
  Email: string;
  Phone?: string;
  TerminalCode: string;
  UserID: string;
  Password: string;
  Confirm: string;
}

/**
 * 'Đăng ký tài khoản' (/register): a customer of the port's catalogue (its tax code) registers; the server mails a
 * verification link. What comes after the link depends on the chosen terminal's 'Tự động kích hoạt tài khoản'.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const terminals = useRegisterTerminals();
  const register = useRegister();
  const { done, error, submit } = useAccountSubmit(async (v: Values) => {
    const { Confirm: _confirm, Phone, ...rest } = v;
    const reply = await register.mutateAsync({ ...rest, ...(Phone?.trim() ? { Phone } : {}) });
    return reply.message ?? accountMessages.registered;
  });

  if (done)
    return (
      <AccountCard title={t('account.registerTitle')} wide>
        <Alert type="success" showIcon title={done} data-testid="register-done" />
      </AccountCard>
    );

  return (
    <AccountCard title={t('account.registerTitle')} wide>
      <AccountFormError error={error} />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={register.isPending} requiredMark>
        <Form.Item
          name="TaxCode"
          label={t('account.taxCode')}
          rules={[{ required: true, whitespace: true, message: accountMessages.taxCodeRequired }]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="CompanyName"
          label={t('account.companyName')}
          rules={[{ required: true, whitespace: true, message: accountMessages.companyRequired }]}
        >
          <Input maxLength={200} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="Email"
          label={t('account.email')}
          rules={[
            { required: true, whitespace: true, message: accountMessages.emailRequired },
            { type: 'email', message: accountMessages.emailInvalid },
          ]}
        >
          <Input maxLength={200} autoComplete="email" />
        </Form.Item>
        <Form.Item name="Phone" label={t('account.phone')}>
          <Input maxLength={30} autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="TerminalCode"
          label={t('account.terminal')}
          rules={[{ required: true, message: accountMessages.terminalRequired }]}
        >
          <Select
            loading={terminals.isLoading}
            options={(terminals.data ?? []).map((x) => ({ value: x.TerminalCode, label: `${x.TerminalCode} - ${x.TerminalName}` }))}
            placeholder={t('account.terminalPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="UserID"
          label={t('account.userId')}
          rules={[
            { required: true, whitespace: true, message: accountMessages.userIdRequired },
            { pattern: ACCOUNT_USER_ID, message: accountMessages.userIdPattern },
          ]}
        >
          <Input maxLength={50} autoComplete="username" />
        </Form.Item>
        <NewPasswordFields label={t('account.password')} userIdField="UserID" />
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('account.registerSubmit')}
        </Button>
      </Form>
    </AccountCard>
  );
}
