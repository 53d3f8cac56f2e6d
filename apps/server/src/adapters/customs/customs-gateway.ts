import { type Customs363Row, type Customs367Item, customs363Row, customs367Item } from '@smartport/contract';
import { z } from 'zod';

/** What the customs adapter tells the service about one exchange (written to the request log). */
export interface GatewayExchange<T> {
  rawRequest: string;
  rawResponse: string;
  outcome: { ok: true; value: T } | { ok: false; failure: GatewayFailure };
}

/** timeout → HTTP 504 for the user; the others are the gateway's own faults (HTTP 502). */
export type GatewayFailure = 'timeout' | 'unreachable' | 'malformed' | 'refused';

export interface QueuedPoll {
  state: 'queued' | 'done' | 'failed';
  failure?: string;
  responseFunc?: number;
  item?: Customs367Item;
}

/** The port: the portal's view of the customs automated supervision system (VASSCM). */
export interface CustomsGateway {
  query367(items: { declareNo: string; office: string }[]): Promise<GatewayExchange<Customs367Item[]>>;
  query363(
    voyage: { vesselKey: string; vesselName: string; voyage: string; arrival: string | null },
    containers: string[],
  ): Promise<GatewayExchange<Omit<Customs363Row, 'userVoy'>[]>>;
  queue367(item: { declareNo: string; office: string }): Promise<GatewayExchange<{ msgId: string }>>;
  poll(msgId: string): Promise<GatewayExchange<QueuedPoll>>;
}

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
    let text: string;
    let status: number;
    try {
      const res = await fetch(new URL(path, opts.baseUrl), {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      const name = (e as Error).name;
      const failure: GatewayFailure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
      return {
        rawRequest,
        rawResponse: failure === 'timeout' ? '(không có phản hồi: quá thời gian chờ)' : '(không kết nối được)',
        outcome: { ok: false, failure },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'malformed' } };
    }
    if (status >= 400) return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'refused' } };
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { rawRequest, rawResponse: text, outcome: { ok: false, failure: 'malformed' } };
    return { rawRequest, rawResponse: text, outcome: { ok: true, value: parsed.data } };
  }

  const map = <A, B>(x: GatewayExchange<A>, f: (a: A) => B): GatewayExchange<B> =>
    x.outcome.ok ? { ...x, outcome: { ok: true, value: f(x.outcome.value) } } : (x as unknown as GatewayExchange<B>);

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
      if (!x.outcome.ok) return x as unknown as GatewayExchange<QueuedPoll>;
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
