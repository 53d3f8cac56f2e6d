import { Alert, Button } from 'antd';
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
    <Alert
      banner
      type="info"
      role="status"
      title={t('shell.newVersion', { seconds: Math.max(countdown, 0) })}
      action={
        <Button size="small" type="primary" onClick={() => window.location.reload()}>
          {t('shell.updateNow')}
        </Button>
      }
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}
    />
  );
}
