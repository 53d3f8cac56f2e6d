import { callList } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKind, vietnamese } from '../helpers/test-app';

let t: TestApp;
/** A second portal on the same database that allows one other site (CORS_ORIGINS). */
let withCors: TestApp;
const allowedOrigin = 'https://cang.example.vn';

beforeAll(async () => {
  t = await createTestApp();
  withCors = await createTestApp({ database: t.database, config: { corsOrigins: [allowedOrigin] } });
});
afterAll(async () => {
  await withCors?.close();
  await t?.close();
});

it('runs on the database this test project asks for (TEST_DB_KIND)', () => {
  expect(t.database.kind).toBe(testDbKind());
});

describe('what every request gets', () => {
  it('answers 404 JSON with a Vietnamese message to an unknown /api/ call', async () => {
    const res = await t.call('x');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    expect((await t.call('auth/login/extra', {})).status).toBe(404);
  });

  it('answers 404 JSON to GET on an API call (calls are POST only, unless the contract lists GET as the spec does)', async () => {
    // Spec 03 §7 has common/getOprs answer GET too (contract `methods`, checked in menu-grants.test.ts).
    for (const call of callList.filter((c) => !c.methods?.includes('GET'))) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${call.path}` });
      expect(res.statusCode, call.path).toBe(404);
      expect(res.json(), call.path).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    }
  });

  it('answers 404 JSON to other methods on an API call', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth/login', payload: {} });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });

  it("answers 400 'Dữ liệu gửi lên không đúng định dạng JSON.' to a body that is not JSON", async () => {
    for (const payload of ['{"UserID":', "{'UserID':'admin'}", 'UserID=admin', '{"a":1}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Dữ liệu gửi lên không đúng định dạng JSON.' });
    }
  });

  it('answers 415 with a Vietnamese message to a content type the API does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'UserID=admin&Password=Admin%402026',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
  });

  it('sends the security headers (content security policy, no sniffing, no framing)', async () => {
    for (const res of [await t.app.inject({ method: 'POST', url: '/api/auth/me' }), await t.app.inject({ method: 'GET', url: '/' })]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const framing = String(res.headers['x-frame-options'] ?? '');
      expect(framing === 'SAMEORIGIN' || framing === 'DENY' || csp.includes("frame-ancestors 'none'")).toBe(true);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers no access-control-allow-origin to a request from another site (CORS closed by default)', async () => {
    const evil = { origin: 'http://evil.example' };
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: evil, payload: { UserID: 'admin', Password: 'x' } });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    expect(post.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('allows only the sites named in CORS_ORIGINS when some are', async () => {
    const allowed = await withCors.app.inject({ method: 'POST', url: '/api/auth/me', headers: { origin: allowedOrigin } });
    expect(allowed.headers['access-control-allow-origin']).toBe(allowedOrigin);
    const evil = await withCors.app.inject({ method: 'POST', url: '/api/auth/me', headers: { origin: 'http://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('lists every call path at /api/docs/json, POST only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(callList.map((c) => `/api/${c.path}`).sort());
    for (const ops of Object.values(doc.paths)) expect(Object.keys(ops)).toEqual(['post']);
  });

  it('marks the public calls as needing no token and the others as needing one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { security: unknown[] } }>;
    };
    for (const call of callList) {
      const security = doc.paths[`/api/${call.path}`]?.post.security;
      expect(security, call.path).toEqual(call.access.kind === 'public' ? [] : [{ bearer: [] }]);
    }
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBeLessThan(400);
  });
});
