import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CallDef, callList, calls, menuIds, projectNamedCalls } from '@smartport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasAccess } from '../../src/http/call-registry';
import type { AuthUser } from '../../src/http/context';
import { createSigner } from '../../src/security/token';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Where spec/api-calls.txt is: in $SPEC_DIR when set (only there), otherwise in the shared/spec folder beside
 * the clone (CI: <clone>/../shared/spec) or beside one of its parent folders (a git worktree sits a level deeper).
 */
function findSpecFile(env: NodeJS.ProcessEnv = process.env): { file: string | null; tried: string[] } {
  const tried: string[] = [];
  if (env.SPEC_DIR) tried.push(resolve(env.SPEC_DIR, 'api-calls.txt'));
  else
    for (let dir = repo; ; dir = dirname(dir)) {
      tried.push(resolve(dir, '../shared/spec/api-calls.txt'));
      if (dirname(dir) === dir) break;
    }
  return { file: tried.find((f) => existsSync(f)) ?? null, tried };
}

/** The call paths spec/api-calls.txt names, `{controller}`-style segments as patterns. */
function specCallPatterns(file: string): RegExp[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/)[0] as string)
    .map((path) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`));
}

const nonPublic = callList.filter((c) => c.access.kind !== 'public');
const menuCalls = callList.filter((c) => c.access.kind === 'menu');

/** Looks like a stack frame or a source path leaking out of the server. */
const leak = /(\bat\s+\S*\s*\(?(\/|file:|node:))|(\.(ts|js|mjs|cjs):\d+)|node_modules|\/apps\/server\//;

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('the call table and the routes', () => {
  it('declares each call path once', () => {
    const paths = callList.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('registers a route for every declared call and for nothing else', () => {
    expect([...t.portal.registeredCalls].sort()).toEqual(callList.map((c) => c.path).sort());
  });

  it.each(callList.map((c) => [c.path, c] as const))('serves POST /api/%s (never the 404 of an unknown call)', async (path) => {
    expect(t.app.hasRoute({ method: 'POST', url: `/api/${path}` })).toBe(true);
    const res = await t.call(path, {});
    expect(res.status).not.toBe(404);
    expect(res.body).toMatchObject({ success: expect.any(Boolean) });
  });

  // Never skipped: without the spec file this check would silently stop guarding the names (docs/decisions.md).
  it('names every call as spec/api-calls.txt does, or as one of projectNamedCalls', () => {
    const spec = findSpecFile();
    if (!spec.file) {
      throw new Error(
        `spec/api-calls.txt not found; looked at:\n  ${spec.tried.join('\n  ')}\n` +
          'Put the shared spec beside the clone (<clone>/../shared/spec) or set SPEC_DIR to the folder holding api-calls.txt.',
      );
    }
    const patterns = specCallPatterns(spec.file);
    expect(patterns.length, `${spec.file} names no calls`).toBeGreaterThan(50);
    const named = new Set<string>(projectNamedCalls);
    const stray = callList.map((c) => c.path).filter((p) => !named.has(p) && !patterns.some((re) => re.test(p)));
    expect(stray, 'calls neither in spec/api-calls.txt nor in projectNamedCalls').toEqual([]);
  });

  it('lists in projectNamedCalls only calls that are declared', () => {
    const declared = new Set(callList.map((c) => c.path));
    expect(projectNamedCalls.filter((p) => !declared.has(p))).toEqual([]);
  });

  it('names only menu entries of the catalogue as permissions', () => {
    for (const call of menuCalls) {
      if (call.access.kind !== 'menu') continue;
      expect(call.access.anyOf.length, call.path).toBeGreaterThan(0);
      for (const id of call.access.anyOf) expect(menuIds, call.path).toContain(id);
    }
  });
});

describe('authentication on every call', () => {
  it.each(nonPublic.map((c) => [c.path]))('answers 401 without a token for every non-public call: %s', async (path) => {
    const res = await t.call(path, {});
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(vietnamese);
  });

  it('answers 401 to every non-public call for forged, expired, malformed or foreign tokens', async () => {
    const realSigner = createSigner(t.portal.config.jwtSecret);
    const [session] = await t.sql<{ jti: string }>("SELECT jti FROM sessions WHERE user_id = 'admin' AND revoked_at IS NULL LIMIT 1");
    const jti = String(session?.jti);
    const [h, body] = adminToken.split('.') as [string, string];
    const bad: Record<string, string> = {
      garbage: 'not-a-token',
      'three dots': 'a.b.c',
      'other secret': createSigner('not-the-portal-secret').signAccess({ sub: 'admin', jti }, 3600),
      expired: realSigner.signAccess({ sub: 'admin', jti }, -60),
      'unknown session': realSigner.signAccess({ sub: 'admin', jti: '00000000-0000-4000-8000-000000000000' }, 3600),
      'alg none': `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`,
      'signature cut': `${h}.${body}.`,
    };
    // Sanity: the real secret was read, so 'expired' differs from a valid token only by its time.
    expect(realSigner.verifyAccess(adminToken)).not.toBeNull();
    for (const call of nonPublic) {
      for (const [what, token] of Object.entries(bad)) {
        const res = await t.call(call.path, {}, token);
        expect(res.status, `${call.path} with ${what} token`).toBe(401);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(vietnamese);
      }
      const wrongScheme = await t.call(call.path, {}, null, { headers: { authorization: `Basic ${adminToken}` } });
      expect(wrongScheme.status, `${call.path} with a non-Bearer scheme`).toBe(401);
    }
  });
});

describe('menu permissions on every call', () => {
  let noGrantToken: string;
  beforeAll(async () => {
    await t.addUser({ UserID: 'khongquyen', UserGroupCode: 'NO_GRANTS', password: 'Khong@Quyen1', grants: [] });
    noGrantToken = await t.login('khongquyen', 'Khong@Quyen1');
  });

  it(`answers 403 to a group without any of the call's grants, for every menu call (${menuCalls.length} now)`, async () => {
    for (const call of menuCalls) {
      const res = await t.call(call.path, {}, noGrantToken);
      expect(res.status, call.path).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    }
  });

  it('lets a group without grants sign in but shows it an empty menu', async () => {
    const res = await t.call(calls.shell.getMenu, {}, noGrantToken);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([]);
  });

  describe('hasAccess (the check behind every call)', () => {
    const user = (grants: string[]): AuthUser => ({
      UserID: 'u',
      UserName: 'U',
      UserGroupCode: 'G',
      UserGroupName: 'G',
      Rank: 10,
      terminals: ['NDP'],
      CustomerCode: null,
      Email: null,
      grants: new Set(grants),
      jti: 'j',
    });
    const call = (access: CallDef['access']): CallDef => ({
      path: 'x/y',
      summary: 'x',
      module: 'admin',
      request: z.object({}),
      response: z.object({}),
      access,
    });
    const menuCall = call({ kind: 'menu', anyOf: ['CFG_MAIN', 'SYS_ISSUES'] });

    it('lets anyone make a public call', () => {
      expect(hasAccess(call({ kind: 'public' }), null)).toBe('ok');
      expect(hasAccess(call({ kind: 'public' }), user([]))).toBe('ok');
    });

    it('needs a user for a signed-in call, and nothing more', () => {
      expect(hasAccess(call({ kind: 'authenticated' }), null)).toBe('unauthenticated');
      expect(hasAccess(call({ kind: 'authenticated' }), user([]))).toBe('ok');
    });

    it('needs one of the listed grants for a menu call: 401 without a user, 403 without the grant', () => {
      expect(hasAccess(menuCall, null)).toBe('unauthenticated');
      expect(hasAccess(menuCall, user([]))).toBe('forbidden');
      expect(hasAccess(menuCall, user(['HOME', 'CFG_NOTIFY', 'SYS_ISSUES_X']))).toBe('forbidden');
      expect(hasAccess(menuCall, user(['SYS_ISSUES']))).toBe('ok');
      expect(hasAccess(menuCall, user(['CFG_MAIN', 'HOME']))).toBe('ok');
      expect(hasAccess(call({ kind: 'menu', anyOf: [] }), user(['CFG_MAIN']))).toBe('forbidden');
    });
  });
});

