import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// An upload is authorised and its declared size checked before its body is read, so an anonymous
// or oversized request cannot make the portal buffer megabytes. Each request here sends only the start of its body
// and leaves the connection open: the answer must come without the rest.
let t: TestApp;
let port: number;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  customer = await t.login('khachhang');
});
afterAll(async () => t?.close());

const BOUNDARY = 'smartportboundary';

/** Sends the headers and `start` of a multipart body, never the rest; resolves with the status and body answered. */
function partialUpload(headers: Record<string, string | number>, start: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/custom/file_upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(start);
  });
}

const fileStart = (field = '') =>
  `${field}--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(64 * 1024)}`;

describe('[reliability: upload-before-auth] uploads are refused before their body is read', () => {
  it('answers 401 to an upload without a token as soon as its file starts, without waiting for the rest', async () => {
    const res = await partialUpload({ 'content-length': 4_900_000 }, fileStart());
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ success: false });
  });

  it('answers 401 to a wrong token in the access_token field before reading the file after it', async () => {
    const field = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="access_token"\r\n\r\nkhong-phai-token\r\n`;
    const res = await partialUpload({ 'content-length': 4_900_000 }, fileStart(field));
    expect(res.status).toBe(401);
  });

  it('answers 400 to a body declared over the 5MB cap before reading a byte of it', async () => {
    const res = await partialUpload({ 'content-length': 50_000_000, authorization: `Bearer ${customer}` }, '');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Tổng dung lượng không được quá 5MB !!' });
  });
});

describe('[reliability: lone-surrogate] text PostgreSQL cannot store is refused at the call', () => {
  it('answers 400 naming the field to a customs message with a lone surrogate, and queues nothing', async () => {
    const body = '{"declareNo":"30512345\\ud800","office":"03EE"}';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/custom/req_cas367',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Dữ liệu không hợp lệ ở trường "declareNo": chứa ký tự không được phép.' });
    const queued = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM customs_request_log');
    expect(queued[0]?.n).toBe(0);
  });
});
