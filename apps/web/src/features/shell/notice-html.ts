import { richTextDataImage, richTextStyles, richTextTags } from '@smartport/contract';
import DOMPurify from 'dompurify';

// The tags and styles the server keeps (contract rich-text.ts): this is the second line of defence
// for content stored before a rule changed, or written straight into the database.
const ALLOWED_TAGS = [...richTextTags];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'style'];
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:)/i;
const isSafeSrc = (src: string) => /^https?:\/\//i.test(src) || richTextDataImage.test(src);

let purify: ReturnType<typeof DOMPurify> | null = null;

function instance() {
  if (purify) return purify;
  // An instance of our own, so these hooks never touch another user of DOMPurify.
  purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_HREF.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src !== null && !isSafeSrc(src.trim())) node.removeAttribute('src');
    }
    const style = node.getAttribute('style');
    if (style !== null) {
      const kept = style
        .split(';')
        .map((d) => d.split(':').map((s) => s.trim().toLowerCase()))
        .filter(([prop, value]) => !!prop && !!value && Object.hasOwn(richTextStyles, prop) && !!richTextStyles[prop]?.test(value))
        .map(([prop, value]) => `${prop}: ${value}`)
        .join('; ');
      if (kept) node.setAttribute('style', kept);
      else node.removeAttribute('style');
    }
  });
  return purify;
}

const config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
};

/**
 * A notification's content as HTML that is safe to put in the page: formatting, web/mail/phone
 * links (opened in a new tab) and http(s) or raster data images only; no scripts, handlers,
 * forms, frames, SVG or javascript: URLs.
 */
export function safeNoticeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return instance().sanitize(html, config);
}

/** The same, as nodes to append (the page never parses the stored text as HTML itself). */
export function safeNoticeFragment(html: string | null | undefined): DocumentFragment {
  if (!html) return document.createDocumentFragment();
  return instance().sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
}
