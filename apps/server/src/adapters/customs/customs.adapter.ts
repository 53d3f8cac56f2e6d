import { customs363Row, customs367Item } from '@smartport/contract';
import { z } from 'zod';
import { httpCall } from '../http-call';
import type { CustomsGateway, GatewayExchange } from './customs.port';

const reply367 = z.object({ items: z.array(customs367Item) });
// The gateway answers without the portal's own voyage label (userVoy), which the service adds.
const reply363 = z.object({ rows: z.array(customs363Row.omit({ userVoy: true })) });
const replyQueued = z.object({ accepted: z.literal(true), msgId: z.string().min(1) });
const replyPoll = z.object({
  state: z.enum(['queued', 'done', 'failed']),
  failure: z.string().optional(),
  function: z.number().optional(),
  result: z.unknown().optional(),
});

/** HTTP adapter over the gateway's JSON API; every call is bounded by `timeoutMs`. */
export function createHttpCustomsGateway(opts: { baseUrl: string | undefined; timeoutMs: number }): CustomsGateway {
  async function exchange<T>(method: 'GET' | 'POST', path: string, body: unknown, schema: z.ZodType<T>): Promise<GatewayExchange<T>> {
    const rawRequest = JSON.stringify({ method, path, ...(body === undefined ? {} : { body }) });
    if (!opts.baseUrl) return { rawRequest, rawResponse: '', outcome: { ok: false, failure: 'unreachable' } };
    const answer = await httpCall({ baseUrl: opts.baseUrl, method, path, body, timeoutMs: opts.timeoutMs });
    if (!answer.ok) {
      const failure = answer.failure === 'timeout' ? 'timeout' : 'unreachable';
      return {
        rawRequest,
        rawResponse: failure === 'timeout' ? '(không có phản hồi: quá thời gian chờ)' : '(không kết nối được)',
        outcome: { ok: false, failure },
      };
    }
    const { status, text } = answer;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON at all is malformed whatever the status; JSON with an error status is a refusal.
      return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'malformed' } };
    }
    if (status >= 400) return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'refused' } };
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'malformed' } };
    return { rawRequest, rawResponse: text, outcome: { ok: true, value: parsed.data } };
  }

  const map = <A, B>(x: GatewayExchange<A>, f: (a: A) => B): GatewayExchange<B> =>
    x.outcome.ok ? { ...x, outcome: { ok: true, value: f(x.outcome.value) } } : { ...x, outcome: x.outcome };

  return {
    async query367(items) {
      return map(await exchange('POST', '/vasscm/367', { items }, reply367), (r) => r.items);
    },
    async query363(voyage, containers) {
      return map(await exchange('POST', '/vasscm/363', { ...voyage, containers }, reply363), (r) => r.rows);
    },
    async queue367(item) {
      return map(await exchange('POST', '/vasscm/367/queue', item, replyQueued), (r) => ({ msgId: r.msgId }));
    },
    async poll(msgId) {
      const x = await exchange('GET', `/vasscm/messages/${encodeURIComponent(msgId)}`, undefined, replyPoll);
      if (!x.outcome.ok) return { ...x, outcome: x.outcome };
      const r = x.outcome.value;
      if (r.state !== 'done')
        return { ...x, outcome: { ok: true, value: { state: r.state, ...(r.failure ? { failure: r.failure } : {}) } } };
      const item = customs367Item.safeParse(r.result);
      // A refusal (function 27) carries no container list; a result (32) that does not parse is a deserialise failure.
      if (r.function === 27) return { ...x, outcome: { ok: true, value: { state: 'done', responseFunc: 27 } } };
      if (!item.success) return { ...x, outcome: { ok: true, value: { state: 'failed', failure: 'DESERIALIZE_FAILED' } } };
      return { ...x, outcome: { ok: true, value: { state: 'done', responseFunc: r.function ?? 32, item: item.data } } };
    },
  };
}
