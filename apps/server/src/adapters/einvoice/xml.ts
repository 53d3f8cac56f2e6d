/**
 * A small XML writer: elements, text and attributes, every value escaped. Enough for the e-invoice's data; not a
 * general XML library (no namespaces, no mixed content).
 */
export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  /** Text, or child elements (null children are left out). */
  content?: string | number | (XmlElement | null)[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const escapeXml = (s: string) =>
  s
    .replace(FORBIDDEN, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** An element; `content` null or undefined gives an empty element. */
export const el = (name: string, content?: XmlElement['content'] | null, attrs?: Record<string, string>): XmlElement => ({
  name,
  ...(attrs ? { attrs } : {}),
  ...(content == null ? {} : { content }),
});

/** The element when the value is present, else null (left out). */
export const opt = (name: string, value: string | number | null | undefined): XmlElement | null =>
  value == null || value === '' ? null : el(name, value);

function write(e: XmlElement, out: string[]) {
  if (!NAME.test(e.name)) throw new Error(`Tên phần tử XML không hợp lệ: ${e.name}`);
  const attrs = Object.entries(e.attrs ?? {})
    .map(([k, v]) => {
      if (!NAME.test(k)) throw new Error(`Tên thuộc tính XML không hợp lệ: ${k}`);
      return ` ${k}="${escapeXml(v)}"`;
    })
    .join('');
  if (e.content == null || (Array.isArray(e.content) && e.content.every((c) => c == null))) {
    out.push(`<${e.name}${attrs}/>`);
    return;
  }
  out.push(`<${e.name}${attrs}>`);
  if (Array.isArray(e.content)) {
    for (const c of e.content) if (c) write(c, out);
  } else {
    out.push(escapeXml(String(e.content)));
  }
  out.push(`</${e.name}>`);
}

/** The document, with its UTF-8 declaration. */
export function renderXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, out);
  return out.join('');
}
