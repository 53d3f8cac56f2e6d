import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RunConfig } from '../config';
import type { Database } from '../db/client';

export interface PressureLimits {
  /**
   * Calls (`/api/…`) being served at once; past it a new call waits in the queue (0 = no limit). Static files, the
   * SPA's chunks and index.html are never counted nor shed.
   */
  maxRequestsInFlight: number;
  /** Calls waiting for a place past which a new one is refused at once (503 + Retry-After). */
  maxQueued: number;
  /** How long a call may wait in the queue before it is refused (ms). */
  maxQueueWaitMs: number;
  /** Queries waiting for a database connection past which new calls are refused (0 = not watched). */
  maxDbWaiting: number;
  retryAfterSeconds: number;
}
export const defaultPressure: PressureLimits = {
  // A few times the database pool: enough to keep every connection busy while the next calls are parsed and answered;
  // more only lengthens every call's wait.
  maxRequestsInFlight: 64,
  // Long enough for 2,000 connections: a crowd waits here instead of being refused at once, since a client refused at
  // once asks again at once and the portal then spends its time refusing (goodput fell to a third of the steady rate).
  // A call that cannot be served within `maxQueueWaitMs` is refused then: each connection costs one refusal per wait.
  maxQueued: 2048,
  // Longer than a call waits at the steady load of 200 connections, so a busy portal refuses nothing.
  maxQueueWaitMs: 2000,
  // 200 open connections each waiting for one query is a busy portal, not an overloaded one.
  maxDbWaiting: 400,
  retryAfterSeconds: 2,
};
/** On the embedded database one in-process connection serves every query: fewer calls at once. */
const pglitePressure: Partial<PressureLimits> = { maxRequestsInFlight: 32 };

export const OVERLOADED_MESSAGE = 'Hệ thống đang quá tải, vui lòng thử lại sau ít phút.';

/** Only the calls are shed: a page whose files cannot load is worse than a call the page retries. */
const isCall = (url: string) => url.startsWith('/api/');

export interface Admission {
  /** Calls being served now. */
  inFlight(): number;
  /** Calls waiting for a place now. */
  queued(): number;
}

/**
 * Admission of calls by work in flight and database waiting, not by a momentary event-loop delay (argon2 logins and
 * large statistics answers block the loop for a moment without the portal being overloaded): up to
 * `maxRequestsInFlight` calls are served at once, up to `maxQueued` more wait (first come, first served, at most
 * `maxQueueWaitMs`), the rest are answered 503 + Retry-After at once, before their body is read. Nothing is sampled:
 * the portal serves again as soon as the calls in flight drain.
 */
export function admitCalls(app: FastifyInstance, database: Pick<Database, 'waiting'>, limits: PressureLimits): Admission {
  let inFlight = 0;
  const queue: { admit: () => void; timer: NodeJS.Timeout }[] = [];
  const refuse = (reply: FastifyReply) =>
    reply.status(503).header('Retry-After', String(limits.retryAfterSeconds)).send({ success: false, message: OVERLOADED_MESSAGE });
  const release = () => {
    inFlight--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    }
  };
  const enter = (reply: FastifyReply) => {
    inFlight++;
    // 'close' comes once the answer is sent or the client has gone.
    reply.raw.once('close', release);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!isCall(req.url)) return done();
    if (limits.maxDbWaiting && database.waiting() > limits.maxDbWaiting) return refuse(reply);
    if (!limits.maxRequestsInFlight || inFlight < limits.maxRequestsInFlight) {
      enter(reply);
      return done();
    }
    if (queue.length >= limits.maxQueued) return refuse(reply);
    const entry = {
      admit: () => {
        reply.raw.off('close', leave);
        enter(reply);
        done();
      },
      timer: setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        refuse(reply);
      }, limits.maxQueueWaitMs),
    };
    // A client that goes away while it waits takes no place.
    const leave = () => {
      const at = queue.indexOf(entry);
      if (at >= 0) queue.splice(at, 1);
      clearTimeout(entry.timer);
    };
    reply.raw.once('close', leave);
    queue.push(entry);
  });
  return { inFlight: () => inFlight, queued: () => queue.length };
}

/**
 * Load shedding (admitCalls; docs/decisions.md), then CORS: closed by default, only origins named in CORS_ORIGINS.
 */
export async function shedding(app: FastifyInstance, database: Database, config: RunConfig, limits?: Partial<PressureLimits>) {
  const pressure: PressureLimits = {
    ...defaultPressure,
    ...(database.kind === 'pglite' ? pglitePressure : {}),
    ...limits,
  };
  const admission = admitCalls(app, database, pressure);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins });
  return admission;
}
