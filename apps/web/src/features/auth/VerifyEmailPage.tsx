import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { useVerifyEmail } from './api';

/**
 * The verification link of the registration mail (/verify-email?token=…): the server uses the token once and answers
 * whether the account is active now ('Tự động kích hoạt tài khoản' of its terminal) or waits for the terminal's staff.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const verify = useVerifyEmail();
  const asked = useRef(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; active?: boolean } | null>(null);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const token = params.get('token') ?? '';
    verify.mutateAsync(token).then(
      (r) => setResult({ ok: true, text: r.message ?? '', active: r.active ?? false }),
      (err: Error) => setResult({ ok: false, text: err.message }),
    );
  }, [params, verify]);

  return (
    <AccountCard title={t('account.verifyTitle')}>
      {!result && <Spin />}
      {result && <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} data-testid="verify-result" />}
      {result?.active && (
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('account.goLogin')}</Link>
        </p>
      )}
    </AccountCard>
  );
}
