import type { ReleasedVersion } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../lib/api-client';
import { session } from '../lib/session';
import { type Announcement, announcementOf, portDate, seenKey } from './version-notes';

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

/** The released versions (the version rows, newest first) for a signed-in user; null when nobody is signed in or on failure. */
async function releasedVersions(): Promise<ReleasedVersion[] | null> {
  if (!session.token()) return null;
  try {
    return (await callApi(clientCalls.siteConfig.releasedVersions, {})).payload ?? [];
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
  padding: '8px 16px',
  background: '#e6f4ff',
  borderBottom: '1px solid #91caff',
  color: 'rgba(0,0,0,0.88)',
  fontFamily: "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: 14,
  maxHeight: '60vh',
  overflowY: 'auto',
} as const;
const line = { display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' } as const;
const button = {
  padding: '2px 10px',
  border: 0,
  borderRadius: 4,
  background: '#0b63b6',
  color: '#fff',
  cursor: 'pointer',
  fontFamily: 'inherit',
  fontSize: 14,
} as const;
const plainButton = { ...button, background: '#fff', color: '#0b63b6', border: '1px solid #0b63b6' } as const;

/**
 * The version check (spec 01 §2): every 24 h it reads the build's /version.json and, for a signed-in user, the released
 * versions (the rows of 'Phiên bản'). A new build or a version released after the one this user last saw in this browser
 * shows the banner: 'Cập nhật ngay', 'Có gì mới' (the rows released since), and a reload after 10 s unless the user is
 * reading what is new. A page opened after a release announces it once, without a reload.
 */
export function VersionBanner() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Announcement | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [notesOpen, setNotesOpen] = useState(false);

  useEffect(() => {
    let live = true;
    const check = async (onTimer: boolean) => {
      const [build, rows] = await Promise.all([onTimer ? fetchVersion() : Promise.resolve(null), releasedVersions()]);
      const user = session.user()?.UserID ?? null;
      if (!live) return;
      const key = user ? seenKey(user) : null;
      const found = announcementOf(rows, key ? localStorage.getItem(key) : null, !!build && build !== __APP_VERSION__);
      // A first visit has nothing to announce: the newest version is where this user starts.
      if (key && found.startAt != null) localStorage.setItem(key, found.startAt);
      if (!found.announce) return;
      setShown(found.announce);
      if (onTimer) setCountdown((c) => c ?? RELOAD_AFTER_S);
    };
    void check(false);
    const timer = setInterval(() => void check(true), VERSION_CHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (countdown == null || notesOpen) return;
    if (countdown <= 0) {
      update();
      return;
    }
    const tick = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(tick);
  });

  /** The user is on the newest version from now on (this browser): remembered, then the page loads it. */
  const markSeen = () => {
    const user = session.user()?.UserID;
    if (user && shown?.latest) localStorage.setItem(seenKey(user), shown.latest.VersionCode);
  };
  const update = () => {
    markSeen();
    window.location.reload();
  };
  const close = () => {
    markSeen();
    setShown(null);
    setNotesOpen(false);
  };

  if (!shown) return null;
  const code = shown.latest?.VersionCode ?? '';
  const reloading = countdown != null;
  return (
    <div role="status" style={bar} data-testid="version-banner">
      <div style={line}>
        <span>
          {reloading
            ? code && shown.notes.length
              ? t('shell.newVersionCode', { code, seconds: Math.max(countdown, 0) })
              : t('shell.newVersion', { seconds: Math.max(countdown, 0) })
            : t('shell.updatedVersion', { code })}
        </span>
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
          {shown.notes.length > 0 && (
            <button type="button" style={plainButton} aria-expanded={notesOpen} onClick={() => setNotesOpen((o) => !o)}>
              {t('shell.whatsNew')}
            </button>
          )}
          {reloading ? (
            <button type="button" style={button} onClick={update}>
              {t('shell.updateNow')}
            </button>
          ) : (
            <button type="button" style={button} onClick={close}>
              {t('shell.closeNotes')}
            </button>
          )}
        </span>
      </div>
      {notesOpen && (
        <section aria-label={t('shell.whatsNew')} style={{ marginTop: 8 }}>
          <strong>{t('shell.whatsNewTitle')}</strong>
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {shown.notes.map((n) => (
              <li key={n.VersionCode}>
                <strong>{n.VersionCode}</strong> ({portDate(n.ReleaseDate)}): {n.VersionName}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
