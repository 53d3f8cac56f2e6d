import { describe, expect, it } from 'vitest';
import { formatHtmlSource, hasVisibleContent, normaliseLinkHref, plainText } from '../src/components/rich-text/html-source';
import {
  ImageEmbedError,
  imageToDataUrl,
  MAX_EMBEDDED_IMAGE_BYTES,
  precheckImage,
  sniffImageType,
} from '../src/components/rich-text/image-embed';

// A real 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
const file = (bytes: BlobPart, type: string) => new File([bytes], 'anh', { type });

describe('inline images embedded as data: URLs', () => {
  it('knows PNG, JPEG, GIF and WEBP by their first bytes, and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg onload="alert(1)">'))).toBeNull();
  });

  it('refuses SVG and other types, empty files and files over 1 MB before reading them', () => {
    expect(precheckImage({ type: 'image/svg+xml', size: 100 })).toBe('richText.image.wrongType');
    expect(precheckImage({ type: 'application/pdf', size: 100 })).toBe('richText.image.wrongType');
    expect(precheckImage({ type: 'image/png', size: 0 })).toBe('richText.image.empty');
    expect(precheckImage({ type: 'image/png', size: MAX_EMBEDDED_IMAGE_BYTES + 1 })).toBe('richText.image.tooLarge');
    expect(precheckImage({ type: 'image/jpeg', size: MAX_EMBEDDED_IMAGE_BYTES })).toBeNull();
  });

  it('embeds a PNG as base64 data of the type its content has', async () => {
    const url = await imageToDataUrl(file(PNG, 'image/png'));
    expect(url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(Uint8Array.from(atob(url.split(',')[1] ?? ''), (c) => c.charCodeAt(0))).toEqual(PNG);
  });

  it('refuses a file named as an image whose content is not one', async () => {
    const err = await imageToDataUrl(file('<svg onload="alert(1)"/>', 'image/png')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageEmbedError);
    expect((err as ImageEmbedError).reason).toBe('richText.image.wrongType');
  });
});

describe('HTML source helpers', () => {
  it('counts text or an image as content, not empty paragraphs', () => {
    expect(hasVisibleContent(null)).toBe(false);
    expect(hasVisibleContent('<p></p>')).toBe(false);
    expect(hasVisibleContent('<p> &nbsp; </p><p><br></p>')).toBe(false);
    expect(hasVisibleContent('<p>Cảng</p>')).toBe(true);
    expect(hasVisibleContent('<p><img src="data:image/png;base64,AA=="></p>')).toBe(true);
  });

  it('reads the words of rich text for the search', () => {
    expect(plainText('<p>Lịch <strong>bảo trì</strong></p><p>thứ&nbsp;Bảy</p>')).toBe('Lịch bảo trì thứ Bảy');
  });

  it('puts one block per line in the HTML view, and leaves <pre> alone', () => {
    expect(formatHtmlSource('<h2>A</h2><p>b</p><ul><li>c</li></ul>')).toBe('<h2>A</h2>\n<p>b</p>\n<ul><li>c</li>\n</ul>');
    expect(formatHtmlSource('<pre>x</pre><p>y</p>')).toBe('<pre>x</pre><p>y</p>');
  });

  it('takes web, mail and phone links; a bare address becomes https; javascript: is refused', () => {
    expect(normaliseLinkHref('https://smartport.vn/lich')).toBe('https://smartport.vn/lich');
    expect(normaliseLinkHref(' smartport.vn/lich-tau ')).toBe('https://smartport.vn/lich-tau');
    expect(normaliseLinkHref('mailto:cskh@smartport.vn')).toBe('mailto:cskh@smartport.vn');
    expect(normaliseLinkHref('tel:+842838220000')).toBe('tel:+842838220000');
    expect(normaliseLinkHref('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkHref('data:text/html,<script>')).toBeNull();
    expect(normaliseLinkHref('không phải địa chỉ')).toBeNull();
  });
});
