import type { CallDef, CallInput, CallReply, ClientCall, ReplyBase } from '@smartport/contract';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reply?: ReplyBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A failed answer without the server's own words (a proxy's 502, a body the server never wrote). Spec 01 §8 and
 * spec 02 §8: server error codes are not shown, so the text names no status; the status stays on the error.
 */
const NO_REPLY_MESSAGE = 'Hệ thống đang bận hoặc gặp sự cố, vui lòng thử lại sau.';
const failureText = (reply: { message?: unknown } | null) =>
  typeof reply?.message === 'string' && reply.message.trim() ? reply.message : NO_REPLY_MESSAGE;

let onUnauthorized: () => void = () => {};
/** The router registers what happens when the session has expired (back to /login, then back here). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * The one place a refused token (401) is handled: the first refusal ends the session and calls the router's handler
 * once; later answers to requests sent with the same (or an older) token change nothing.
 */
function refuseSession(status: number, call: ClientCall, sentToken: string | null) {
  if (status !== 401 || call.access.kind === 'public' || !sentToken || session.token() !== sentToken) return;
  session.expire();
  onUnauthorized();
}

/** A refused call's reply: the contract's envelope, with whatever else that call's reply carries (e.g. `reload`). */
type ReplyBody = ReplyBase & { readonly [field: string]: unknown };

/** `POST /api/<path>` with the stored token: network trouble, a refused token and an error status are handled here. */
async function post<C extends CallDef>(
  call: ClientCall<C>,
  body: BodyInit,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<CallReply<C>> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(`/api/${call.path}`, {
      method: 'POST',
      headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'Không kết nối được tới máy chủ. Vui lòng kiểm tra mạng và thử lại.');
  }
  const reply = (await res.json().catch(() => null)) as ReplyBody | null;
  refuseSession(res.status, call, token);
  if (!res.ok) throw new ApiError(res.status, failureText(reply), reply ?? undefined);
  return reply as CallReply<C>;
}

/**
 * The one way the web calls the server: `POST /api/<path>` typed by the contract. `call` is an entry of the schema-free
 * `clientCalls` (or a grid's / settings form's CallDef): the client never validates with the zod schemas.
 */
export async function callApi<C extends CallDef>(
  call: ClientCall<C>,
  input: CallInput<C>,
  init?: { signal?: AbortSignal },
): Promise<CallReply<C>> {
  return post(call, JSON.stringify(input ?? {}), { 'Content-Type': 'application/json' }, init?.signal);
}

/** A multipart call (`multipart: true` in the contract): the form goes as is, the token in the header. */
export async function uploadApi<C extends CallDef>(
  call: ClientCall<C>,
  form: FormData,
  init?: { signal?: AbortSignal },
): Promise<CallReply<C>> {
  return post(call, form, {}, init?.signal);
}

/** A file behind an authenticated GET (e.g. a declaration's upload), saved under its own name. */
export async function downloadProtectedFile(url: string, name: string): Promise<void> {
  const token = session.token();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const reply = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, failureText(reply));
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}

/** A file behind an authenticated GET (e.g. a request's image) as an object URL; the caller revokes it. */
export async function protectedObjectUrl(url: string, init?: { signal?: AbortSignal }): Promise<string> {
  const token = session.token();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: init?.signal ?? null });
  if (!res.ok) {
    const reply = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, failureText(reply));
  }
  return URL.createObjectURL(await res.blob());
}
