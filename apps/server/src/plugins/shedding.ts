import cors from '@fastify/cors';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { RunConfig } from '../config';
import type { Database } from '../db/client';

export interface PressureLimits {
  /** Event-loop delay (ms) past which requests are shed. */
  maxEventLoopDelay: number;
  maxEventLoopUtilization: number;
  /** Queries waiting for a database connection past which requests are shed. */
  maxDbWaiting: number;
  /**
   * Requests being served at once past which new ones are shed (0 = off). On the embedded database, whose one
   * in-process connection has no pool queue to watch, this is what sheds (the overload row of the load tests).
   */
  maxRequestsInFlight: number;
  /** How often the event loop and the database queue are looked at (ms). */
  checkIntervalMs: number;
  retryAfterSeconds: number;
}
export const defaultPressure: PressureLimits = {
  maxEventLoopDelay: 1000,
  // Off by default: a busy but responsive loop is no reason to refuse.
  maxEventLoopUtilization: 0,
  // 200 open connections each waiting for one query is a busy portal, not an overloaded one (0 errors at 200
  // connections in the load tests); thousands are shed.
  maxDbWaiting: 400,
  maxRequestsInFlight: 0,
  checkIntervalMs: 250,
  retryAfterSeconds: 10,
};
export const OVERLOADED_MESSAGE = 'Hệ thống đang quá tải, vui lòng thử lại sau ít phút.';

/**
 * Admission by count: while `maxRequestsInFlight` requests are being served (received and not yet answered or
 * abandoned), a new one is answered 503 + Retry-After at once instead of queueing behind them (0 = off).
 */
export function shedOverInFlight(app: FastifyInstance, limits: Pick<PressureLimits, 'maxRequestsInFlight' | 'retryAfterSeconds'>) {
  if (!limits.maxRequestsInFlight) return;
  let inFlight = 0;
  app.addHook('onRequest', (_req, reply, done) => {
    if (inFlight >= limits.maxRequestsInFlight) {
      reply.status(503).header('Retry-After', String(limits.retryAfterSeconds)).send({ success: false, message: OVERLOADED_MESSAGE });
      return;
    }
    inFlight++;
    // 'close' comes once the answer is sent or the client has gone.
    reply.raw.once('close', () => inFlight--);
    done();
  });
}

/**
 * Load shedding: a saturated event loop or database pool answers 503 + Retry-After at once instead of queueing every
 * request into a time-out; it recovers by itself when the pressure goes (docs/decisions.md). The embedded database
 * runs its queries (and the demo seeding) inside this event loop, so a long query there is not overload: on PGlite the
 * loop is not watched unless asked for (0 = off). Then CORS: closed by default, only origins named in CORS_ORIGINS.
 */
export async function shedding(app: FastifyInstance, database: Database, config: RunConfig, limits?: Partial<PressureLimits>) {
  const pressure = {
    ...defaultPressure,
    ...(database.kind === 'pglite' ? { maxEventLoopDelay: 0, maxRequestsInFlight: 256 } : {}),
    ...limits,
  };
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelay,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    healthCheck: async () => database.waiting() <= pressure.maxDbWaiting,
    healthCheckInterval: pressure.checkIntervalMs,
    retryAfter: pressure.retryAfterSeconds,
    sampleInterval: pressure.checkIntervalMs,
    pressureHandler: (_req, reply) => {
      reply.status(503).header('Retry-After', String(pressure.retryAfterSeconds)).send({ success: false, message: OVERLOADED_MESSAGE });
    },
  });
  shedOverInFlight(app, pressure);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins });
}
