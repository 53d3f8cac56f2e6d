import Fastify, { type FastifyError, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { RunConfig } from '../config';
import { AppError } from '../http/errors';

/** Request logs: method, path and status, never bodies, tokens or the public order link's token. */
const requestSerializer = (req: { method: string; url: string; ip: string }) => ({
  method: req.method,
  url: req.url.replace(/^\/order\/[^/?#]+/, '/order/***').replace(/([?&][^=]*(token|pass)[^=]*=)[^&]*/gi, '$1***'),
  ip: req.ip,
});

/** The Fastify instance: its logger (one line per answered request), body limit, proxy trust and error handler. */
export function createCore(config: RunConfig, logger?: FastifyServerOptions['logger']) {
  // Logs are written without blocking the event loop (pino's asynchronous destination, flushed on close).
  const logStream = logger === undefined ? pino.destination({ dest: 1, sync: false }) : null;
  const app = Fastify({
    logger:
      logger ??
      ({
        level: config.logLevel,
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
        serializers: { req: requestSerializer },
        stream: logStream,
      } as FastifyServerOptions['logger']),
    // One line per request when it is answered (below), not Fastify's two (two synchronous writes per call were a
    // tenth of a list call's time).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      { req, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });
  if (logStream) app.addHook('onClose', async () => logStream.flushSync());

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, ...(error.out ? { out: error.out } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ success: false, message: 'Dữ liệu gửi lên vượt quá dung lượng cho phép.' });
    if (status === 415) return reply.status(415).send({ success: false, message: 'Định dạng dữ liệu gửi lên không được hỗ trợ.' });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Dữ liệu gửi lên không đúng định dạng JSON.'
          : 'Yêu cầu không hợp lệ.';
      return reply.status(status).send({ success: false, message });
    }
    // A value the database cannot take (a day not on the calendar, a number out of its column's range, a text where a
    // number belongs) came from the request: the user's mistake, not the system's.
    if (dataException(error)) {
      req.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ success: false, message: 'Dữ liệu gửi lên không hợp lệ (giá trị ngoài phạm vi cho phép).' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Hệ thống đang gặp sự cố, vui lòng thử lại sau.' });
  });
  return app;
}

/** PostgreSQL's data exceptions a request's value causes (class 22: out of range, bad date/time, bad text for a type). */
const DATA_EXCEPTIONS = new Set(['22003', '22007', '22008', '22P02', '22001', '22023']);
function dataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DATA_EXCEPTIONS.has(e.code)) return true;
  }
  return false;
}
