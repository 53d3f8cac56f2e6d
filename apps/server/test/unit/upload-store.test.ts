import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors';
import { createLocalFolderStore, openUploadRoot, storeMessages } from '../../src/storage/local-folder.adapter';
import {
  checkFileContent,
  checkFileName,
  checkFileSize,
  checkUpload,
  isFolderId,
  knownUploadTypes,
  type UploadPolicy,
} from '../../src/storage/upload-checks';
import type { UploadStore } from '../../src/storage/upload-store.port';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4a9b50000000049454e44ae426082',
  'hex',
);
const JPG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64)]);
const cfb = (stream: string) =>
  Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504), Buffer.from(stream, 'utf16le'), Buffer.alloc(64)]);
const bytes = (n: number) => Buffer.alloc(n, 0x41);

/** The refusal `fn` throws: a 400 AppError (fails the test when nothing is thrown). */
async function refusal(fn: () => unknown): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    return err as AppError;
  }
  throw new Error('not refused');
}

describe('upload checks', () => {
  it('takes only a uuid as a folder id', () => {
    expect(isFolderId(randomUUID())).toBe(true);
    expect(isFolderId(randomUUID().toUpperCase())).toBe(true);
    for (const bad of ['', '..', '../x', 'abc', `${randomUUID()}/..`, `${randomUUID()} `]) expect(isFolderId(bad), bad).toBe(false);
  });

  it.each([
    '..',
    '../../etc/passwd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'a:b.pdf',
    'a*.pdf',
    'a|b.pdf',
    '"a".pdf',
    '.env',
    'a\u001f.pdf',
    'a\u007f.pdf',
    '  ',
  ])('refuses the name %j', async (name) => {
    expect((await refusal(() => checkFileName(name))).message).toBe('Tên tệp không hợp lệ.');
  });

  it('keeps a name in its composed (NFC) form, trimmed, and up to 150 characters', () => {
    expect(checkFileName('To\u0302\u0300 khai.pdf')).toBe('Tồ khai.pdf');
    expect(checkFileName(`${'x'.repeat(146)}.pdf`)).toHaveLength(150);
  });

  it('refuses a size over the cap with the caller’s message, and takes the cap itself', async () => {
    expect(() => checkFileSize(5_000_000, 5_000_000, 'quá lớn')).not.toThrow();
    expect((await refusal(() => checkFileSize(5_000_001, 5_000_000, 'quá lớn'))).message).toBe('quá lớn');
  });

  it('reads the type from the content and wants it to match the extension', async () => {
    expect(await checkFileContent('a.pdf', PDF)).toBe('application/pdf');
    expect(await checkFileContent('a.PNG', PNG)).toBe('image/png');
    expect(await checkFileContent('a.jpg', JPG)).toBe('image/jpeg');
    expect(await checkFileContent('a.jpeg', JPG)).toBe('image/jpeg');
    expect(await checkFileContent('a.xls', cfb('Workbook'))).toBe('application/vnd.ms-excel');
    for (const [name, data] of [
      ['a.png', PDF],
      ['a.pdf', Buffer.from('chỉ là văn bản')],
      ['a.xls', cfb('WordDocument')],
      ['a.exe', PDF],
      ['a', PDF],
    ] as const) {
      const err = await refusal(() => checkFileContent(name, data));
      expect(err.message).toBe(`Tệp "${name}" không đúng định dạng cho phép (.xls, .docx, .png, .jpg, .pdf).`);
    }
    expect((await refusal(() => checkFileContent('a.pdf', Buffer.alloc(0)))).message).toBe('Tệp "a.pdf" rỗng.');
  });

  it('accepts only the policy’s types and names them in the message', async () => {
    const images = ['.png', '.jpg'];
    expect(await checkFileContent('a.jpeg', JPG, images)).toBe('image/jpeg');
    expect((await refusal(() => checkFileContent('a.pdf', PDF, images))).message).toBe(
      'Tệp "a.pdf" không đúng định dạng cho phép (.png, .jpg).',
    );
    expect(knownUploadTypes).toEqual(['.xls', '.docx', '.png', '.jpg', '.pdf']);
  });

  it('checks the name, then the size, then the content', async () => {
    const policy: UploadPolicy = { accepted: ['.pdf'], maxFileBytes: 100, tooLarge: 'Tệp quá lớn' };
    expect(await checkUpload(' a.pdf ', PDF, policy)).toEqual({ name: 'a.pdf', mime: 'application/pdf' });
    expect((await refusal(() => checkUpload('../a.png', bytes(500), policy))).message).toBe('Tên tệp không hợp lệ.');
    expect((await refusal(() => checkUpload('a.png', bytes(500), policy))).message).toBe('Tệp quá lớn');
    expect((await refusal(() => checkUpload('a.png', PNG, policy))).message).toContain('không đúng định dạng');
  });
});

