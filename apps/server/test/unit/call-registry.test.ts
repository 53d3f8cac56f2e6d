import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { findNulChar, type HandlerTable, registerCalls } from '../../src/http/call-registry';
import type { AuthUser, CallContext } from '../../src/http/context';
import { AppError } from '../../src/http/errors';

// The real call table has no menu-permission call yet: this file swaps in a small table with one
// call of each kind so the registry's 401/403/400 path is exercised end to end.
vi.mock('@smartport/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@smartport/contract')>();
  const { z } = await import('zod');
  const def = actual.defineCall;
  return {
    ...actual,
    calls: {
      siteConfig: {
        getMainConfig: def({
          path: 'config/getMainConfig',
          module: 'siteConfig',
          summary: 'menu call',
          access: actual.menuAccess('CFG_MAIN', 'SYS_TERMINAL_CONFIG'),
          request: z.object({ TerminalCode: z.string().trim().min(1).max(5) }),
          response: actual.plainReply,
        }),
        whoAmI: def({
          path: 'test/whoAmI',
          module: 'siteConfig',
          summary: 'signed-in call',
          access: actual.signedIn,
          request: actual.noPayload,
          response: actual.plainReply,
        }),
        open: def({
          path: 'test/open',
          module: 'siteConfig',
          summary: 'public call',
          access: actual.publicAccess,
          request: actual.noPayload,
          response: actual.plainReply,
        }),
      },
    },
  };
});

const user = (grants: string[]): AuthUser => ({
  UserID: grants.length ? 'quantri' : 'khach',
  UserName: 'U',
  UserGroupCode: 'G',
  UserGroupName: 'G',
  Rank: 5,
  terminals: ['NDP'],
  CustomerCode: null,
  Email: null,
  grants: new Set(grants),
  jti: 'j',
});
const users: Record<string, AuthUser> = { granted: user(['CFG_MAIN']), other: user(['SYS_TERMINAL_CONFIG']), none: user(['HOME']) };

let app: FastifyInstance;
const seen: { input: unknown; ctx: CallContext }[] = [];
const handler = async (input: unknown, ctx: CallContext) => {
  seen.push({ input, ctx });
  return { success: true, message: 'ok' };
};

beforeAll(async () => {
  app = Fastify();
  // The same mapping as buildApp's error handler, reduced to what the registry throws.
  app.setErrorHandler((error, _req, reply) =>
    reply.status(error instanceof AppError ? error.statusCode : 500).send({ success: false, message: (error as Error).message }),
  );
  const table = { siteConfig: { getMainConfig: handler, whoAmI: handler, open: handler } } as unknown as HandlerTable;
  const registered = registerCalls(app, table, { authenticate: async (token) => users[token] ?? null });
  expect(registered).toEqual(['config/getMainConfig', 'test/whoAmI', 'test/open']);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const post = (path: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });

describe('registerCalls', () => {
  it('answers 401 asking to sign in when there is no token', async () => {
    const res = await post('config/getMainConfig', { TerminalCode: 'NDP' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Vui lòng đăng nhập để sử dụng chức năng này.' });
  });

  it('answers 401 saying the session is over when the token is not good', async () => {
    const res = await post('test/whoAmI', {}, 'unknown');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.');
  });

  it("answers 403 to a user whose group holds none of the call's menu entries", async () => {
    const res = await post('config/getMainConfig', { TerminalCode: 'NDP' }, 'none');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Bạn không có quyền thực hiện chức năng này.' });
  });

  it('lets a user through with any one of the listed entries', async () => {
    expect((await post('config/getMainConfig', { TerminalCode: 'NDP' }, 'granted')).statusCode).toBe(200);
    expect((await post('config/getMainConfig', { TerminalCode: 'NDP' }, 'other')).statusCode).toBe(200);
  });

  it('checks the permission before the body: a user without it learns nothing about the fields', async () => {
    const res = await post('config/getMainConfig', { TerminalCode: 42 }, 'none');
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming the field for a body the schema refuses', async () => {
    const res = await post('config/getMainConfig', { TerminalCode: 'TOO-LONG' }, 'granted');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Dữ liệu không hợp lệ ở trường "TerminalCode": /);
  });

  it('answers 400 naming the field for text holding a NUL character', async () => {
    const res = await post('config/getMainConfig', { TerminalCode: 'N\u0000P' }, 'granted');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dữ liệu không hợp lệ ở trường "TerminalCode": chứa ký tự không được phép.');
  });

  it('hands the parsed input and the caller to the handler', async () => {
    seen.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/config/getMainConfig',
      headers: { authorization: 'Bearer granted' },
      payload: { TerminalCode: '  NDP ', Extra: 'dropped' },
      remoteAddress: '192.0.2.1',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.input).toEqual({ TerminalCode: 'NDP' });
    expect(seen[0]?.ctx).toEqual({ user: users.granted, ip: '192.0.2.1', token: 'granted', userAgent: 'lightMyRequest' });
  });

  it('lets anyone make a public call, with or without a token', async () => {
    seen.length = 0;
    expect((await post('test/open', {})).statusCode).toBe(200);
    expect((await post('test/open', {}, 'unknown')).statusCode).toBe(200);
    expect(seen.map((s) => s.ctx.user)).toEqual([null, null]);
  });

  it('refuses a table with a call missing', () => {
    const bare = Fastify();
    expect(() =>
      registerCalls(bare, { siteConfig: { whoAmI: handler } } as unknown as HandlerTable, { authenticate: async () => null }),
    ).toThrow('Thiếu xử lý cho config/getMainConfig');
  });
});

describe('findNulChar', () => {
  it('answers null for bodies without NUL', () => {
    for (const body of [undefined, null, 1, true, '', 'abc', [], {}, { a: ['x', { b: 'y' }] }]) expect(findNulChar(body)).toBeNull();
  });

  it('answers the path of the first value or key holding NUL', () => {
    expect(findNulChar('a\u0000')).toBe('');
    expect(findNulChar({ UserID: 'a\u0000' })).toBe('UserID');
    expect(findNulChar({ a: 'ok', rows: [{ x: 'ok' }, { x: '\u0000' }] })).toBe('rows.1.x');
    expect(findNulChar([['\u0000']])).toBe('0.0');
    // A UTF-16 surrogate without its pair cannot be stored either; a real pair (an emoji) can.
    expect(findNulChar({ declareNo: '1\ud800' })).toBe('declareNo');
    expect(findNulChar({ note: '\udc00x' })).toBe('note');
    expect(findNulChar({ note: 'tàu 🚢' })).toBeNull();
    expect(findNulChar({ 'k\u0000': 'v' })).toBe('k\u0000');
  });

  it('walks bodies nested far deeper than the call stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNulChar({ a: deep })?.startsWith('a.0.0.0')).toBe(true);
  });

  it('skips values that are not plain JSON (they do not come from a JSON body)', () => {
    expect(findNulChar({ file: Buffer.from('\u0000'), when: new Date(0) })).toBeNull();
  });
});

// Keeps zod's Vietnamese locale (set by the registry) in view: messages the schema writes are Vietnamese.
it('writes schema messages in Vietnamese', () => {
  const result = z.string().safeParse(1);
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toMatch(/Đầu vào không hợp lệ/);
});
