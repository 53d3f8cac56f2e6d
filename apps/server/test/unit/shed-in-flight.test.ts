import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { admitCalls, OVERLOADED_MESSAGE, type PressureLimits } from '../../src/plugins/shedding';

// Calls are admitted by work in flight: up to the cap served, a bounded queue waiting, the rest refused at once.
const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function slowApp(limits: Partial<PressureLimits>, dbWaiting = () => 0) {
  const app = Fastify();
  apps.push(app);
  admitCalls(
    app,
    { waiting: dbWaiting },
    { maxRequestsInFlight: 3, maxQueued: 0, maxQueueWaitMs: 1000, maxDbWaiting: 5, retryAfterSeconds: 9, ...limits },
  );
  const gates: (() => void)[] = [];
  app.get('/api/slow', () => new Promise((done) => gates.push(() => done({ ok: true }))));
  app.get('/assets/app.js', () => 'chunk');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const url = `${base}/api/slow`;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && gates.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(gates.length).toBe(n);
  };
  return { base, url, gates, waitFor };
}

describe('admitCalls', () => {
  it('answers 503 with Retry-After and the Vietnamese message past the cap, never for static files, and serves again when answers leave', async () => {
    const { base, url, gates, waitFor } = await slowApp({ maxRequestsInFlight: 3 });
    const held = Array.from({ length: 3 }, () => fetch(url));
    await waitFor(3);
    const shed = await fetch(url);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('9');
    expect(await shed.json()).toEqual({ success: false, message: OVERLOADED_MESSAGE });
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    for (const open of gates.splice(0)) open();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
    const again = fetch(url);
    await waitFor(1);
    for (const open of gates.splice(0)) open();
    expect((await again).status).toBe(200);
  });

  it('queues up to maxQueued calls first come first served, refuses the rest, and refuses a call that waited too long', async () => {
    const { url, gates, waitFor } = await slowApp({ maxRequestsInFlight: 1, maxQueued: 2, maxQueueWaitMs: 400 });
    const first = fetch(url);
    await waitFor(1);
    const queued = [fetch(url), fetch(url)];
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(url)).status).toBe(503);
    // The first answer lets the oldest waiting call in; the other waits past 400 ms and is refused.
    gates.shift()?.();
    expect((await first).status).toBe(200);
    await waitFor(1);
    const late = await queued[1];
    expect(late?.status).toBe(503);
    gates.shift()?.();
    expect((await queued[0])?.status).toBe(200);
  });

  it('counts a request the client abandoned as gone', async () => {
    const { url, gates, waitFor } = await slowApp({ maxRequestsInFlight: 1 });
    const abort = new AbortController();
    const first = fetch(url, { signal: abort.signal }).catch(() => null);
    await waitFor(1);
    expect((await fetch(url)).status).toBe(503);
    abort.abort();
    await first;
    let status = 503;
    for (let i = 0; i < 100 && status === 503; i++) {
      // Whatever reaches the handler is answered at once, however slowly this machine delivers it.
      const opener = setInterval(() => {
        for (const open of gates.splice(0)) open();
      }, 5);
      status = (await fetch(url)).status;
      clearInterval(opener);
    }
    expect(status).toBe(200);
  });

  it('refuses calls while too many queries wait for a database connection', async () => {
    let waiting = 10;
    const { url, gates, waitFor } = await slowApp({ maxRequestsInFlight: 3 }, () => waiting);
    expect((await fetch(url)).status).toBe(503);
    waiting = 0;
    const ok = fetch(url);
    await waitFor(1);
    for (const open of gates.splice(0)) open();
    expect((await ok).status).toBe(200);
  });

  it('does nothing when off (0)', async () => {
    const { url, gates, waitFor } = await slowApp({ maxRequestsInFlight: 0 });
    const held = Array.from({ length: 5 }, () => fetch(url));
    await waitFor(5);
    for (const open of gates.splice(0)) open();
    expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);
  });
});
