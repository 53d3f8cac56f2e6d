/**
 * The site's name in page titles: the main config's title (spec 03 §2.4 'Cấu hình chung' SMP_TITLE) as the server
 * wrote it into the served page, else 'SmartPort'.
 */
export function siteName(): string {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[property="og:title"]');
  return meta?.getAttribute('content')?.trim() || 'SmartPort';
}
