/**
 * Renders the Vietnamese help PDFs (FAQ, user guides, customs advice) from their Markdown sources in
 * docs/help with pdfkit and the DejaVu Sans font (covers every Vietnamese letter). Used by the web build
 * (vite.config.ts emits them as /docs/*.pdf) and by the tests.
 *
 * The Markdown is a small subset: `# title`, `## section`, `### sub-section`, paragraphs, `- ` bullets,
 * `1. ` steps, `> ` notes, `| a | b |` tables, `---` page break, and **bold** inside any text.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { type HelpDoc, helpDocs } from '../../../packages/contract/src/help-docs';

const require = createRequire(import.meta.url);
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
};

/** Which Markdown source each help document is rendered from. */
export const helpSources: Record<HelpDoc, string> = {
  faq: 'faq.md',
  customerGuide: 'huong-dan-khach-hang.md',
  operationGuide: 'huong-dan-hang-tau.md',
  customsAdvice: 'tu-van-thong-quan.md',
};

const sourceDir = new URL('../../../docs/help/', import.meta.url);

const colors = { brand: '#0b4f8a', text: '#1f2937', muted: '#6b7280', rule: '#cbd5e1', noteFill: '#eef5fc', headFill: '#e2ecf7' };
const MARGIN = 56;

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'h2' | 'h3' | 'para' | 'note'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'pagebreak' };

/** Parses the Markdown subset into blocks. */
export function parseHelpMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'para', text: para.join(' ') });
    para = [];
  };
  const last = () => blocks[blocks.length - 1];
  for (const raw of source.normalize('NFC').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    const bullet = /^- (.*)$/.exec(line);
    const step = /^\d+\. (.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]?.length;
      blocks.push({ kind: level === 1 ? 'title' : level === 2 ? 'h2' : 'h3', text: heading[2] ?? '' });
    } else if (line === '---') {
      flush();
      blocks.push({ kind: 'pagebreak' });
    } else if (bullet || step) {
      flush();
      const ordered = !!step;
      const text = (bullet ?? step)?.[1] ?? '';
      const prev = last();
      if (prev?.kind === 'list' && prev.ordered === ordered) prev.items.push(text);
      else blocks.push({ kind: 'list', ordered, items: [text] });
    } else if (line.startsWith('|')) {
      flush();
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      const prev = last();
      if (prev?.kind === 'table') prev.rows.push(cells);
      else blocks.push({ kind: 'table', rows: [cells] });
    } else if (line.startsWith('> ')) {
      flush();
      const prev = last();
      if (prev?.kind === 'note') prev.text += ` ${line.slice(2)}`;
      else blocks.push({ kind: 'note', text: line.slice(2) });
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}

type Doc = InstanceType<typeof PDFDocument>;

/** Writes text with **bold** parts at (x, current y) within width. */
function rich(doc: Doc, text: string, x: number, width: number, base: 'regular' | 'italic' = 'regular') {
  const parts = text.split('**');
  parts.forEach((part, i) => {
    const continued = i < parts.length - 1;
    doc.font(i % 2 === 1 ? fonts.bold : fonts[base]);
    if (i === 0) doc.text(part, x, doc.y, { width, continued, lineGap: 2 });
    else doc.text(part, { continued, lineGap: 2 });
  });
  doc.font(fonts.regular);
}

