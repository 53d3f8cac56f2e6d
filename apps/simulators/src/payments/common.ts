import { createHmac } from 'node:crypto';
import { canonicalFields } from '@smartport/contract';
import type { FastifyInstance } from 'fastify';

/** HTML forms post `application/x-www-form-urlencoded`. */
export function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** HMAC-SHA256 over the canonical text of the fields (both sides compute it the same way). */
export function sign(secret: string, fields: Record<string, string | number | boolean | null | undefined>): string {
  return createHmac('sha256', secret).update(canonicalFields(fields)).digest('hex');
}

/** Posts JSON to the portal; a lost or refused notice is the portal's reconciliation's business. */
export async function notify(url: string, body: unknown): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // The portal is down or slow: like a real bank, the notice is not retried here.
  }
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
export const vnd = (n: number) => `${new Intl.NumberFormat('vi-VN').format(n)} VNĐ`;
