import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { z } from 'zod';
import { down, type PartnerDown, type Unavailable } from './outcome';

/**
 * The one HTTP client of the adapters: every call has a time limit (AbortSignal.timeout covers the
 * connection, the headers and the body), and a failure to get an answer is a value, never a throw.
 */
export interface HttpRequest {
  baseUrl: string | undefined;
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A body that is not JSON (the e-invoice's XML), sent as it is with its content type. */
  rawBody?: { contentType: string; text: string };
  headers?: Record<string, string>;
  timeoutMs: number;
  /**
   * The address the outbound policy checked for the URL's host (security/outbound-policy.ts): the connection goes to
   * it, never to a second resolution of the name; the name stays in the Host header and the TLS servername.
   */
  pinned?: { address: string; family: 4 | 6 };
}

export type HttpAnswer =
  | { ok: true; status: number; text: string }
  | (PartnerDown & { failure: 'not_configured' | 'timeout' | 'unreachable' });

/** A failed call as the port says it: the time limit, or no connection (its detail for the log). */
function failed(err: unknown): HttpAnswer {
  const name = err instanceof Error ? err.name : '';
  return name === 'TimeoutError' || name === 'AbortError'
    ? { ok: false, failure: 'timeout' }
    : { ok: false, failure: 'unreachable', detail: err instanceof Error ? err.message : String(err) };
}

/** One request to the pinned address (node:http, whose `lookup` answers the checked address and nothing else). */
function pinnedCall(req: HttpRequest, url: URL, pinned: { address: string; family: 4 | 6 }): Promise<HttpAnswer> {
  const raw = req.rawBody;
  const body = raw ? raw.text : req.body === undefined ? undefined : JSON.stringify(req.body);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const signal = AbortSignal.timeout(req.timeoutMs);
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const r = send(
      url,
      {
        method: req.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(raw ? { 'content-type': raw.contentType } : req.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...req.headers,
        },
        lookup,
        signal,
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ok: true, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => resolve(failed(signal.aborted ? signal.reason : err)));
      },
    );
    r.on('error', (err) => resolve(failed(signal.aborted ? signal.reason : err)));
    r.end(body);
  });
}

export async function httpCall(req: HttpRequest): Promise<HttpAnswer> {
  if (!req.baseUrl) return { ok: false, failure: 'not_configured' };
  if (req.pinned) return pinnedCall(req, new URL(req.path, req.baseUrl), req.pinned);
  try {
    const raw = req.rawBody;
    const res = await fetch(new URL(req.path, req.baseUrl), {
      method: req.method ?? (req.body === undefined && !raw ? 'GET' : 'POST'),
      headers: {
        ...(raw ? { 'content-type': raw.contentType } : req.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...req.headers,
      },
      body: raw ? raw.text : req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    // Read under the same signal: a partner that sends headers and then stalls is a time-out too.
    return { ok: true, status: res.status, text: await res.text() };
  } catch (err) {
    return failed(err);
  }
}

/** Parses JSON text against a schema; null when it is not JSON or not that shape. */
export function parseJson<T>(text: string, schema: z.ZodType<T>): T | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * A JSON API's answer read with two schemas: the success body (2xx) and the error body (4xx/5xx).
 * A success body that does not match is `malformed`; an error answer is `refused` with the
 * partner's error body when it matches (adapters turn known error codes into their own outcomes).
 */
export type JsonAnswer<T, E> = { ok: true; value: T } | JsonRefusal<E> | (PartnerDown & { failure: Exclude<Unavailable, 'refused'> });

export interface JsonRefusal<E> {
  ok: false;
  failure: 'refused';
  status: number;
  error: E | null;
  detail?: string;
}

/** A refusal the adapter has no more precise outcome for, as the port says it. */
export const refusedDown = (r: JsonRefusal<unknown>): PartnerDown => down('refused', r.detail);

export async function callJson<T, E extends { message?: string | undefined }>(
  req: HttpRequest,
  schemas: { ok: z.ZodType<T>; error: z.ZodType<E> },
): Promise<JsonAnswer<T, E>> {
  const answer = await httpCall(req);
  if (!answer.ok) return answer;
  if (answer.status >= 400) {
    const error = parseJson(answer.text, schemas.error);
    return { ok: false, failure: 'refused', status: answer.status, error, ...(error?.message ? { detail: error.message } : {}) };
  }
  const value = parseJson(answer.text, schemas.ok);
  return value === null ? { ok: false, failure: 'malformed' } : { ok: true, value };
}
