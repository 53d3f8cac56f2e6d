import type { SecondFactor, SessionUser, TotpEnrolment } from '@smartport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '../../lib/session';
import { siteName } from '../../lib/site-title';
import { useLogin, useLoginTotp } from './api';
import './login.css';

// The QR code of an enrolment at login (antd's), loaded only when a setting makes the user enrol.
const EnrolQr = lazy(() => import('./EnrolQr'));

/** The second step the password step asked for. */
interface Step {
  kind: SecondFactor;
  challenge: string;
  enrol?: TotpEnrolment;
}

/** Only a path inside the portal may be the target after login (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/';
  return next;
}

// Plain elements and one small style sheet: antd would be most of the first screen's JavaScript
// (/login's budget: ≤ 200 KB gzip). The look follows the portal's antd theme (login.css).
const userIcon = (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <circle cx="8" cy="5" r="3" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <path d="M2.5 14.5c0-3 2.5-5 5.5-5s5.5 2 5.5 5" fill="none" stroke="currentColor" strokeWidth="1.4" />
  </svg>
);
const lockIcon = (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <rect x="3" y="7" width="10" height="7.5" rx="1.2" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <path d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" fill="none" stroke="currentColor" strokeWidth="1.4" />
  </svg>
);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(params.get('expired') ? t('login.sessionExpired') : null);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState({ user: false, password: false });
  const login = useLogin();
  const loginTotp = useLoginTotp();
  const busy = login.isPending || loginTotp.isPending;
  const [step, setStep] = useState<Step | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    document.title = `${t('login.title')} - ${siteName()}`;
  }, [t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const gaps = { user: !userId.trim(), password: !password };
    setMissing(gaps);
    if (gaps.user || gaps.password) return;
    setError(null);
    try {
      const reply = await login.mutateAsync({ UserID: userId, Password: password });
      if (reply.success && reply.second_factor && reply.challenge) {
        setPassword('');
        setStep({ kind: reply.second_factor, challenge: reply.challenge, ...(reply.enrol ? { enrol: reply.enrol } : {}) });
        return;
      }
      if (!reply.success || !reply.payload) throw new Error(reply.message ?? t('login.sessionExpired'));
      enter(reply.payload);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const enter = (user: SessionUser) => {
    session.save(user);
    // After a login the user data and the menus are loaded again (spec 01 §2).
    queryClient.clear();
    navigate(safeNext(params.get('next')), { replace: true });
  };

  const [signedIn, setSignedIn] = useState<SessionUser | null>(null);
  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!step) return;
    if (!code.trim()) {
      setError(t('login.codeRequired'));
      return;
    }
    setError(null);
    try {
      const reply = await loginTotp.mutateAsync({ challenge: step.challenge, Code: code });
      if (!reply.success || !reply.payload) throw new Error(reply.message ?? t('login.sessionExpired'));
      if (reply.recovery_codes?.length) {
        // Shown once: the user keeps them before going on.
        setCodes(reply.recovery_codes);
        setSignedIn(reply.payload);
        return;
      }
      enter(reply.payload);
    } catch (err) {
      setCode('');
      setError((err as Error).message);
    }
  };

  if (codes && signedIn) {
    return (
      <div className="sp-login">
        <main className="sp-login__card">
          <h4 className="sp-login__title">{t('login.recoveryTitle')}</h4>
          <p>{t('login.recoveryHelp')}</p>
          <ol className="sp-login__codes" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <button type="button" className="sp-login__submit" onClick={() => enter(signedIn)}>
            {t('login.continue')}
          </button>
        </main>
      </div>
    );
  }

  if (step) {
    return (
      <div className="sp-login">
        <main className="sp-login__card">
          <h2 className="sp-login__brand">{t('app.name')}</h2>
          <h4 className="sp-login__title">{step.kind === 'enrol' ? t('login.enrolTitle') : t('login.totpTitle')}</h4>
          {error && (
            <div className="sp-login__error" role="alert">
              {error}
            </div>
          )}
          {step.kind === 'enrol' && step.enrol && (
            <div className="sp-login__enrol">
              <p>{t('login.enrolHelp')}</p>
              <Suspense fallback={<div style={{ height: 180 }} />}>
                <EnrolQr value={step.enrol.otpauth_url} />
              </Suspense>
              <p>
                {t('login.enrolSecret')} <code data-testid="totp-secret">{step.enrol.secret}</code>
              </p>
            </div>
          )}
          <form onSubmit={(e) => void submitCode(e)} noValidate>
            <fieldset disabled={busy} className="sp-login__fields">
              <div className="sp-login__item">
                <label htmlFor="login-code">{step.kind === 'enrol' ? t('login.enrolCode') : t('login.code')}</label>
                <span className="sp-login__input">
                  {lockIcon}
                  <input
                    id="login-code"
                    name="Code"
                    autoComplete="one-time-code"
                    inputMode={step.kind === 'enrol' ? 'numeric' : 'text'}
                    // biome-ignore lint/a11y/noAutofocus: the second step's only field.
                    autoFocus
                    maxLength={30}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </span>
              </div>
              <button type="submit" className="sp-login__submit" aria-busy={busy}>
                {busy && <span className="sp-login__spinner" aria-hidden="true" />}
                {t('login.verify')}
              </button>
            </fieldset>
          </form>
          <nav className="sp-login__links">
            <button
              type="button"
              className="sp-login__eye"
              onClick={() => {
                setStep(null);
                setCode('');
                setError(null);
              }}
            >
              {t('login.back')}
            </button>
          </nav>
        </main>
      </div>
    );
  }

  return (
    <div className="sp-login">
      <main className="sp-login__card">
        <h2 className="sp-login__brand">{t('app.name')}</h2>
        <p className="sp-login__tagline">{t('app.tagline')}</p>
        <h4 className="sp-login__title">{t('login.title')}</h4>
        {error && (
          <div className="sp-login__error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset disabled={busy} className="sp-login__fields">
            <div className="sp-login__item">
              <label htmlFor="login-user">{t('login.userId')}</label>
              <span className={`sp-login__input${missing.user ? ' sp-login__input--bad' : ''}`}>
                {userIcon}
                <input
                  id="login-user"
                  name="UserID"
                  autoComplete="username"
                  // biome-ignore lint/a11y/noAutofocus: the login screen's only purpose is this field (as before with antd).
                  autoFocus
                  maxLength={50}
                  value={userId}
                  aria-invalid={missing.user}
                  aria-describedby={missing.user ? 'login-user-help' : undefined}
                  onChange={(e) => {
                    setUserId(e.target.value);
                    if (e.target.value.trim()) setMissing((m) => ({ ...m, user: false }));
                  }}
                />
              </span>
              {missing.user && (
                <div id="login-user-help" className="sp-login__help">
                  {t('login.userIdRequired')}
                </div>
              )}
            </div>
            <div className="sp-login__item">
              <label htmlFor="login-password">{t('login.password')}</label>
              <span className={`sp-login__input${missing.password ? ' sp-login__input--bad' : ''}`}>
                {lockIcon}
                <input
                  id="login-password"
                  name="Password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  maxLength={200}
                  value={password}
                  aria-invalid={missing.password}
                  aria-describedby={missing.password ? 'login-password-help' : undefined}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    if (e.target.value) setMissing((m) => ({ ...m, password: false }));
                  }}
                />
                <button
                  type="button"
                  className="sp-login__eye"
                  title={t('login.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? t('login.hide') : t('login.show')}
                </button>
              </span>
              {missing.password && (
                <div id="login-password-help" className="sp-login__help">
                  {t('login.passwordRequired')}
                </div>
              )}
            </div>
            <button type="submit" className="sp-login__submit" aria-busy={busy}>
              {busy && <span className="sp-login__spinner" aria-hidden="true" />}
              {t('login.submit')}
            </button>
          </fieldset>
        </form>
        <nav className="sp-login__links">
          <Link to="/register">{t('login.register')}</Link>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </nav>
        <nav className="sp-login__links">
          <a href="/Privacy-Policy.html">{t('login.privacy')}</a>
          <a href="/Term-and-Conditions.html">{t('login.terms')}</a>
        </nav>
      </main>
    </div>
  );
}
