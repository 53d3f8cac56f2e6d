/** Raster types an image may be embedded as (the server keeps the same ones; SVG can carry script). */
export const EMBEDDABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type EmbeddableImageType = (typeof EMBEDDABLE_IMAGE_TYPES)[number];

/** An embedded image stays below 1 MB so a notification (≤ 1.5 MB of text once in base64) still fits. */
export const MAX_EMBEDDED_IMAGE_BYTES = 1_000_000;

/** Why a file cannot be embedded, as a locale key. */
export type ImageRefusal = 'richText.image.wrongType' | 'richText.image.tooLarge' | 'richText.image.empty';

/** The image type its first bytes say (a renamed .svg or .exe is not a PNG because of its name). */
export function sniffImageType(bytes: Uint8Array): EmbeddableImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The checks a person gets an answer to at once, before the file is read: its declared type and its size. */
export function precheckImage(file: { type: string; size: number }): ImageRefusal | null {
  if (!(EMBEDDABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'richText.image.wrongType';
  if (file.size === 0) return 'richText.image.empty';
  if (file.size > MAX_EMBEDDED_IMAGE_BYTES) return 'richText.image.tooLarge';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export class ImageEmbedError extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
    this.name = 'ImageEmbedError';
  }
}

/** The file as a data: URL of the type its content has; refused when type, content or size do not fit. */
export async function imageToDataUrl(file: Blob & { type: string; size: number }): Promise<string> {
  const refusal = precheckImage(file);
  if (refusal) throw new ImageEmbedError(refusal);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ImageEmbedError('richText.image.wrongType');
  return `data:${type};base64,${toBase64(bytes)}`;
}
