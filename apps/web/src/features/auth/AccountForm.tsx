import { ACCOUNT_PASSWORD_MAX, accountMessages, passwordProblem } from '@smartport/contract';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The submit of a public account form: the server's answer once done, its refusal as the form's error (the typed
 * values stay in the form).
 */
export function useAccountSubmit<V>(send: (values: V) => Promise<string>) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: V) => {
    setError(null);
    try {
      setDone(await send(values));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return { done, error, submit };
}

/** The refusal above a public account form. */
export function AccountFormError({ error }: { error: string | null }) {
  return error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null;
}

/**
 * A new password under the product's rule and its confirmation (fields `Password`, `Confirm`); with `userIdField`
 * the rule also refuses a password containing that field's user name.
 */
export function NewPasswordFields({ label, userIdField }: { label: string; userIdField?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="Password"
        label={label}
        required
        dependencies={userIdField ? [userIdField] : []}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              const problem = passwordProblem(v ?? '', userIdField ? (getFieldValue(userIdField) as string | undefined) : undefined);
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
    </>
  );
}
