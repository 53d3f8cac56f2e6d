import type { TestApp } from './test-app';

// Shared by the tests that need the portal on a real port (socket.io clients, partners' notices).

/** Starts the test app on a free local port and answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 20 ms; throws when it is still false after `ms`. */
export async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for a live event');
    await pause(20);
  }
}
