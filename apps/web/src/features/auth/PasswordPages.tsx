import { accountMessages } from '@smartport/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { AccountFormError, NewPasswordFields, useAccountSubmit } from './AccountForm';
import { useForgotPassword, useResetPassword } from './api';

/**
 * 'Quên mật khẩu?' (/forgot-password): the user name or e-mail; the answer is the same whether or not an account
 * matches (the mail goes only to the account's own address).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const { done, error, submit } = useAccountSubmit(
    async (v: { Identifier: string }) => (await forgot.mutateAsync(v.Identifier)).message ?? accountMessages.resetSent,
  );
  return (
    <AccountCard title={t('account.forgotTitle')}>
      {done ? (
        <Alert type="success" showIcon title={done} data-testid="forgot-done" />
      ) : (
        <>
          <p>{t('account.forgotHelp')}</p>
          <AccountFormError error={error} />
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
  const { done, error, submit } = useAccountSubmit(
    async (v: { Password: string }) =>
      (await reset.mutateAsync({ token: params.get('token') ?? '', Password: v.Password })).message ?? accountMessages.resetDone,
  );
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
          <AccountFormError error={error} />
          <Form layout="vertical" onFinish={(v: { Password: string }) => void submit(v)} disabled={reset.isPending}>
            <NewPasswordFields label={t('account.newPassword')} />
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('account.resetSubmit')}
            </Button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}
