// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRanking, preloadRanking, type RankRequest } from '../src/features/stats/api';

const request: RankRequest = {
  loadType: 'year',
  terminalList: ['NDP', 'NHP'],
  fromTime: '2026-01-01 00:00:00',
  toTime: '2026-12-31 23:59:59',
  Measure: 'ord',
  Top: 1,
  Page: 1,
  PageSize: 1,
};
const key = ['stats', 'ranking', 'customer', request];

/** A server answering crm/customer_ranking (the n-th answer carries n in its period label), each when released. */
function server() {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const n = asked.length;
      await new Promise<void>((go) => waiting.push(go));
      return Response.json({ success: true, data: { [`Năm ${n}`]: [] }, periods: [], subjects: [] });
    }),
  );
  const releaseAll = () => {
    for (const go of waiting.splice(0)) go();
  };
  return { asked, releaseAll };
}

/** Settles within the test's time (a promise waiting for itself never does). */
async function settles<T>(p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => {
    done = true;
  });
  await vi.waitFor(() => expect(done).toBe(true));
  return out;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the ranking reports' source ('Tra cứu' never stays loading)", () => {
  it('the silent preload settles by itself, and the next Tra cứu asks the server again', async () => {
    const { asked, releaseAll } = server();
    const client = new QueryClient();
    const preload = preloadRanking(client, 'customer', request);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    releaseAll();
    await settles(preload);
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle');

    const load = loadRanking(client, 'customer', request);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    releaseAll();
    expect(Object.keys((await settles(load)).data)).toEqual(['Năm 2']);
    expect(asked.every((url) => url === '/api/crm/customer_ranking')).toBe(true);
  });

  it('a preload of the shown request while it is on screen ends, and so does the Tra cứu pressed meanwhile', async () => {
    const { asked, releaseAll } = server();
    const client = new QueryClient();
    // The shown totals: observed as the screen does, the answer of the first 'Tra cứu'.
    const first = loadRanking(client, 'customer', request);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    releaseAll();
    await settles(first);
    const shown = new QueryObserver(client, { queryKey: key, staleTime: 30_000 });
    const results: boolean[] = [];
    const unsubscribe = shown.subscribe((r) => results.push(r.isFetching));

    // The preload finds it stale (its time passed) and asks; 'Tra cứu' pressed meanwhile shares that request.
    await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    const preload = preloadRanking(client, 'customer', request);
    const load = loadRanking(client, 'customer', request);
    await vi.waitFor(() => expect(shown.getCurrentResult().isFetching).toBe(true));
    releaseAll();
    await settles(Promise.all([preload, load]));
    expect(shown.getCurrentResult().isFetching).toBe(false);
    expect(results.at(-1)).toBe(false);
    expect(asked.length).toBeLessThanOrEqual(2);
    unsubscribe();
  });
});
