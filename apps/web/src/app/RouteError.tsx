import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Whether an error is a script chunk the browser could not load (a lazy import after a new version replaced the old
 * files, a refused or cut connection): reloading the page fetches the current files. Each browser words it its own way.
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Unable to preload CSS|error loading dynamically imported/i.test(
    text,
  );
}

const box = { maxWidth: 480, margin: '96px auto', padding: '0 16px', textAlign: 'center', fontFamily: 'inherit' } as const;
const button = {
  marginTop: 16,
  padding: '8px 24px',
  border: 'none',
  borderRadius: 6,
  background: '#1677ff',
  color: '#fff',
  fontSize: 15,
  cursor: 'pointer',
} as const;

/**
 * What a route shows when it fails (the router's errorElement), in Vietnamese, never React Router's English developer
 * page: a chunk that could not load asks to reload; anything else says an error happened and offers the same. Plain
 * elements only: antd's own chunk may be the one that failed.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [title, detail] = chunk
    ? [t('routeError.chunkTitle'), t('routeError.chunkDetail')]
    : notFound
      ? [t('routeError.notFoundTitle'), t('routeError.notFoundDetail')]
      : [t('routeError.title'), t('routeError.detail')];
  return (
    <div role="alert" style={box}>
      <h1 style={{ fontSize: 22, marginBottom: 8 }}>{title}</h1>
      <p style={{ color: '#555', lineHeight: 1.5 }}>{detail}</p>
      <button type="button" style={button} onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
      {!chunk && (
        <p style={{ marginTop: 12 }}>
          <a href="/">{t('routeError.home')}</a>
        </p>
      )}
    </div>
  );
}
