import { ACCOUNT_PASSWORD_MAX, ACCOUNT_USER_ID, accountMessages, passwordProblem } from '@smartport/contract';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './AccountCard';
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
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setError(null);
    try {
      const { Confirm: _confirm, Phone, ...rest } = v;
      const reply = await register.mutateAsync({ ...rest, ...(Phone?.trim() ? { Phone } : {}) });
      setDone(reply.message ?? accountMessages.registered);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (done)
    return (
      <AccountCard title={t('account.registerTitle')} wide>
        <Alert type="success" showIcon title={done} data-testid="register-done" />
      </AccountCard>
    );

  return (
    <AccountCard title={t('account.registerTitle')} wide>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
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
        <Form.Item
          name="Password"
          label={t('account.password')}
          required
          dependencies={['UserID']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                const problem = passwordProblem(v ?? '', getFieldValue('UserID') as string | undefined);
                if (problem) throw new Error(problem);
              },
            }),
          ]}
          extra={t('account.passwordRule')}
        >
          <Input.Password maxLength={ACCOUNT_PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label={t('account.confirm')}
          required
          dependencies={['Password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                if (!v || v !== getFieldValue('Password')) throw new Error(accountMessages.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password maxLength={ACCOUNT_PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('account.registerSubmit')}
        </Button>
      </Form>
    </AccountCard>
  );
}
