import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLargeAnswer, jsonSlices, LARGE_ANSWER_ROWS, sendSliced } from '../../src/http/json-slices';

// A long answer is written in slices, the same bytes as JSON.stringify, with turns of the event loop between them.
const text = async (answer: Record<string, unknown>, rowsPerSlice?: number) => {
  let out = '';
  for await (const piece of jsonSlices(answer, rowsPerSlice)) out += piece;
  return out;
};

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    OrderNo: `ORD${i}`,
    Name: `Công ty "số" ${i}\n`,
    At: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    Skip: undefined,
  }));

describe('jsonSlices', () => {
  it('writes exactly what JSON.stringify writes, whatever the values', async () => {
    const answers: Record<string, unknown>[] = [
      { success: true, payload: rows(1234) },
      { payload: rows(1000), success: true, none: undefined, fn: () => 1, nested: { a: [1, undefined, null] } },
      { first: undefined, payload: [undefined, () => 1, Number.NaN, 'x', ...rows(998)] },
      { success: true, payload: [] },
      {},
    ];
    for (const a of answers) {
      expect(await text(a, 100)).toBe(JSON.stringify(a));
      expect(await text(a)).toBe(JSON.stringify(a));
    }
  });

  it('lets the event loop run between slices', async () => {
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    await text({ payload: rows(5000) }, 250);
    clearInterval(tick);
    expect(turns).toBeGreaterThan(5);
  });

  it('sends a long list as a stream of JSON and a short answer as it is', async () => {
    expect(isLargeAnswer({ payload: rows(LARGE_ANSWER_ROWS - 1) })).toBe(false);
    expect(isLargeAnswer({ payload: rows(LARGE_ANSWER_ROWS) })).toBe(true);
    const app = Fastify();
    const long = { success: true, payload: rows(LARGE_ANSWER_ROWS + 10) };
    app.post('/long', async (_req, reply) => sendSliced(reply, long));
    app.post('/short', async (_req, reply) => sendSliced(reply, { success: true, payload: rows(3) }));
    const a = await app.inject({ method: 'POST', url: '/long' });
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(a.body).toBe(JSON.stringify(long));
    const b = await app.inject({ method: 'POST', url: '/short' });
    expect(b.json().payload).toHaveLength(3);
    await app.close();
  });
});