describe('the local-folder store', () => {
  let root: string;
  let store: UploadStore;
  const folder = randomUUID();
  const caps = { maxFileBytes: 1000, maxFolderBytes: 2500 };

  beforeEach(async () => {
    root = join(await mkdtemp(join(tmpdir(), 'sp-store-test-')), 'uploads');
    store = createLocalFolderStore(root, caps);
  });
  afterEach(async () => {
    await rm(join(root, '..'), { recursive: true, force: true });
  });

  it('writes, reads, lists, replaces and removes files in their folder', async () => {
    await store.write(folder, 'Tờ khai.pdf', PDF);
    await store.write(folder.toUpperCase(), 'b.png', PNG);
    expect(await store.read(folder, 'Tờ khai.pdf')).toEqual(PDF);
    expect(await readdir(join(root, folder))).toHaveLength(2);
    expect(await store.list(folder)).toEqual([
      { name: 'b.png', size: PNG.length },
      { name: 'Tờ khai.pdf', size: PDF.length },
    ]);
    await store.write(folder, 'b.png', bytes(10));
    expect(await store.read(folder, 'b.png')).toEqual(bytes(10));
    await store.remove(folder, 'b.png');
    expect(await store.read(folder, 'b.png')).toBeNull();
    await store.remove(folder, 'b.png');
    await store.removeFolder(folder);
    expect(existsSync(join(root, folder))).toBe(false);
    expect(await store.list(folder)).toEqual([]);
    expect(await store.read(randomUUID(), 'a.pdf')).toBeNull();
  });

  it('refuses names and folders that would leave their folder, on every operation, writing nothing', async () => {
    const outside = join(root, '..');
    const names = ['../escaped.pdf', '../../escaped.pdf', '/tmp/escaped.pdf', '..', 'a/../../escaped.pdf', 'a\\..\\escaped.pdf'];
    for (const name of names) {
      for (const op of [() => store.write(folder, name, PDF), () => store.read(folder, name), () => store.remove(folder, name)]) {
        expect((await refusal(op)).message).toBe('Tên tệp không hợp lệ.');
      }
    }
    for (const bad of ['..', '../x', '.', '', 'not-a-uuid', `${folder}/..`]) {
      for (const op of [
        () => store.write(bad, 'a.pdf', PDF),
        () => store.read(bad, 'a.pdf'),
        () => store.list(bad),
        () => store.removeFolder(bad),
      ]) {
        expect((await refusal(op)).message).toBe('Tên tệp không hợp lệ.');
      }
    }
    expect(existsSync(root)).toBe(false);
    expect(await readdir(outside)).toEqual([]);
  });

  it('does not remove anything outside the store for a bad folder', async () => {
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'keep.txt'), 'x');
    await refusal(() => store.removeFolder('..'));
    expect(existsSync(join(root, 'keep.txt'))).toBe(true);
  });

  it('refuses a file over the file cap before writing anything', async () => {
    expect((await refusal(() => store.write(folder, 'big.pdf', bytes(caps.maxFileBytes + 1)))).message).toBe(storeMessages.fileTooLarge);
    expect(existsSync(join(root, folder))).toBe(false);
    await store.write(folder, 'max.pdf', bytes(caps.maxFileBytes));
  });

  it('refuses a file that takes its folder over the folder cap; a replaced file does not count twice', async () => {
    await store.write(folder, 'a.pdf', bytes(1000));
    await store.write(folder, 'b.pdf', bytes(1000));
    expect((await refusal(() => store.write(folder, 'c.pdf', bytes(501)))).message).toBe(storeMessages.folderFull);
    await store.write(folder, 'c.pdf', bytes(500));
    await store.write(folder, 'b.pdf', bytes(1000));
    expect((await store.list(folder)).reduce((s, f) => s + f.size, 0)).toBe(2500);
    // Another folder has its own total.
    await store.write(randomUUID(), 'a.pdf', bytes(1000));
  });

  it('lets parallel writes pass the folder cap together never', async () => {
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => store.write(folder, `${i}.pdf`, bytes(1000))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await store.list(folder)).reduce((s, f) => s + f.size, 0)).toBeLessThanOrEqual(caps.maxFolderBytes);
  });
});

describe('openUploadRoot', () => {
  it("makes a temporary folder for 'memory' and removes it on close", async () => {
    const temp = await openUploadRoot('memory');
    const store = createLocalFolderStore(temp.root, { maxFileBytes: 100, maxFolderBytes: 100 });
    await store.write(randomUUID(), 'a.pdf', PDF);
    expect(existsSync(temp.root)).toBe(true);
    await temp.close();
    expect(existsSync(temp.root)).toBe(false);
  });

  it('keeps a configured folder on close', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sp-store-kept-'));
    const opened = await openUploadRoot(dir);
    expect(opened.root).toBe(dir);
    await opened.close();
    expect(existsSync(dir)).toBe(true);
    await rm(dir, { recursive: true, force: true });
  });
});
