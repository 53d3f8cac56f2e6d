import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSigner, newSecret } from '../../src/security/token';

const secret = 'a-test-secret-of-reasonable-length-0123456789';
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
/** Signs like the signer does (HMAC over `header.body` with the use's key), so a test can build any content. */
const macFor = (purpose: string, data: string, key = secret, hash = 'sha256') =>
  b64(createHmac(hash, `${purpose}:${key}`).update(data).digest());
/** A JWT with any header and body, signed with the key of a use (`jwt` = access tokens, `value:<purpose>`). */
const jwtWith = (use: string, header: object, body: object | string, hash = 'sha256') => {
  const h = b64(JSON.stringify(header));
  const b = b64(typeof body === 'string' ? body : JSON.stringify(body));
  return `${h}.${b}.${macFor(use, `${h}.${b}`, secret, hash)}`;
};
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens (signAccess / verifyAccess)', () => {
  const signer = createSigner(secret);

  it('gives back the claims of a token it signed, with iat and exp from the time to live', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const token = signer.signAccess({ sub: 'admin', jti: 'j-1' }, 3600);
    expect(token.split('.')).toHaveLength(3);
    const claims = signer.verifyAccess(token);
    const now = Date.parse('2026-03-01T00:00:00Z') / 1000;
    expect(claims).toEqual({ sub: 'admin', jti: 'j-1', iat: now, exp: now + 3600 });
  });

  it('writes the same bytes as before the library: header, claims in order, HMAC keyed for access tokens', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const now = Date.parse('2026-03-01T00:00:00Z') / 1000;
    const expected = jwtWith('jwt', { alg: 'HS256', typ: 'JWT' }, { sub: 'admin', jti: 'j-1', iat: now, exp: now + 3600 });
    expect(signer.signAccess({ sub: 'admin', jti: 'j-1' }, 3600)).toBe(expected);
  });

  it('writes a standard HS256 JWT header', () => {
    const [header] = signer.signAccess({ sub: 'a', jti: 'b' }, 60).split('.') as [string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses a token whose claims were changed', () => {
    const [h, , s] = signer.signAccess({ sub: 'khachhang', jti: 'j' }, 60).split('.');
    const forgedBody = b64(JSON.stringify({ sub: 'admin', jti: 'j', iat: 0, exp: 9_999_999_999 }));
    expect(signer.verifyAccess(`${h}.${forgedBody}.${s}`)).toBeNull();
  });

  it('refuses a token whose signature was changed, lengthened or re-spelled', () => {
    const token = signer.signAccess({ sub: 'a', jti: 'b' }, 60);
    const [h, body, sig] = token.split('.') as [string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    expect(signer.verifyAccess(`${h}.${body}.${flip(sig[0] as string)}${sig.slice(1)}`)).toBeNull();
    expect(signer.verifyAccess(`${h}.${body}.${sig.slice(0, -1)}`)).toBeNull();
    // Other spellings of the same bytes: characters base64url does not know, padding, spare bits.
    for (const suffix of ['=', '!', ' ', '%%', '*']) expect(signer.verifyAccess(`${token}${suffix}`)).toBeNull();
    const last = sig.at(-1) as string;
    const sameBytes = String.fromCharCode(last.charCodeAt(0) ^ 1);
    expect(signer.verifyAccess(`${h}.${body}.${sig.slice(0, -1)}${sameBytes}`)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = createSigner('another-secret');
    expect(signer.verifyAccess(other.signAccess({ sub: 'admin', jti: 'x' }, 60))).toBeNull();
  });

  it('refuses the "none" algorithm and any other header', () => {
    const body = b64(JSON.stringify({ sub: 'admin', jti: 'x', iat: 0, exp: 9_999_999_999 }));
    const none = b64(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    expect(signer.verifyAccess(`${none}.${body}.`)).toBeNull();
    expect(signer.verifyAccess(`${none}.${body}`)).toBeNull();
    expect(signer.verifyAccess(`${none}.${body}.${macFor('jwt', `${none}.${body}`)}`)).toBeNull();
  });

  it('accepts HS256 only: a token correctly signed with HS384, HS512 or naming another algorithm is refused', () => {
    const claims = { sub: 'admin', jti: 'x', iat: 0, exp: 9_999_999_999 };
    expect(signer.verifyAccess(jwtWith('jwt', { alg: 'HS256', typ: 'JWT' }, claims))).not.toBeNull();
    expect(signer.verifyAccess(jwtWith('jwt', { alg: 'HS512', typ: 'JWT' }, claims, 'sha512'))).toBeNull();
    expect(signer.verifyAccess(jwtWith('jwt', { alg: 'HS384', typ: 'JWT' }, claims, 'sha384'))).toBeNull();
    // An HS256 MAC under a header that names another algorithm (the key-confusion shape).
    expect(signer.verifyAccess(jwtWith('jwt', { alg: 'RS256', typ: 'JWT' }, claims))).toBeNull();
    expect(signer.verifyAccess(jwtWith('jwt', { typ: 'JWT' }, claims))).toBeNull();
  });

  it('refuses a token whose expiry is in the past even when correctly signed', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const now = Date.parse('2026-03-01T00:00:00Z') / 1000;
    expect(
      signer.verifyAccess(jwtWith('jwt', { alg: 'HS256', typ: 'JWT' }, { sub: 'a', jti: 'b', iat: now - 7200, exp: now - 3600 })),
    ).toBeNull();
  });

  it('refuses an expired token it accepted (and so remembered) before', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const token = signer.signAccess({ sub: 'a', jti: 'cached' }, 60);
    expect(signer.verifyAccess(token)).not.toBeNull();
    expect(signer.verifyAccess(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-03-01T00:01:01Z'));
    expect(signer.verifyAccess(token)).toBeNull();
  });

  it('refuses an expired token, and accepts it until the second it expires', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const token = signer.signAccess({ sub: 'a', jti: 'b' }, 60);
    vi.setSystemTime(new Date('2026-03-01T00:00:59Z'));
    expect(signer.verifyAccess(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-03-01T00:01:00Z'));
    expect(signer.verifyAccess(token)).toBeNull();
    expect(signer.verifyAccess(signer.signAccess({ sub: 'a', jti: 'b' }, -1))).toBeNull();
  });

  it('refuses correctly signed tokens whose claims are missing or of the wrong type', () => {
    const [h] = signer.signAccess({ sub: 'a', jti: 'b' }, 60).split('.') as [string];
    const signed = (body: string) => `${h}.${body}.${macFor('jwt', `${h}.${body}`)}`;
    const future = 9_999_999_999;
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ sub: 'a', jti: 'b', exp: future }))))).not.toBeNull();
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ jti: 'b', exp: future }))))).toBeNull();
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ sub: 1, jti: 'b', exp: future }))))).toBeNull();
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ sub: 'a', exp: future }))))).toBeNull();
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ sub: 'a', jti: 'b', exp: String(future) }))))).toBeNull();
    expect(signer.verifyAccess(signed(b64(JSON.stringify({ sub: 'a', jti: 'b' }))))).toBeNull();
    expect(signer.verifyAccess(signed(b64('not json')))).toBeNull();
    expect(signer.verifyAccess(signed(b64('null')))).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    for (const t of ['', '.', '..', 'a.b', 'a.b.c', 'a.b.c.d', 'Bearer x', '\u0000', 'é.é.é', 'x'.repeat(100_000)]) {
      expect(signer.verifyAccess(t)).toBeNull();
    }
  });
});

