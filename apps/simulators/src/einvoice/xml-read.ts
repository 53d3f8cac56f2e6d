/**
 * A strict reader of the small XML documents the e-invoice provider receives: elements, attributes, text, the five
 * predefined entities and character references, comments and the XML declaration. Anything else (DOCTYPE, CDATA,
 * a tag left open or closed out of order, text outside the root) is an error, as a provider's parser would say.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlSyntaxError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string, at: number): string {
  return s.replace(/&([^;\s&<]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new XmlSyntaxError(`Ký tự & không hợp lệ gần vị trí ${at}`);
    if (body in ENTITIES) return ENTITIES[body] as string;
    const code = /^#x[0-9a-fA-F]+$/.test(body) ? Number.parseInt(body.slice(2), 16) : /^#\d+$/.test(body) ? Number(body.slice(1)) : NaN;
    if (!Number.isInteger(code) || code > 0x10ffff) throw new XmlSyntaxError(`Thực thể &${body}; không hợp lệ gần vị trí ${at}`);
    return String.fromCodePoint(code);
  });
}

/** Parses a document into its root element. */
export function readXml(xml: string): XmlNode {
  let i = 0;
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
  };
  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  skipSpace();
  if (xml.startsWith('<?xml', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) throw new XmlSyntaxError('Khai báo XML không đóng');
    i = end + 2;
  }
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    const top = stack[stack.length - 1];
    if (text.trim()) {
      if (!top) throw new XmlSyntaxError(`Có nội dung nằm ngoài phần tử gốc gần vị trí ${i}`);
      top.text += decode(text, i);
    }
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i);
      if (end < 0) throw new XmlSyntaxError('Chú thích XML không đóng');
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<!', i) || xml.startsWith('<?', i))
      throw new XmlSyntaxError(`Không chấp nhận DOCTYPE, CDATA hay chỉ thị xử lý gần vị trí ${i}`);
    if (xml.startsWith('</', i)) {
      const m = NAME.exec(xml.slice(i + 2));
      const name = m?.[0] ?? '';
      const close = xml.indexOf('>', i);
      if (!name || close < 0 || xml.slice(i + 2 + name.length, close).trim())
        throw new XmlSyntaxError(`Thẻ đóng không hợp lệ gần vị trí ${i}`);
      const open = stack.pop();
      if (!open || open.name !== name)
        throw new XmlSyntaxError(`Thẻ đóng </${name}> không khớp với thẻ mở <${open?.name ?? ''}> gần vị trí ${i}`);
      i = close + 1;
      continue;
    }
    // An opening tag.
    const m = NAME.exec(xml.slice(i + 1));
    if (!m) throw new XmlSyntaxError(`Tên thẻ không hợp lệ gần vị trí ${i}`);
    const node: XmlNode = { name: m[0], attrs: {}, children: [], text: '' };
    i += 1 + m[0].length;
    let selfClosing = false;
    for (;;) {
      skipSpace();
      if (xml.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (xml[i] === '>') {
        i += 1;
        break;
      }
      const a = NAME.exec(xml.slice(i));
      if (!a) throw new XmlSyntaxError(`Thuộc tính không hợp lệ trong <${node.name}> gần vị trí ${i}`);
      i += a[0].length;
      skipSpace();
      const quote = xml[i + 1];
      if (xml[i] !== '=' || (quote !== '"' && quote !== "'")) throw new XmlSyntaxError(`Thuộc tính ${a[0]} thiếu giá trị gần vị trí ${i}`);
      const end = xml.indexOf(quote, i + 2);
      if (end < 0) throw new XmlSyntaxError(`Giá trị thuộc tính ${a[0]} không đóng`);
      if (a[0] in node.attrs) throw new XmlSyntaxError(`Thuộc tính ${a[0]} bị lặp trong <${node.name}>`);
      node.attrs[a[0]] = decode(xml.slice(i + 2, end), i);
      i = end + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else if (root) throw new XmlSyntaxError('Tài liệu XML có nhiều hơn một phần tử gốc');
    else root = node;
    if (!selfClosing) stack.push(node);
  }
  if (stack.length) throw new XmlSyntaxError(`Thẻ <${stack[stack.length - 1]?.name}> chưa được đóng`);
  if (!root) throw new XmlSyntaxError('Tài liệu XML rỗng');
  return root;
}

/** The first child of that name, or undefined. */
export const child = (n: XmlNode | undefined, name: string) => n?.children.find((c) => c.name === name);
/** Every child of that name. */
export const childrenOf = (n: XmlNode | undefined, name: string) => n?.children.filter((c) => c.name === name) ?? [];
