import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../src/app';
import { createTestApp, type TestApp, testDbKind } from '../helpers/test-app';

// Issue 10 item 11: a saturated portal answers 503 + Retry-After at once, and serves again by itself.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* the event loop is blocked, as by a burst of work */
  }
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pressure: { maxEventLoopDelay: 100, maxDbWaiting: 2, checkIntervalMs: 20, retryAfterSeconds: 7 } });
});
afterAll(async () => t?.close());

const terminals = () => t.call('common/getTerminalList', {}, null);

describe('load shedding', () => {
  it('answers 503 with Retry-After and a Vietnamese message while the event loop is saturated, then recovers', async () => {
    await wait(1200);
    expect((await terminals()).status).toBe(401);
    // Block the loop for longer than the limit; the sampler sees the delay on its next tick.
    busy(600);
    await wait(30);
    const shed = await terminals();
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.body).toEqual({ success: false, message: OVERLOADED_MESSAGE });
    // No further blocking: requests are served again without a restart.
    let status = 503;
    for (let i = 0; i < 60 && status === 503; i++) {
      await wait(100);
      status = (await terminals()).status;
    }
    expect(status).toBe(401);
  });

  it.runIf(testDbKind() === 'postgres')('answers 503 while queries queue for a database connection, then recovers', async () => {
    // The test pool has 5 connections: 12 slow queries leave 7 waiting, over the limit of 2.
    const slow = Promise.all(Array.from({ length: 12 }, () => t.database.query('select pg_sleep(1.5)')));
    await wait(300);
    const shed = await terminals();
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    await slow;
    await wait(200);
    expect((await terminals()).status).toBe(401);
  });
});
