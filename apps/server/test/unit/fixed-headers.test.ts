import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { fixedHeaders } from '../../src/plugins/security-headers';

describe('fixedHeaders', () => {
  it("reads helmet's headers once, lower-cased, as the list every answer copies", () => {
    const h = fixedHeaders(helmet({ crossOriginEmbedderPolicy: false }));
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['x-powered-by']).toBeUndefined();
  });

  it('keeps what is removed removed, joins lists, and refuses middleware that does not finish at once', () => {
    const h = fixedHeaders((_req, res, next) => {
      res.setHeader('X-A', ['1', '2']);
      res.setHeader('X-B', 3);
      res.removeHeader('x-b');
      next();
    });
    expect(h).toEqual({ 'x-a': '1, 2' });
    expect(() => fixedHeaders(() => undefined)).toThrow(/did not finish/);
    expect(() => fixedHeaders((_q, _s, next) => next(new Error('no')))).toThrow('no');
  });
});