describe('signed values (signValue / verifyValue)', () => {
  const signer = createSigner(secret);

  it('gives back the payload for the same purpose', () => {
    const token = signer.signValue('order-link', { o: 'NDP2501010100001', e: 1_900_000_000 });
    expect(signer.verifyValue('order-link', token)).toEqual({ o: 'NDP2501010100001', e: 1_900_000_000 });
  });

  it('is an HS256 JWT of URL-safe characters only', () => {
    const token = signer.signValue('order-link', { o: 'Đơn hàng/?&=+', e: 1 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [header, body] = token.split('.') as [string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(body)).toEqual({ o: 'Đơn hàng/?&=+', e: 1 });
  });

  it('refuses "none", other algorithms and a tampered payload', () => {
    const payload = { o: 'A', e: 1_900_000_000 };
    expect(signer.verifyValue('p', jwtWith('value:p', { alg: 'HS256', typ: 'JWT' }, payload))).toEqual(payload);
    const none = `${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}.`;
    expect(signer.verifyValue('p', none)).toBeNull();
    expect(signer.verifyValue('p', jwtWith('value:p', { alg: 'HS512', typ: 'JWT' }, payload, 'sha512'))).toBeNull();
    const [h, , s] = signer.signValue('p', payload).split('.');
    expect(signer.verifyValue('p', `${h}.${b64(JSON.stringify({ o: 'B', e: 1_900_000_000 }))}.${s}`)).toBeNull();
  });

  it('refuses a value signed for another purpose, and an access token as a value', () => {
    const token = signer.signValue('order-link', { o: 'X', e: 1 });
    expect(signer.verifyValue('other-purpose', token)).toBeNull();
    expect(signer.verifyValue('order-link', signer.signAccess({ sub: 'a', jti: 'b' }, 60))).toBeNull();
    // ... and the other way round: a signed value is not an access token.
    const asJwt = signer.signValue('jwt', { sub: 'admin', jti: 'x', exp: 9_999_999_999 });
    expect(signer.verifyAccess(asJwt)).toBeNull();
    expect(signer.verifyAccess(signer.signValue('order-link', { sub: 'admin', jti: 'x', exp: 9_999_999_999 }))).toBeNull();
    expect(signer.verifyValue('jwt', signer.signAccess({ sub: 'a', jti: 'b' }, 60))).toBeNull();
  });

  it('refuses a changed payload or signature', () => {
    const token = signer.signValue('p', { o: 'A', e: 1 });
    const [h, , sig] = token.split('.') as [string, string, string];
    expect(signer.verifyValue('p', `${h}.${b64(JSON.stringify({ o: 'B', e: 1 }))}.${sig}`)).toBeNull();
    expect(signer.verifyValue('p', `${token}x`)).toBeNull();
    expect(signer.verifyValue('p', `${token}!`)).toBeNull();
    expect(signer.verifyValue('p', `${token}.x`)).toBeNull();
  });

  it('refuses a value signed with another secret', () => {
    expect(signer.verifyValue('p', createSigner('other').signValue('p', { o: 'A' }))).toBeNull();
  });

  it('refuses malformed values without throwing, including a valid signature over text that is not JSON', () => {
    for (const t of ['', '.', '.abc', 'abc', 'abc.', '..', '\u0000.\u0000', 'a.b.c']) expect(signer.verifyValue('p', t)).toBeNull();
    expect(signer.verifyValue('p', jwtWith('value:p', { alg: 'HS256', typ: 'JWT' }, '{not json'))).toBeNull();
  });
});

describe('newSecret', () => {
  it('makes a long random URL-safe secret each time', () => {
    const a = newSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(newSecret()).not.toBe(a);
  });
});
