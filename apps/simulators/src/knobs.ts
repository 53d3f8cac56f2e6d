import type { FastifyInstance } from 'fastify';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `GET/POST /_knobs` (failure modes; `{reset: true}` restores the defaults) and, before every other
 * route, the latency and then a hold of `holdMs(knobs, url)` ms (by default 120 s while `hang` is on).
 */
export function installKnobs<K extends { latencyMs: number; hang?: boolean }>(
  app: FastifyInstance,
  defaults: K,
  holdMs: (knobs: K, url: string) => number = (knobs) => (knobs.hang ? 120_000 : 0),
): K {
  const knobs = { ...defaults };
  app.get('/_knobs', async () => knobs);
  app.post('/_knobs', async (req) => {
    const body = (req.body ?? {}) as Partial<K> & { reset?: boolean };
    if (body.reset) Object.assign(knobs, defaults);
    for (const key of Object.keys(defaults) as (keyof K)[]) if (key in body) knobs[key] = body[key] as K[keyof K];
    return knobs;
  });
  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/_knobs') || req.url === '/health') return;
    if (knobs.latencyMs) await sleep(knobs.latencyMs);
    const hold = holdMs(knobs, req.url);
    if (hold) await sleep(hold);
  });
  return knobs;
}
