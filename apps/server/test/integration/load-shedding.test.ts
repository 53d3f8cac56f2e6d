import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../src/plugins/shedding';
import { createTestApp, type TestApp, testDbKind } from '../helpers/test-app';

// A saturated portal answers the calls past its limits 503 + Retry-After at once, keeps serving the page's files, and
// serves again as soon as the work in flight drains. A call is held in flight by sending its headers and not its body:
// the admission counts it from its first byte (before the body is read), as it counts a slow query.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const LIMITS = { maxRequestsInFlight: 4, maxQueued: 2, maxQueueWaitMs: 4000, maxDbWaiting: 2, retryAfterSeconds: 7 };
let t: TestApp;
let dist: string;
let base: string;
let token: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'sp-shed-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="vi"><body><div id="root"></div></body></html>');
  await writeFile(join(dist, 'assets', 'ViewOutlet-AbC123xy.js'), 'export const x = 1;\n');
  t = await createTestApp({ config: { webDist: dist }, pressure: LIMITS });
  token = await t.login('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Building a seeded portal takes a while on a busy machine.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

/** A call whose body never comes: it stays in flight (or in the queue) until destroyed. */
function heldCall(): ClientRequest {
  const req = request(`${base}/api/common/getTerminalList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': 1000, authorization: `Bearer ${token}` },
  });
  req.on('error', () => undefined);
  req.write('{');
  return req;
}

const call = (path = 'auth/me') =>
  fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
const page = (path: string) => fetch(`${base}${path}`);

/** Waits until `n` calls are in flight or queued (their first bytes have reached the portal). */
async function untilAdmitted(n: number) {
  for (let i = 0; i < 200 && t.portal.admission.inFlight() + t.portal.admission.queued() < n; i++) await wait(10);
  expect(t.portal.admission.inFlight() + t.portal.admission.queued()).toBe(n);
}

describe('[reliability: shedding] load shedding', () => {
  it('answers 503 with Retry-After and a Vietnamese message past the calls in flight and the queue, serves files, then recovers', async () => {
    const held = Array.from({ length: LIMITS.maxRequestsInFlight + LIMITS.maxQueued }, heldCall);
    try {
      await untilAdmitted(held.length);
      expect(t.portal.admission.queued()).toBe(LIMITS.maxQueued);
      const shed = await call();
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('7');
      expect(await shed.json()).toEqual({ success: false, message: OVERLOADED_MESSAGE });
      // The page and its chunks are never shed: a refused chunk would break the screen.
      expect((await page('/assets/ViewOutlet-AbC123xy.js')).status).toBe(200);
      expect((await page('/')).status).toBe(200);
      expect((await page('/Order/ChangeInfo')).status).toBe(200);
      // The queued ones waited their limit and were refused: the queue is bounded in time too.
      await wait(LIMITS.maxQueueWaitMs + 100);
      expect(t.portal.admission.queued()).toBe(0);
    } finally {
      for (const r of held) r.destroy();
    }
    const stopped = Date.now();
    let status = 503;
    while (status === 503 && Date.now() - stopped < 2000) {
      status = (await call()).status;
      if (status === 503) await wait(20);
    }
    expect(status).toBe(200);
    expect(Date.now() - stopped).toBeLessThan(2000);
  });

  it('lets a queued call in as soon as one in flight ends', async () => {
    const held = Array.from({ length: LIMITS.maxRequestsInFlight }, heldCall);
    try {
      await untilAdmitted(held.length);
      const queued = call();
      await untilAdmitted(held.length + 1);
      held.shift()?.destroy();
      expect((await queued).status).toBe(200);
    } finally {
      for (const r of held) r.destroy();
    }
  });

  it.runIf(testDbKind() === 'postgres')('answers 503 while queries queue for a database connection, then recovers', async () => {
    // The test pool has 5 connections: 12 slow queries leave 7 waiting, over the limit of 2.
    const slow = Promise.all(Array.from({ length: 12 }, () => t.database.query('select pg_sleep(2)')));
    let shed = await call();
    for (let i = 0; i < 60 && shed.status !== 503; i++) {
      await wait(25);
      shed = await call();
    }
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('7');
    expect((await page('/assets/ViewOutlet-AbC123xy.js')).status).toBe(200);
    await slow;
    expect((await call('common/getTerminalList')).status).toBe(200);
  });
});

describe('[reliability: overload-goodput] past the limits the portal keeps serving its places and queue, refuses the rest fast, and leaves no trace', () => {
  it('serves the queued calls while a 40-call burst is refused 503 + Retry-After, serves files meanwhile, and recovers at once', async () => {
    const held = Array.from({ length: LIMITS.maxRequestsInFlight }, heldCall);
    try {
      await untilAdmitted(held.length);
      const queued = Array.from({ length: LIMITS.maxQueued }, () => call('common/getTerminalList'));
      await untilAdmitted(held.length + LIMITS.maxQueued);
      const burst = await Promise.all(
        Array.from({ length: 40 }, () =>
          call('common/getTerminalList').then(async (r) => ({
            status: r.status,
            retry: r.headers.get('retry-after'),
            body: await r.text(),
          })),
        ),
      );
      // Every call past the places and the queue was refused at once, with the message and Retry-After.
      for (const r of burst) {
        expect(r.status).toBe(503);
        expect(r.retry).toBe('7');
        expect(JSON.parse(r.body)).toEqual({ success: false, message: OVERLOADED_MESSAGE });
      }
      expect((await page('/assets/ViewOutlet-AbC123xy.js')).status).toBe(200);
      // The queued calls are still served, as soon as a place frees: the work goes on under the burst.
      held.shift()?.destroy();
      expect((await Promise.all(queued)).map((r) => r.status)).toEqual(Array(LIMITS.maxQueued).fill(200));
    } finally {
      for (const r of held) r.destroy();
    }
    const stopped = Date.now();
    let status = 503;
    while (status === 503 && Date.now() - stopped < 2000) status = (await call()).status;
    expect(status).toBe(200);
    expect(Date.now() - stopped).toBeLessThan(2000);
    expect(t.portal.admission.queued()).toBe(0);
  });
});
