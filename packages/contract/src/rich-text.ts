/**
 * What a notification's rich text may keep (spec 01, notification messages): the server sanitises with it
 * before storing, the page again before showing, so both sides keep the same formatting.
 */
export const richTextTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'hr',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The inline styles kept, each with the values it may take. */
export const richTextStyles: Readonly<Record<string, RegExp>> = {
  'text-align': /^(left|right|center|justify)$/,
  color: /^#[0-9a-f]{3,6}$/i,
};

/** Images may be embedded as data only when raster (an SVG data URL can carry script). */
export const richTextDataImage = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
