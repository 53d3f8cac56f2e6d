import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the call being answered: what the audit trail records as who and from where. */
export interface Actor {
  UserID: string;
  UserName: string | null;
  /** The client's address as the server sees it (Fastify's `req.ip`, behind the configured proxy trust). */
  ip: string | null;
}

/** The server's own changes (seed, jobs, reactions outside a call). */
export const systemActor: Actor = { UserID: 'system', UserName: 'Hệ thống', ip: null };

const scope = new AsyncLocalStorage<Actor>();

/**
 * Runs a call's handler with its actor in scope (http/call-registry.ts), so the audit recorder learns who and from
 * where without every service and mechanism signature carrying the request.
 */
export function withActor<T>(actor: Actor, fn: () => T): T {
  return scope.run(actor, fn);
}

/** The actor of the call being answered, or the system outside one. */
export function currentActor(): Actor {
  return scope.getStore() ?? systemActor;
}
