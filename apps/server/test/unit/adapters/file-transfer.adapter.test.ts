import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpFileTransfer } from '../../../src/adapters/file-transfer/file-transfer.adapter';

/**
 * A small stand-in of the SFTP service's control API (the service itself comes with a later issue),
 * speaking its wire protocol over real HTTP: POST /read, /write {data}, /restart, /create_user
 * {user, pass}, key in `Authorization: Bearer`; a config that does not parse is refused.
 */
const KEY = 'ft-test-key-0123456789';
let server: Server;
let url: string;
let config = '{"accounts":[]}';
let mode: 'normal' | 'slow' | 'garbage' | 'crash' = 'normal';
const users = new Set<string>();

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { success: false, message: 'Sai khóa' });
    if (mode === 'slow') return setTimeout(() => send(200, { success: true, data: config }), 2000);
    if (mode === 'garbage') return send(200, '<html>proxy error</html>');
    if (mode === 'crash') return send(500, { success: false, error: 'Lỗi nội bộ' });
    const body = await readBody(req);
    switch (req.method === 'POST' ? req.url : '') {
      case '/read':
        return send(200, { success: true, data: config });
      case '/write':
        try {
          JSON.parse(String(body.data));
        } catch (e) {
          return send(200, { success: false, error: `Cấu hình không hợp lệ: ${(e as Error).message}` });
        }
        config = String(body.data);
        return send(200, { success: true });
      case '/restart':
        return send(200, { success: true, out: 'Đã nạp lại cấu hình: 0 tài khoản' });
      case '/create_user':
        if (users.has(body.user)) return send(409, { success: false, error: `Tài khoản ${body.user} đã tồn tại` });
        users.add(body.user);
        return send(200, { success: true, out: `Đã tạo ${body.user}` });
      default:
        return send(404, { success: false, message: 'Không có' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  mode = 'normal';
});

const control = (over: { apiKey?: string | undefined; url?: string | undefined } = {}) =>
  createHttpFileTransfer({
    url: async () => ('url' in over ? over.url : url),
    allowed: [url, 'http://127.0.0.1:1'],
    apiKey: 'apiKey' in over ? over.apiKey : KEY,
    timeoutMs: 500,
  });

describe('file-transfer control adapter', () => {
  it('reads, writes and reloads the config text, and creates a user', async () => {
    const ft = control();
    expect(await ft.readConfig()).toEqual({ ok: true, value: { text: '{"accounts":[]}' } });
    expect(await ft.writeConfig('{"accounts":[{"user":"opr1"}]}')).toEqual({ ok: true, value: { output: null } });
    expect(await ft.readConfig()).toEqual({ ok: true, value: { text: '{"accounts":[{"user":"opr1"}]}' } });
    expect(await ft.restart()).toEqual({ ok: true, value: { output: 'Đã nạp lại cấu hình: 0 tài khoản' } });
    expect(await ft.createUser('opr1', 'Mat-khau-1')).toEqual({ ok: true, value: { output: 'Đã tạo opr1' } });
  });

  it("passes on the service's refusal with its reason: a config that does not parse, an existing user", async () => {
    const ft = control();
    const bad = await ft.writeConfig('{accounts: [');
    expect(bad).toMatchObject({ ok: false, failure: 'rejected' });
    expect(bad.ok ? '' : 'detail' in bad ? bad.detail : '').toContain('Cấu hình không hợp lệ');
    expect(await ft.readConfig()).toMatchObject({ ok: true, value: { text: '{"accounts":[{"user":"opr1"}]}' } });
    expect(await ft.createUser('opr1', 'x')).toEqual({ ok: false, failure: 'rejected', detail: 'Tài khoản opr1 đã tồn tại' });
  });

  it('says key_refused for a wrong key and not_configured without key or address', async () => {
    expect(await control({ apiKey: 'sai' }).readConfig()).toEqual({ ok: false, failure: 'key_refused' });
    expect(await control({ apiKey: undefined }).readConfig()).toEqual({ ok: false, failure: 'not_configured' });
    expect(await control({ url: undefined }).readConfig()).toEqual({ ok: false, failure: 'not_configured' });
  });

  it('bounds every call by its time-out and validates every answer', async () => {
    const ft = control();
    mode = 'slow';
    const started = Date.now();
    expect(await ft.readConfig()).toEqual({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
    mode = 'garbage';
    expect(await ft.restart()).toEqual({ ok: false, failure: 'malformed' });
    mode = 'crash';
    expect(await ft.restart()).toEqual({ ok: false, failure: 'refused', detail: 'Lỗi nội bộ' });
    mode = 'normal';
    expect(await control({ url: 'http://127.0.0.1:1' }).restart()).toMatchObject({ ok: false, failure: 'unreachable' });
    // An address the deployment did not fix never gets the key: no request is made.
    expect(await control({ url: 'http://127.0.0.1:2' }).restart()).toEqual({ ok: false, failure: 'not_allowed' });
  });
});
