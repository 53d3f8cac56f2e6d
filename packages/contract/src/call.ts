import type { z } from 'zod';
import type { Access } from './access';

export interface CallDef<
  P extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** Served as `POST /api/<path>`, exactly as spec/api-calls.txt names it. */
  readonly path: P;
  readonly summary: string;
  readonly module: ModuleName;
  readonly request: Req;
  readonly response: Res;
  readonly access: A;
  /**
   * Also served as `GET /api/<path>` (the query string is the request) where the spec says the
   * call answers GET (spec 03 §7: common/getOprs). POST is always served.
   */
  readonly methods?: readonly ('GET' | 'POST')[];
  /** multipart upload instead of JSON */
  readonly multipart?: boolean;
  /**
   * A call that carries several messages, each offered by its own menu: `field` of the parsed
   * request names the message, `access` gives each value's grant (the call's `access` is their
   * union, checked first). A value without an entry is refused.
   */
  readonly variants?: { readonly field: string; readonly access: Readonly<Record<string, Access>> };
}

export type ModuleName =
  | 'auth'
  | 'shell'
  | 'home'
  | 'orders'
  | 'payments'
  | 'invoices'
  | 'customs'
  | 'stats'
  | 'catalogs'
  | 'tariffs'
  | 'storageRules'
  | 'approval'
  | 'attachConfig'
  | 'mail'
  | 'notices'
  | 'payPartners'
  | 'connectionAlerts'
  | 'siteConfig'
  | 'tosMappings'
  | 'ratings'
  | 'admin'
  | 'compare'
  | 'edo'
  | 'bookings'
  | 'orderHistory'
  | 'audit'
  | 'loyalty'
  | 'reportSchedules';

export function defineCall<P extends string, Req extends z.ZodType, Res extends z.ZodType, A extends Access>(
  def: CallDef<P, Req, Res, A>,
): CallDef<P, Req, Res, A> {
  return def;
}

export type CallInput<C extends CallDef> = z.input<C['request']>;
export type CallRequest<C extends CallDef> = z.output<C['request']>;
export type CallReply<C extends CallDef> = z.output<C['response']>;

declare const callDefinition: unique symbol;

/**
 * What the web needs of a call to send it (`client-calls.ts`): its path and who may make it, no zod schemas. The call's
 * definition rides along as a type only, so `CallInput` / `CallReply` stay those of the contract.
 */
export interface ClientCall<C extends CallDef = CallDef> {
  readonly path: C['path'];
  readonly access: { readonly kind: C['access']['kind'] };
  /** Never present at run time. */
  readonly [callDefinition]?: C;
}
