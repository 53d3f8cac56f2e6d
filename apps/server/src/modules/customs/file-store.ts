import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { uploadLimits } from '@smartport/contract';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http/errors';

/** Where uploaded declaration files live: a local folder by default, an object store in production (DESIGN.md §1). */
export interface FileStore {
  write(folder: string, name: string, data: Uint8Array): Promise<void>;
  read(folder: string, name: string): Promise<Buffer | null>;
  remove(folder: string, name: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A folder id is a uuid and nothing else. */
export function isFolderId(value: string): boolean {
  return UUID.test(value);
}

/**
 * A file name as it may be stored: no path separators, no '..', no control characters, no leading dot,
 * at most 150 characters. Anything else is refused, never rewritten, so a name cannot escape its folder.
 */
export function checkFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  const bad =
    !name ||
    name.length > 150 ||
    name.startsWith('.') ||
    name.includes('..') ||
    /[/\\:*?"<>|]/.test(name) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
    /[\u0000-\u001f\u007f]/.test(name);
  if (bad) throw badRequest('Tên tệp không hợp lệ.');
  return name;
}

/** The local-folder store: every path is resolved and checked to stay inside `root/<uuid>/`. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (folder: string, name: string) => {
    if (!isFolderId(folder)) throw badRequest('Tên tệp không hợp lệ.');
    const dir = join(base, folder.toLowerCase());
    const path = resolve(dir, checkFileName(name));
    if (!path.startsWith(dir + sep)) throw badRequest('Tên tệp không hợp lệ.');
    return { dir, path };
  };
  return {
    async write(folder, name, data) {
      const { dir, path } = pathOf(folder, name);
      await mkdir(dir, { recursive: true });
      await writeFile(path, data, { flag: 'w' });
    },
    async read(folder, name) {
      const { path } = pathOf(folder, name);
      try {
        return await readFile(path);
      } catch {
        return null;
      }
    },
    async remove(folder, name) {
      const { path } = pathOf(folder, name);
      await rm(path, { force: true });
    },
  };
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** Old Excel workbooks are OLE compound files holding a 'Workbook' (or 'Book') stream, named in UTF-16LE. */
const hasWorkbookStream = (data: Uint8Array) => {
  const text = Buffer.from(data).toString('latin1');
  return text.includes('W\0o\0r\0k\0b\0o\0o\0k\0') || text.includes('B\0o\0o\0k\0');
};

const wrongType = (name: string) => badRequest(`Tệp "${name}" không đúng định dạng cho phép (${uploadLimits.extensions.join(', ')}).`);

/**
 * The file's real type from its content (magic bytes), which must be an accepted type AND match the
 * name's extension: a renamed text file called .pdf is refused. Returns the MIME type to store.
 */
export async function checkFileContent(name: string, data: Uint8Array): Promise<string> {
  const ext = extensionOf(name);
  if (!data.length) throw badRequest(`Tệp "${name}" rỗng.`);
  const detected = await fileTypeFromBuffer(data);
  const ok =
    (ext === '.pdf' && detected?.ext === 'pdf') ||
    (ext === '.png' && detected?.ext === 'png') ||
    ((ext === '.jpg' || ext === '.jpeg') && detected?.ext === 'jpg') ||
    (ext === '.docx' && detected?.ext === 'docx') ||
    (ext === '.xls' && detected?.ext === 'cfb' && hasWorkbookStream(data));
  if (!ok || !detected) throw wrongType(name);
  return ext === '.xls' ? 'application/vnd.ms-excel' : detected.mime;
}

/** A one-page PDF with a line of ASCII text: the demo declarations' attachment (demo mode only). */
export function demoPdf(text: string): Buffer {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 56 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
