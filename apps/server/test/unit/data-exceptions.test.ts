import { describe, expect, it } from 'vitest';
import { loadConfig, withSecrets } from '../../src/config';
import { createCore } from '../../src/plugins/core';

/** An error as the database driver throws it, wrapped as Drizzle wraps a failed query. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });

describe('the error handler: a value the database refuses is the request’s mistake', () => {
  it('answers 400 in Vietnamese for data exceptions (bad day, out of range, bad text), 500 for anything else', async () => {
    const app = createCore(withSecrets({ ...loadConfig({}), demo: true }), false);
    app.get('/day', async () => Promise.reject(wrapped('22008')));
    app.get('/range', async () => Promise.reject(wrapped('22003')));
    app.get('/text', async () => Promise.reject(Object.assign(new Error('x'), { code: '22P02' })));
    app.get('/broken', async () => Promise.reject(wrapped('42P01')));
    for (const path of ['/day', '/range', '/text']) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Dữ liệu gửi lên không hợp lệ (giá trị ngoài phạm vi cho phép).' });
    }
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('42P01');
    await app.close();
  });
});
