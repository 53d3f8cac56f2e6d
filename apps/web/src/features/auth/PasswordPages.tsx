import { ACCOUNT_PASSWORD_MAX, accountMessages, passwordProblem } from '@smartport/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { useForgotPassword, useResetPassword } from './api';

/**
 * 'Quên mật khẩu?' (/forgot-password): the user name or e-mail; the answer is the same whether or not an account
 * matches (the mail goes only to the account's own address).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (v: { Identifier: string }) => {
    setError(null);
    try {
      setDone((await forgot.mutateAsync(v.Identifier)).message ?? accountMessages.resetSent);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <AccountCard title={t('account.forgotTitle')}>
      {done ? (
        <Alert type="success" showIcon title={done} data-testid="forgot-done" />
      ) : (
        <>
          <p>{t('account.forgotHelp')}</p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form layout="vertical" onFinish={(v: { Identifier: string }) => void submit(v)} disabled={forgot.isPending}>
            <Form.Item
              name="Identifier"
              label={t('account.identifier')}
              rules={[{ required: true, whitespace: true, message: accountMessages.identifierRequired }]}
            >
              <Input maxLength={200} autoComplete="username" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
              {t('account.forgotSubmit')}
            </Button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}

/** The reset link of the mail (/reset-password?token=…): a new password under the product's rule, typed twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (v: { Password: string }) => {
    setError(null);
    try {
      setDone((await reset.mutateAsync({ token: params.get('token') ?? '', Password: v.Password })).message ?? accountMessages.resetDone);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <AccountCard title={t('account.resetTitle')}>
      {done ? (
        <>
          <Alert type="success" showIcon title={done} data-testid="reset-done" />
          <p style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/login">{t('account.goLogin')}</Link>
          </p>
        </>
      ) : (
        <>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form layout="vertical" onFinish={(v: { Password: string }) => void submit(v)} disabled={reset.isPending}>
            <Form.Item
              name="Password"
              label={t('account.newPassword')}
              required
              rules={[
                {
                  validator: async (_r, v: string | undefined) => {
                    const problem = passwordProblem(v ?? '');
                    if (problem) throw new Error(problem);
                  },
                },
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
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('account.resetSubmit')}
            </Button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}
