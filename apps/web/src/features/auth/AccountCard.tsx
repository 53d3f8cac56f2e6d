import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteName } from '../../lib/site-title';
import './login.css';

/** The frame of the public account pages (registration, verification, password reset): the login page's card. */
export function AccountCard({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} - ${siteName()}`;
  }, [title]);
  return (
    <div className="sp-login">
      <main className={`sp-login__card${wide ? ' sp-login__card--wide' : ''}`}>
        <h2 className="sp-login__brand">{t('app.name')}</h2>
        <h4 className="sp-login__title">{title}</h4>
        {children}
        <nav className="sp-login__links">
          <Link to="/login">{t('account.backToLogin')}</Link>
        </nav>
      </main>
    </div>
  );
}
