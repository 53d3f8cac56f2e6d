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
        const parsed = call.request.safeParse(req.body);
        if (!parsed.success) throw new AppError(400, describeIssues(parsed.error));
        return handler(parsed.data, { user, ip: req.ip, token });
      });
      registered.push(call.path);
    }
  }
  return registered;
}
