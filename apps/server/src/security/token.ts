import { randomBytes } from 'node:crypto';
import { createSigner as createJwtSigner, createVerifier as createJwtVerifier } from 'fast-jwt';

export interface AccessClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

/** The one algorithm signed and accepted: a token naming any other (`none`, HS512, RS256…) is refused. */
const ALGORITHM = 'HS256';

/**
 * The signature as Node's base64url encoder writes it. The library compares decoded bytes, and the last character of
 * a 32-byte signature carries spare bits: without this, a second spelling of the same token would pass.
 */
const canonicalSignature = (token: string) => {
  const sig = token.slice(token.lastIndexOf('.') + 1);
  return Buffer.from(sig, 'base64url').toString('base64url') === sig;
};

/**
 * HS256 JSON Web Tokens (fast-jwt) keyed by one secret shared by every instance. Each use has a key of its own
 * derived from the secret (`jwt:` for access tokens, `value:<purpose>:` for signed values), so a token made for one
 * use is never accepted for another.
 */
export function createSigner(secret: string) {
  const accessKey = `jwt:${secret}`;
  // The payload carries iat and exp itself: the time to live is given per call.
  const signAccessJwt = createJwtSigner({ key: accessKey, algorithm: ALGORITHM });
  // A token verified before is recognised by its hash until it expires, so a call costs no HMAC and JSON parse.
  const verifyAccessJwt = createJwtVerifier({
    key: accessKey,
    algorithms: [ALGORITHM],
    requiredClaims: ['sub', 'jti', 'exp'],
    cache: 10_000,
  });

  const valueKey = (purpose: string) => `value:${purpose}:${secret}`;
  const valueSigners = new Map<string, (payload: object) => string>();
  const valueVerifiers = new Map<string, (token: string) => unknown>();
  const valueSigner = (purpose: string) => {
    let sign = valueSigners.get(purpose);
    if (!sign) {
      sign = createJwtSigner({ key: valueKey(purpose), algorithm: ALGORITHM, noTimestamp: true });
      valueSigners.set(purpose, sign);
    }
    return sign;
  };
  const valueVerifier = (purpose: string) => {
    let verify = valueVerifiers.get(purpose);
    if (!verify) {
      verify = createJwtVerifier({ key: valueKey(purpose), algorithms: [ALGORITHM] });
      valueVerifiers.set(purpose, verify);
    }
    return verify;
  };

  return {
    signAccess(claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number): string {
      const now = Math.floor(Date.now() / 1000);
      return signAccessJwt({ sub: claims.sub, jti: claims.jti, iat: now, exp: now + ttlSeconds });
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    verifyAccess(token: string): AccessClaims | null {
      let claims: Record<string, unknown>;
      try {
        claims = verifyAccessJwt(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { sub, jti, iat, exp } = claims;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
      // Refused from the second it expires (RFC 7519 §4.1.4); the library still accepts that very second.
      if (exp <= Date.now() / 1000 || !canonicalSignature(token)) return null;
      return { sub, jti, iat: typeof iat === 'number' ? iat : 0, exp };
    },
    /** A JWT carrying `payload` for a purpose (e.g. public order links); the payload states its own expiry if any. */
    signValue(purpose: string, payload: object): string {
      return valueSigner(purpose)({ ...payload });
    },
    verifyValue<T>(purpose: string, token: string): T | null {
      try {
        const payload = valueVerifier(purpose)(token) as T;
        return canonicalSignature(token) ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
export type Signer = ReturnType<typeof createSigner>;

export const newSecret = () => randomBytes(48).toString('base64url');
