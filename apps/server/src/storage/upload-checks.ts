import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../http/errors';

/**
 * The checks every upload passes before it is stored, whoever stores it: folder ids, file names that
 * cannot leave their folder, the type read from the content (never the client's word) and sizes.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const badName = () => badRequest('Tên tệp không hợp lệ.');

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
  if (bad) throw badName();
  return name;
}

/** A file of `size` bytes fits under `maxBytes`; otherwise the caller's own message (e.g. spec 01 §8's). */
export function checkFileSize(size: number, maxBytes: number, message: string): void {
  if (size > maxBytes) throw badRequest(message);
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

type Detected = Awaited<ReturnType<typeof fileTypeFromBuffer>>;

/** The content each accepted extension must have (magic bytes), and the MIME type stored for it. */
const contentRules: Record<string, { matches(d: Detected, data: Uint8Array): boolean; mime?: string }> = {
  '.pdf': { matches: (d) => d?.ext === 'pdf' },
  '.png': { matches: (d) => d?.ext === 'png' },
  '.jpg': { matches: (d) => d?.ext === 'jpg' },
  '.docx': { matches: (d) => d?.ext === 'docx' },
  '.xls': { matches: (d, data) => d?.ext === 'cfb' && hasWorkbookStream(data), mime: 'application/vnd.ms-excel' },
};
/** Spellings that stand for an extension listed above (a '.jpeg' is accepted wherever '.jpg' is). */
const aliases: Record<string, string> = { '.jpeg': '.jpg' };

/** Every type the portal can recognise by content, in the order messages list them. */
export const knownUploadTypes = ['.xls', '.docx', '.png', '.jpg', '.pdf'] as const;

/**
 * The file's real type from its content (magic bytes), which must be one of `accepted` AND match the
 * name's extension: a renamed text file called .pdf is refused. Returns the MIME type to store.
 */
export async function checkFileContent(name: string, data: Uint8Array, accepted: readonly string[] = knownUploadTypes): Promise<string> {
  const raw = extensionOf(name);
  const ext = aliases[raw] ?? raw;
  if (!data.length) throw badRequest(`Tệp "${name}" rỗng.`);
  const rule = accepted.includes(ext) ? contentRules[ext] : undefined;
  const detected = rule ? await fileTypeFromBuffer(data) : undefined;
  if (!rule || !detected || !rule.matches(detected, data)) {
    throw badRequest(`Tệp "${name}" không đúng định dạng cho phép (${accepted.join(', ')}).`);
  }
  return rule.mime ?? detected.mime;
}

/** What one kind of upload accepts: its types and its largest file, with the message for a file too large. */
export interface UploadPolicy {
  accepted: readonly string[];
  maxFileBytes: number;
  tooLarge: string;
}

/** Name, size, then content, in that order (the order the screens' messages assume). */
export async function checkUpload(rawName: string, data: Uint8Array, policy: UploadPolicy): Promise<{ name: string; mime: string }> {
  const name = checkFileName(rawName);
  checkFileSize(data.length, policy.maxFileBytes, policy.tooLarge);
  return { name, mime: await checkFileContent(name, data, policy.accepted) };
}

/** Image types an upload may be, read from the content only (never from a name or the client's MIME type). */
export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';
const imageMimes: Record<ImageType, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The image's type and MIME type from its magic bytes when it is one of `accepted`; null otherwise (SVG never: it is text). */
export async function detectImage(data: Uint8Array, accepted: readonly ImageType[]): Promise<{ ext: ImageType; mime: string } | null> {
  if (!data.length) return null;
  const detected = await fileTypeFromBuffer(data);
  const ext = detected?.ext as ImageType | undefined;
  return ext && accepted.includes(ext) ? { ext, mime: imageMimes[ext] } : null;
}
