import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE, shedOverInFlight } from '../../src/plugins/shedding';

// On the embedded database there is no pool queue to watch; a cap on requests being served sheds instead.
const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function slowApp(limit: number) {
  const app = Fastify();
  apps.push(app);
  shedOverInFlight(app, { maxRequestsInFlight: limit, retryAfterSeconds: 9 });
  const gates: (() => void)[] = [];
  app.get('/slow', () => new Promise((done) => gates.push(() => done({ ok: true }))));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/slow`;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && gates.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(gates.length).toBe(n);
  };
  return { url, gates, waitFor };
}

describe('shedOverInFlight', () => {
  it('answers 503 with Retry-After and the Vietnamese message past the cap, and serves again when answers leave', async () => {
    const { url, gates, waitFor } = await slowApp(3);
    const held = Array.from({ length: 3 }, () => fetch(url));
    await waitFor(3);
    const shed = await fetch(url);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('9');
    expect(await shed.json()).toEqual({ success: false, message: OVERLOADED_MESSAGE });
    for (const open of gates.splice(0)) open();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
    const again = fetch(url);
    await waitFor(1);
    for (const open of gates.splice(0)) open();
    expect((await again).status).toBe(200);
  });

  it('counts a request the client abandoned as gone', async () => {
    const { url, gates, waitFor } = await slowApp(1);
    const abort = new AbortController();
    const first = fetch(url, { signal: abort.signal }).catch(() => null);
    await waitFor(1);
    expect((await fetch(url)).status).toBe(503);
    abort.abort();
    await first;
    let status = 503;
    for (let i = 0; i < 100 && status === 503; i++) {
      const next = fetch(url);
      await new Promise((r) => setTimeout(r, 20));
      for (const open of gates.splice(0)) open();
      status = (await next).status;
    }
    expect(status).toBe(200);
  });

  it('does nothing when off (0)', async () => {
    const { url, gates, waitFor } = await slowApp(0);
    const held = Array.from({ length: 5 }, () => fetch(url));
    await waitFor(5);
    for (const open of gates.splice(0)) open();
    expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);
  });
});
