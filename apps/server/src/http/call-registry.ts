import { type CallDef, type CallReply, type CallRequest, calls } from '@smartport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthUser, CallContext, SignedInContext } from './context';
import { AppError, forbidden, unauthorized } from './errors';

type Calls = typeof calls;
export type ModuleKey = keyof Calls;

type ContextFor<C extends CallDef> = C['access'] extends { kind: 'public' } ? CallContext : SignedInContext;

export type Handler<C extends CallDef> = (input: CallRequest<C>, ctx: ContextFor<C>) => Promise<CallReply<C>>;

export type ModuleHandlers<M extends ModuleKey> = {
  [K in keyof Calls[M]]: Calls[M][K] extends CallDef ? Handler<Calls[M][K]> : never;
};

/** One handler per declared call: the compiler refuses a table with a call missing. */
export type HandlerTable = { [M in ModuleKey]: ModuleHandlers<M> };

z.config(z.locales.vi());

/** A Vietnamese 400 message naming the first offending field. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Dữ liệu gửi lên không hợp lệ.';
  const field = issue.path.map(String).join('.');
  return field ? `Dữ liệu không hợp lệ ở trường "${field}": ${issue.message}` : `Dữ liệu gửi lên không hợp lệ: ${issue.message}`;
}

/**
 * The path of the first string (value or key) holding a NUL character, which PostgreSQL text
 * cannot store (the query would fail with a 500); `''` for the body itself; null when none.
 * Walks with an explicit stack: the JSON parser accepts bodies nested far deeper than the call stack.
 */
export function findNulChar(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\0')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [k, v] of Object.entries(value).reverse()) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\0')) return p;
        stack.push([v, p]);
      }
    }
  }
  return null;
}

export function hasAccess(call: CallDef, user: AuthUser | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (call.access.kind === 'public') return 'ok';
  if (!user) return 'unauthenticated';
  if (call.access.kind === 'authenticated') return 'ok';
  return call.access.anyOf.some((id) => user.grants.has(id)) ? 'ok' : 'forbidden';
}

export interface RegistryDeps {
  authenticate(token: string): Promise<AuthUser | null>;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

/**
 * Registers `POST /api/<path>` for every call of the contract: authenticate, authorise from the
 * group's grants, parse the body with the call's schema, then hand over to the module's handler.
 */
export function registerCalls(app: FastifyInstance, table: HandlerTable, deps: RegistryDeps) {
  const registered: string[] = [];
  for (const [moduleKey, moduleCalls] of Object.entries(calls)) {
    // The access check above guarantees `ctx.user` for every non-public call.
    const handlers = table[moduleKey as ModuleKey] as unknown as Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>;
    for (const [name, call] of Object.entries(moduleCalls) as [string, CallDef][]) {
      const handler = handlers[name];
      if (!handler) throw new Error(`Thiếu xử lý cho ${call.path}`);
      app.post(`/api/${call.path}`, async (req) => {
        const token = bearerToken(req);
        const user = token ? await deps.authenticate(token) : null;
        const access = hasAccess(call, user);
        if (access === 'unauthenticated') throw unauthorized(token ? undefined : 'Vui lòng đăng nhập để sử dụng chức năng này.');
        if (access === 'forbidden') throw forbidden();
        const nul = findNulChar(req.body);
        if (nul !== null) {
          const where = nul ? ` ở trường "${nul.replaceAll('\0', '').slice(0, 80)}"` : '';
          throw new AppError(400, `Dữ liệu không hợp lệ${where}: chứa ký tự không được phép.`);
        }
        const parsed = call.request.safeParse(req.body);
        if (!parsed.success) throw new AppError(400, describeIssues(parsed.error));
        return handler(parsed.data, { user, ip: req.ip, token });
      });
      registered.push(call.path);
    }
  }
  return registered;
}
