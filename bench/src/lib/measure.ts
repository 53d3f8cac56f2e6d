// Figures: medians of runs, and the load generator (autocannon, in this process) against a server on loopback.
import autocannon from 'autocannon';

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
export const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`);
export const fmtRate = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
export const fmtKB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const fmtRatio = (r: number) => `${r.toFixed(2)}×`;

export interface CallSpec {
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and time-outs. */
  errors: number;
  /** Answers that were not 2xx. */
  non2xx: number;
  total: number;
  /** 503 answers carrying Retry-After. */
  shedWithRetryAfter: number;
  statusCodes: Record<string, number>;
}

const asRequest = (c: CallSpec, onResponse?: (status: number, headers: Record<string, string>) => void) => ({
  method: c.method ?? 'POST',
  path: c.path,
  headers: {
    'content-type': 'application/json',
    ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
  },
  ...(c.method === 'GET' ? {} : { body: JSON.stringify(c.body ?? {}) }),
  ...(onResponse
    ? { onResponse: (status: number, _body: unknown, _ctx: unknown, headers: Record<string, string>) => onResponse(status, headers) }
    : {}),
});

/** Runs autocannon with `connections` for `seconds` over the calls in turn (each connection cycles through them). */
export async function load(
  url: string,
  calls: readonly CallSpec[],
  opts: { connections: number; seconds: number; timeoutSeconds?: number },
): Promise<LoadResult> {
  let shed = 0;
  const watch = (status: number, headers: Record<string, string>) => {
    if (status === 503 && (headers['retry-after'] ?? headers['Retry-After'])) shed++;
  };
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: opts.timeoutSeconds ?? 10,
    requests: calls.map((c) => asRequest(c, watch)),
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    rps: total / opts.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total,
    shedWithRetryAfter: shed,
    statusCodes,
  };
}

/** One call, answered as parsed JSON (throws on a status other than 2xx unless `allow` says). */
export async function call<T = Record<string, unknown>>(
  base: string,
  c: CallSpec,
  allow: number[] = [],
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${c.path}`, {
    method: c.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(c.token ? { authorization: `Bearer ${c.token}` } : {}) },
    ...(c.method === 'GET' ? {} : { body: JSON.stringify(c.body ?? {}) }),
  });
  const text = await res.text();
  if (!res.ok && !allow.includes(res.status)) throw new Error(`${c.path}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginToken(base: string, user: string, password: string) {
  const { body } = await call<{ access_token: string; payload: unknown }>(base, {
    path: '/api/auth/login',
    body: { UserID: user, Password: password },
  });
  return body;
}
