import { readFile, stat } from 'node:fs/promises';

/** The site settings of the main config (spec 03 §3 "Main config") that the page's head carries. */
export interface SiteMeta {
  SMP_TITLE?: unknown;
  SMP_IMG_URL?: unknown;
  SMP_KEYWORD?: unknown;
  SMP_DESCRIPTION?: unknown;
  SMP_UAID?: unknown;
  SMP_UA_PROPERTY?: unknown;
  SMP_FBID?: unknown;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The built index.html with the main config in its head, every value HTML-escaped: the title, meta keywords and
 * description (and their Open Graph twins), the share image, the analytics ids and the social (Facebook) app id.
 * Values not set leave the build's own tags as they are.
 */
export function applySiteMeta(template: string, meta: SiteMeta): string {
  let html = template;
  const title = text(meta.SMP_TITLE);
  const description = text(meta.SMP_DESCRIPTION);
  const tags: string[] = [];
  if (title) {
    // A function as the replacement: a value's `$&`, `$\`` or `$'` is text, not a replacement pattern.
    html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
    tags.push(`<meta property="og:title" content="${escapeHtml(title)}" />`);
  }
  if (description) {
    html = html.replace(/\s*<meta name="description"[^>]*>/i, '');
    tags.push(
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
    );
  }
  const pairs: [string, string][] = [
    ['name="keywords"', text(meta.SMP_KEYWORD)],
    ['property="og:image"', text(meta.SMP_IMG_URL)],
    ['name="google-analytics"', text(meta.SMP_UAID)],
    ['name="google-analytics-property"', text(meta.SMP_UA_PROPERTY)],
    ['property="fb:app_id"', text(meta.SMP_FBID)],
  ];
  for (const [attr, value] of pairs) if (value) tags.push(`<meta ${attr} content="${escapeHtml(value)}" />`);
  if (!tags.length) return html;
  return html.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
}

let cached: { path: string; mtimeMs: number; html: string } | null = null;

/** The index.html of the web build (re-read when the build changes) with the site settings applied. */
export async function renderIndexHtml(path: string, meta: SiteMeta): Promise<string> {
  const { mtimeMs } = await stat(path);
  if (!cached || cached.path !== path || cached.mtimeMs !== mtimeMs) cached = { path, mtimeMs, html: await readFile(path, 'utf8') };
  return applySiteMeta(cached.html, meta);
}
