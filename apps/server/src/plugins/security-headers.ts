import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The headers a header-setting middleware (helmet) writes, read once from a stand-in response: for middleware whose
 * headers do not depend on the request. Refuses one that would need the request or answer by itself.
 */
export function fixedHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('fixedHeaders: the middleware did not finish at once');
  return headers;
}

/**
 * Security headers (helmet), worked out once: @fastify/helmet built them again for every request, parsing the CSP
 * each time, and even helmet's prebuilt middleware set them one function at a time. They are the same for every
 * answer, so helmet writes them once into a list that every answer copies, before any handler runs.
 */
export function securityHeaders(app: FastifyInstance) {
  const headers = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
