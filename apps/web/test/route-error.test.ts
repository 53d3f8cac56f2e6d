import '../src/lib/i18n';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, RouteError } from '../src/app/RouteError';

// A route whose chunk cannot load (or that fails otherwise) shows a Vietnamese page with 'Tải lại', never React Router's
// English 'Unexpected Application Error!'.

/** The page the router draws at `/` when the route's module rejects with `error`. */
async function drawnFor(error: unknown): Promise<string> {
  const routes = [
    {
      path: '/',
      errorElement: createElement(RouteError),
      lazy: () => Promise.reject(error),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe('RouteError', () => {
  it('tells apart a chunk that could not load, in the words of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("shows 'Không tải được trang' and a 'Tải lại' button when a lazy import fails", async () => {
    const html = await drawnFor(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ViewOutlet-x.js'));
    expect(html).toContain('Không tải được trang');
    expect(html).toMatch(/<button[^>]*>Tải lại<\/button>/);
    expect(html).not.toMatch(/Unexpected Application Error|Hey developer/);
  });

  it('shows a Vietnamese generic error page for any other failure', async () => {
    const html = await drawnFor(new Error('boom'));
    expect(html).toContain('Đã xảy ra lỗi');
    expect(html).toContain('Tải lại');
    expect(html).toContain('Về trang chủ');
    expect(html).not.toMatch(/Unexpected Application Error|Hey developer|boom/);
  });
});
