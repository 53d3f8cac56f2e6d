import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { renderIndexHtml } from '../http/index-html';
import { openApiDocument } from '../http/openapi';

const STATIC_FILE = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|json|pdf|woff2?|ttf|txt|xml|webmanifest)$/i;

/** The OpenAPI document of the call table at /api/docs. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The built web (WEB_DIST): its files, pre-compressed, and index.html rendered with the main config (spec 03 §2.4:
 * title, keywords, description, image, analytics ids, social app id) for every client route; 404s in Vietnamese.
 */
export async function staticSpa(app: FastifyInstance, webDist: string | undefined, mainConfig: () => Promise<Record<string, unknown>>) {
  const indexHtml = webDist ? join(webDist, 'index.html') : null;
  const hasWeb = !!indexHtml && existsSync(indexHtml);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // index.html is rendered with the main config (below), never served as the file.
      allowedPath: (path) => path !== '/index.html',
      // The build writes x.br and x.gz beside each file (apps/web/vite.config.ts): sent as they are to a browser that
      // accepts them, with Content-Encoding and Vary: Accept-Encoding; the plain file otherwise.
      preCompressed: true,
      // The Cache-Control below, not send's default (`public, max-age=0`, which used to overwrite it).
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Vary', 'Accept-Encoding');
        // Content-hashed names (assets/) never change: a year, immutable. Everything else (index.html, version.json,
        // the help PDFs) is checked again on every use.
        if (path.includes(`${join('assets', '')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: `Không tìm thấy chức năng: ${req.url.split('?')[0]}` });
    }
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('Chưa build giao diện web (npm run build).');
    // Client-side routes (/, /login, /order/…, menu paths) are answered by the SPA.
    const file = req.url.split('?')[0] ?? '/';
    // A missing asset is a 404; anything else (a token with dots in /order/… included) is a client route.
    if (file.startsWith('/assets/') || STATIC_FILE.test(file)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Không tìm thấy tệp.');
    }
    const html = await renderIndexHtml(indexHtml as string, await mainConfig());
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
