import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const VERSION_CHECK_MS = 86_400_000;
const RELOAD_AFTER_S = 10;

async function fetchVersion(): Promise<string | null> {
  try {
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: string };
    return body.version ?? null;
  } catch {
    return null;
  }
}

// Plain elements: the banner lives in the first chunk, which carries no antd.
const bar = {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: 2000,
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '8px 16px',
  background: '#e6f4ff',
  borderBottom: '1px solid #91caff',
  color: 'rgba(0,0,0,0.88)',
  fontSize: 14,
} as const;
const button = {
  marginLeft: 'auto',
  padding: '2px 10px',
  border: 0,
  borderRadius: 4,
  background: '#0b63b6',
  color: '#fff',
  cursor: 'pointer',
  fontSize: 14,
} as const;

/** Checks /version.json every 24 h; a new version shows a banner and reloads the page (spec 01 §2). */
export function VersionBanner() {
  const { t } = useTranslation();
  const [countdown, setCountdown] = useState<number | null>(null);

  useEffect(() => {
    const timer = setInterval(async () => {
      const latest = await fetchVersion();
      if (latest && latest !== __APP_VERSION__) setCountdown((c) => c ?? RELOAD_AFTER_S);
    }, VERSION_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (countdown == null) return;
    if (countdown <= 0) {
      window.location.reload();
      return;
    }
    const tick = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(tick);
  }, [countdown]);

  if (countdown == null) return null;
  return (
    <div role="status" style={bar}>
      <span>{t('shell.newVersion', { seconds: Math.max(countdown, 0) })}</span>
      <button type="button" style={button} onClick={() => window.location.reload()}>
        {t('shell.updateNow')}
      </button>
    </div>
  );
}
