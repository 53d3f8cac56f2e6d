import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../src/plugins/shedding';
import { createTestApp, type TestApp, testDbKind } from '../helpers/test-app';

// A saturated portal answers 503 + Retry-After at once, and serves again by itself.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* the event loop is blocked, as by a burst of work */
  }
};

let t: TestApp;
beforeAll(async () => {
  // Sampled every 250 ms: the sample that covers a 2.5 s block sees the loop busy nearly all the time (utilisation)
  // and a mean delay far past 40 ms, whatever else the machine runs.
  t = await createTestApp({
    pressure: { maxEventLoopDelay: 40, maxEventLoopUtilization: 0.9, maxDbWaiting: 2, checkIntervalMs: 250, retryAfterSeconds: 7 },
  });
});
afterAll(async () => t?.close());

const terminals = () => t.call('common/getTerminalList', {}, null);

describe('[reliability: shedding] load shedding', () => {
  it('answers 503 with Retry-After and a Vietnamese message while the event loop is saturated, then recovers', async () => {
    await wait(2500);
    expect((await terminals()).status).toBe(401);
    // Block the loop far longer than the limit; one of the next samples sees the delay and keeps it until the next
    // sample. On a machine busy with other work the window can pass between two polls: block again (at most 5 times).
    let shed = await terminals();
    for (let block = 0; block < 5 && shed.status !== 503; block++) {
      busy(2500);
      shed = await terminals();
      for (let i = 0; i < 100 && shed.status !== 503; i++) {
        await wait(10);
        shed = await terminals();
      }
    }
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
    const slow = Promise.all(Array.from({ length: 12 }, () => t.database.query('select pg_sleep(2)')));
    let shed = await terminals();
    for (let i = 0; i < 60 && shed.status !== 503; i++) {
      await wait(25);
      shed = await terminals();
    }
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    await slow;
    await wait(200);
    expect((await terminals()).status).toBe(401);
  });
});
