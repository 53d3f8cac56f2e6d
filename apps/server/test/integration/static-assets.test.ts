import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The built SPA as the portal serves it: files precompressed at build (x.br, x.gz beside x) are sent as they are to
// a browser that accepts them, content-hashed assets are cached for a year, index.html is checked on every visit.
let t: TestApp;
let dist: string;
const script = `export const greeting = ${JSON.stringify('Xin chào, cảng biển! '.repeat(200))};\n`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'sp-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="vi"><body><div id="root"></div></body></html>');
  await writeFile(join(dist, 'version.json'), '{"version":"1"}');
  const file = join(dist, 'assets', 'index-AbC123xy.js');
  await writeFile(file, script);
  await writeFile(`${file}.br`, brotliCompressSync(script));
  await writeFile(`${file}.gz`, gzipSync(script));
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('static files of the web build', () => {
  it('sends the brotli file to a browser accepting br, with Content-Encoding, Vary and a year of immutable caching', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it('sends the gzip file to a browser accepting only gzip', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client accepting no compression', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets index.html or version.json be cached without asking again (client routes included)', async () => {
    for (const url of ['/', '/login', '/common/operation', '/index.html', '/version.json']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 for a missing asset, not the app', async () => {
    const res = await get('/assets/missing-123.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});