const plain = (text: string) => text.replaceAll('**', '');

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawTable(doc: Doc, rows: string[][]) {
  const width = doc.page.width - 2 * MARGIN;
  const columns = Math.max(...rows.map((r) => r.length));
  const pad = 5;
  doc.fontSize(9.5).font(fonts.bold);
  // Each column is at least as wide as its longest word; the rest of the width goes by text length,
  // so codes stay narrow and explanations get the room.
  const minimum = Array.from(
    { length: columns },
    (_, c) =>
      Math.max(
        ...rows.flatMap((r) =>
          plain(r[c] ?? '')
            .split(/\s+/)
            .map((word) => doc.widthOfString(word)),
        ),
      ) +
      2 * pad +
      2,
  );
  const weights = Array.from({ length: columns }, (_, c) => Math.min(60, Math.max(4, ...rows.map((r) => plain(r[c] ?? '').length))));
  const spare = width - minimum.reduce((a, b) => a + b, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = minimum.map((m, c) => m + (spare * (weights[c] ?? 0)) / total);
  rows.forEach((row, r) => {
    // Measured in bold when the cell has bold parts, so the row is never shorter than its text.
    const cellHeight = (text: string, w: number) =>
      doc.font(r === 0 || text.includes('**') ? fonts.bold : fonts.regular).heightOfString(plain(text), { width: w - 2 * pad, lineGap: 2 });
    const height = Math.max(...widths.map((w, c) => cellHeight(row[c] ?? '', w))) + 2 * pad;
    ensureSpace(doc, height);
    const top = doc.y;
    let x = MARGIN;
    widths.forEach((w, c) => {
      if (r === 0) doc.rect(x, top, w, height).fill(colors.headFill);
      doc.rect(x, top, w, height).lineWidth(0.5).stroke(colors.rule);
      doc.fillColor(colors.text).font(r === 0 ? fonts.bold : fonts.regular);
      doc.y = top + pad;
      rich(doc, row[c] ?? '', x + pad, w - 2 * pad);
      x += w;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  });
  doc.moveDown(0.6);
}

function drawBlock(doc: Doc, block: Block) {
  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(colors.text);
  switch (block.kind) {
    case 'title': {
      const band = 44 + doc.font(fonts.bold).fontSize(20).heightOfString(block.text, { width }) + 22;
      doc.rect(0, 0, doc.page.width, band).fill(colors.brand);
      doc.fillColor('#ffffff').fontSize(11).text('SMARTPORT', MARGIN, 26, { width, characterSpacing: 1.5 });
      doc.fontSize(20).text(block.text, MARGIN, 44, { width });
      doc.fillColor(colors.text);
      doc.y = band + 24;
      return;
    }
    case 'h2':
      ensureSpace(doc, 60);
      doc.moveDown(0.4).font(fonts.bold).fontSize(14).fillColor(colors.brand).text(block.text, MARGIN, doc.y, { width });
      doc
        .moveTo(MARGIN, doc.y + 2)
        .lineTo(MARGIN + width, doc.y + 2)
        .lineWidth(0.8)
        .stroke(colors.rule);
      doc.moveDown(0.6);
      return;
    case 'h3':
      ensureSpace(doc, 48);
      doc.moveDown(0.3).font(fonts.bold).fontSize(11.5).fillColor(colors.text).text(block.text, MARGIN, doc.y, { width });
      doc.moveDown(0.25);
      return;
    case 'para':
      doc.fontSize(10.5);
      rich(doc, block.text, MARGIN, width);
      doc.moveDown(0.5);
      return;
    case 'note': {
      doc.fontSize(10);
      const pad = 8;
      const height = doc.heightOfString(plain(block.text), { width: width - 2 * pad - 4, lineGap: 2 }) + 2 * pad;
      ensureSpace(doc, height);
      const top = doc.y;
      doc.rect(MARGIN, top, width, height).fill(colors.noteFill);
      doc.rect(MARGIN, top, 3, height).fill(colors.brand);
      doc.fillColor(colors.text);
      doc.y = top + pad;
      rich(doc, block.text, MARGIN + pad + 4, width - 2 * pad - 4, 'italic');
      doc.x = MARGIN;
      doc.y = top + height;
      doc.moveDown(0.6);
      return;
    }
    case 'list':
      doc.fontSize(10.5);
      block.items.forEach((item, i) => {
        ensureSpace(doc, 16);
        const marker = block.ordered ? `${i + 1}.` : '•';
        const top = doc.y;
        doc.font(block.ordered ? fonts.bold : fonts.regular).text(marker, MARGIN + 6, top, { width: 18, lineBreak: false });
        doc.y = top;
        rich(doc, item, MARGIN + 24, width - 24);
        doc.moveDown(0.2);
      });
      doc.x = MARGIN;
      doc.moveDown(0.4);
      return;
    case 'table':
      drawTable(doc, block.rows);
      return;
    case 'pagebreak':
      doc.addPage();
      return;
  }
}

/** Renders one Markdown source into a PDF document (A4, page footer with the title and page numbers). */
export async function renderHelpPdf(markdown: string): Promise<Buffer> {
  const blocks = parseHelpMarkdown(markdown);
  const title = blocks.find((b) => b.kind === 'title')?.text ?? 'SmartPort';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'vi-VN',
    displayTitle: true,
    info: {
      Title: title,
      Author: 'SmartPort',
      Subject: 'Tài liệu hỗ trợ người dùng cổng SmartPort',
      // Fixed so the same sources give the same file.
      CreationDate: new Date('2026-01-01T00:00:00Z'),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font(fonts.regular);
  for (const block of blocks) drawBlock(doc, block);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(fonts.regular)
      .fontSize(8)
      .fillColor(colors.muted)
      .text(`SmartPort – ${title}`, MARGIN, doc.page.height - 36, { width: 380, lineBreak: false })
      .text(`Trang ${i + 1}/${range.count}`, doc.page.width - MARGIN - 100, doc.page.height - 36, {
        width: 100,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

export async function readHelpSource(name: HelpDoc): Promise<string> {
  return readFile(new URL(helpSources[name], sourceDir), 'utf8');
}

/** Every help PDF keyed by its public path ('/docs/…pdf'). */
export async function renderHelpPdfs(): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const name of Object.keys(helpSources) as HelpDoc[]) {
    out.set(helpDocs[name], await renderHelpPdf(await readHelpSource(name)));
  }
  return out;
}

/** The help document whose public path is `url` (query string ignored), if any. */
export function helpDocForPath(url: string): HelpDoc | null {
  const path = url.split('?')[0];
  return (Object.keys(helpDocs) as HelpDoc[]).find((k) => helpDocs[k] === path) ?? null;
}
