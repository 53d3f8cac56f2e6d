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
}

export type HttpAnswer =
  | { ok: true; status: number; text: string }
  | (PartnerDown & { failure: 'not_configured' | 'timeout' | 'unreachable' });

export async function httpCall(req: HttpRequest): Promise<HttpAnswer> {
  if (!req.baseUrl) return { ok: false, failure: 'not_configured' };
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
    const name = err instanceof Error ? err.name : '';
    return name === 'TimeoutError' || name === 'AbortError'
      ? { ok: false, failure: 'timeout' }
      : { ok: false, failure: 'unreachable', detail: err instanceof Error ? err.message : String(err) };
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