describe('bad payloads never break a call', () => {
  interface Sent {
    contentType: string | null;
    payload: string | undefined;
  }
  const asJson = (value: unknown): Sent => ({ contentType: 'application/json', payload: JSON.stringify(value) });

  /** Junk for one call: anything at all, objects, and objects keyed by the call's own field names. */
  function junkFor(call: CallDef): fc.Arbitrary<Sent> {
    const jsonSchema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    const keys = Object.keys(jsonSchema.properties ?? {});
    const fieldKeys = keys.length ? fc.constantFrom(...keys) : fc.string();
    const nastyString = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ minLength: 1000, maxLength: 20_000 }),
      fc.constantFrom('\u0000', 'a\u0000b', '\ud800', "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', ' ', '%', 'NaN'),
    );
    const junkValue = fc.oneof(nastyString, fc.anything(), fc.double(), fc.bigInt().map(String), fc.constant(null));
    return fc.oneof(
      fc.anything().map(asJson),
      fc.anything({ maxDepth: 8, maxKeys: 3 }).map(asJson),
      fc.object().map(asJson),
      fc.dictionary(fieldKeys, junkValue, { maxKeys: 5 }).map(asJson),
      fc.dictionary(fieldKeys, nastyString, { minKeys: 1 }).map(asJson),
      fc.array(fc.anything()).map(asJson),
      fc.oneof(fc.constant(null), fc.double(), fc.integer(), fc.boolean(), nastyString).map(asJson),
      // Raw text sent as JSON: almost always invalid JSON.
      fc.string({ unit: 'binary' }).map((s) => ({ contentType: 'application/json', payload: s })),
      fc
        .constantFrom('{', '{"a":', '[1,', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '[[[[[[[[[[', '')
        .map((s) => ({ contentType: 'application/json', payload: s })),
      // Wrong or missing content types.
      fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=latin1',
            'image/png',
            null,
          ),
          fc.oneof(fc.string(), fc.json()),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    );
  }

  for (const call of callList) {
    it(`answers 2xx or 4xx, always JSON with a success flag and no stack trace, to junk sent to ${call.path}`, async () => {
      // Its own session: a run that logs out must not end the session the other tests use.
      let token = await t.login('admin');
      await fc.assert(
        fc.asyncProperty(junkFor(call), fc.ipV4(), async (sent, ip) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/${call.path}`,
            headers: { authorization: `Bearer ${token}`, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
            ...(sent.payload === undefined ? {} : { payload: sent.payload }),
            remoteAddress: ip,
          });
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          expect(ok || (res.statusCode >= 400 && res.statusCode < 500), `status ${res.statusCode}: ${res.body.slice(0, 300)}`).toBe(true);
          expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
          const body = JSON.parse(res.body) as { success: unknown; message?: unknown };
          expect(body.success).toBe(ok);
          if (!ok) expect(body.message).toMatch(vietnamese);
          expect(res.body).not.toMatch(leak);
          // A call like auth/logout ends the session: sign in again for the next run.
          if ((await t.call('auth/me', {}, token)).status === 401) token = await t.login('admin');
        }),
        { numRuns: 40 },
      );
    });
  }

  it('answers 413 with a Vietnamese message to a body over the limit, and 400 (not 500) to one just under it', async () => {
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ UserID: 'x'.repeat(3_000_000), Password: 'x' }),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    const under = await t.call('auth/login', { UserID: 'x'.repeat(1_500_000), Password: 'x' });
    expect(under.status).toBe(400);
    expect(under.body.message).toContain('UserID');
  });

  it('answers 400 to a body nested far deeper than the call stack', async () => {
    for (const call of callList) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${call.path}`,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        payload: `{"a":${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}}`,
      });
      expect(res.statusCode, call.path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, call.path).toBeLessThan(500);
    }
    // Every call parses a 200 kB body: on a loaded machine that takes longer than the default 30 s.
  }, 120_000);

  it('answers 400 naming the field, not 500, to text with a NUL character (PostgreSQL cannot store it)', async () => {
    const login = await t.call('auth/login', { UserID: 'admin\u0000', Password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body.message).toContain('"UserID"');
    const menu = await t.call('common/getMenu', { UserGroupCode: 'ADMIN\u0000' }, adminToken);
    expect(menu.status).toBe(400);
    expect(menu.body.message).toContain('"UserGroupCode"');
  });
});
