/** True when rich text shows something: text other than blanks, or an image ('<p></p>' is empty). */
export function hasVisibleContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text !== '';
}

/** The text of rich text (for the grid's search): tags dropped, blanks collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The editor's HTML laid out one block per line for the HTML view. Only line breaks between
 * blocks are added (they do not change what is shown); a <pre> block keeps the text as it is.
 */
export function formatHtmlSource(html: string): string {
  if (/<pre\b/i.test(html)) return html;
  return html.replace(/(<\/(?:p|h[1-6]|ul|ol|li|blockquote)>|<hr\s*\/?>)(?!\n)/gi, '$1\n').trimEnd();
}

/**
 * What a person typed as a link, as the href to store: web, mail and phone links only (the server
 * drops anything else); a bare address like 'smartport.vn/lich' is taken as https.
 */
export function normaliseLinkHref(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^(https?:\/\/[^/\s]+|mailto:[^\s]+|tel:\+?[\d\s().-]+)/i.test(text)) return text;
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) return null;
  if (/^[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?([/?#].*)?$/u.test(text)) return `https://${text}`;
  return null;
}
