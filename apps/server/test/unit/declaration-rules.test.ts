import { describe, expect, it } from 'vitest';
import { startOfPortDay } from '../../src/modules/customs/declarations.service';
import { demoPdf } from '../../src/modules/customs/demo-pdf';
import { checkFileContent, checkFileName } from '../../src/storage/upload-checks';

describe('the declaration date is stored as the start of its day in Asia/Ho_Chi_Minh', () => {
  it('reads a plain date as that day at 00:00 (+07:00)', () => {
    expect(startOfPortDay('2026-11-20')?.toISOString()).toBe('2026-11-19T17:00:00.000Z');
  });

  it('takes the port-time day of a full timestamp, not the UTC day', () => {
    // 20 Nov 18:30 UTC is already 21 Nov 01:30 in Vietnam.
    expect(startOfPortDay('2026-11-20T18:30:00Z')?.toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(startOfPortDay('2026-11-20T23:59:59+07:00')?.toISOString()).toBe('2026-11-19T17:00:00.000Z');
  });

  it('refuses dates that do not exist or are not dates', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '20/11/2026', 'hôm nay', '1899-01-01']) expect(startOfPortDay(bad), bad).toBeNull();
  });
});

describe('upload file names and contents', () => {
  it('keeps ordinary names, Vietnamese included', () => {
    expect(checkFileName(' Tờ khai xuất (bản 2).pdf ')).toBe('Tờ khai xuất (bản 2).pdf');
  });

  it.each(['../a.pdf', 'a/b.pdf', 'a\\b.pdf', '.htaccess', 'a\u0000.pdf', '', 'x'.repeat(151)])('refuses %j', (name) => {
    expect(() => checkFileName(name)).toThrow('Tên tệp không hợp lệ.');
  });

  it('accepts a PDF by its content and refuses it under another accepted extension', async () => {
    const pdf = demoPdf('To khai 305123456789');
    expect(await checkFileContent('a.pdf', pdf)).toBe('application/pdf');
    await expect(checkFileContent('a.png', pdf)).rejects.toThrow('không đúng định dạng cho phép');
    await expect(checkFileContent('a.pdf', Buffer.alloc(0))).rejects.toThrow('rỗng');
  });
});
