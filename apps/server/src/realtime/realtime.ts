import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
  type SocketEnvelope,
  userRoom,
} from '@smartport/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AuthUser } from '../http/context';

/** What services use to reach a user's open pages; services never import socket.io. */
export interface LiveEvents {
  toUser(userId: string, event: ServerEventName, envelope: SocketEnvelope): void;
  /** Every signed-in user's open pages (e.g. the portal's notifications changed), on every instance. */
  toAll(event: ServerEventName, envelope: SocketEnvelope): void;
  /** Closes the live connections opened with one session (logout), on every instance. */
  endSession(userId: string, jti: string): Promise<void>;
}

/**
 * A LiveEvents that services can hold before socket.io exists; `attach` connects it. Events sent
 * before that are dropped (nobody can be connected yet).
 */
export function createLiveEventsPort(): LiveEvents & { attach(impl: LiveEvents): void } {
  let impl: LiveEvents | null = null;
  return {
    attach(next) {
      impl = next;
    },
    toUser(userId, event, envelope) {
      impl?.toUser(userId, event, envelope);
    },
    toAll(event, envelope) {
      impl?.toAll(event, envelope);
    },
    async endSession(userId, jti) {
      await impl?.endSession(userId, jti);
    },
  };
}

interface SocketData {
  user: AuthUser;
  jti: string;
  token: string;
}

export async function attachRealtime(
  httpServer: HttpServer,
  deps: {
    authenticate(token: string): Promise<AuthUser | null>;
    redisUrl?: string | undefined;
    corsOrigins: string[];
    /** How often open connections are checked against their session (deactivated users, expiry). */
    recheckMs?: number;
  },
) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    serveClient: false,
    cors: deps.corsOrigins.length ? { origin: deps.corsOrigins } : undefined,
  });
  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redis = [pub, sub];
  }

  // A socket is accepted only with a live access token; it joins its user's room.
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const user = token ? await deps.authenticate(token).catch(() => null) : null;
    if (!user) return next(new Error('unauthorized'));
    socket.data.user = user;
    socket.data.jti = user.jti;
    socket.data.token = token;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.UserID));
  });

  // A session that ends without a logout (deactivated user, expiry) loses its live connection too.
  const recheck = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      void deps
        .authenticate(socket.data.token)
        .catch(() => null)
        .then((user) => {
          if (!user) socket.disconnect(true);
        });
    }
  }, deps.recheckMs ?? 60_000);
  recheck.unref();

  const events: LiveEvents = {
    toUser(userId, event, envelope) {
      io.to(userRoom(userId)).emit(event, envelope);
    },
    toAll(event, envelope) {
      // Only authenticated sockets are ever accepted, so everyone connected is signed in.
      io.emit(event, envelope);
    },
    async endSession(userId, jti) {
      // fetchSockets reaches the sockets of every instance through the adapter.
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      for (const s of sockets) if (s.data.jti === jti) s.disconnect(true);
    },
  };
  return {
    io,
    events,
    async close() {
      clearInterval(recheck);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
