import { richTextDataImage, richTextStyles, richTextTags } from '@smartport/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the notification dialog, made safe before it is stored: no scripts, no event
 * handlers, no javascript: URLs; formatting, links and images (http(s) or embedded data) stay.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html == null) return null;
  return sanitizeHtml(html, {
    allowedTags: [...richTextTags],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], '*': ['style'] },
    allowedStyles: { '*': Object.fromEntries(Object.entries(richTextStyles).map(([prop, value]) => [prop, [value]])) },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const ok = /^https?:\/\//i.test(src) || richTextDataImage.test(src);
        return { tagName, attribs: ok ? attribs : { ...attribs, src: '' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
