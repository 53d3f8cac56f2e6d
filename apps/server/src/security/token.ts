import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export interface AccessClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

/** HS256 JSON Web Tokens and other signed values, keyed by one secret shared by every instance. */
export function createSigner(secret: string) {
  const mac = (purpose: string, data: string) => createHmac('sha256', `${purpose}:${secret}`).update(data).digest();
  const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

  /**
   * Compares the signature as text with the canonical encoding of the expected MAC: decoding it
   * instead would accept other spellings of the same bytes (Node's base64url decoder skips
   * characters it does not know and ignores the last character's spare bits).
   */
  function signatureMatches(sig: string, expected: Buffer) {
    const a = Buffer.from(sig);
    const b = Buffer.from(b64(expected));
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Checks signature, shape and expiry of an access token. */
  function check(token: string): AccessClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, body, sig] = parts as [string, string, string];
    if (h !== header) return null;
    if (!signatureMatches(sig, mac('jwt', `${h}.${body}`))) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessClaims;
      if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
      return claims.exp > Date.now() / 1000 ? claims : null;
    } catch {
      return null;
    }
  }
  const verified = new Map<string, AccessClaims>();

  return {
    signAccess(claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number): string {
      const now = Math.floor(Date.now() / 1000);
      const body = b64(JSON.stringify({ ...claims, iat: now, exp: now + ttlSeconds }));
      const sig = b64(mac('jwt', `${header}.${body}`));
      return `${header}.${body}.${sig}`;
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    verifyAccess(token: string): AccessClaims | null {
      // A token whose signature was checked before is the same bytes: only its expiry is looked at again (issue 15:
      // the HMAC and JSON parse on every call). Bounded; emptied when full.
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return known;
        verified.delete(token);
        return null;
      }
      const claims = check(token);
      if (claims) {
        if (verified.size >= 10_000) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    },
    /** `<payload>.<signature>` for a purpose (e.g. public order links). */
    signValue(purpose: string, payload: object): string {
      const body = b64(JSON.stringify(payload));
      return `${body}.${b64(mac(purpose, body))}`;
    },
    verifyValue<T>(purpose: string, token: string): T | null {
      const dot = token.indexOf('.');
      if (dot < 1) return null;
      const body = token.slice(0, dot);
      const sig = token.slice(dot + 1);
      if (!signatureMatches(sig, mac(purpose, body))) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
      } catch {
        return null;
      }
    },
  };
}
export type Signer = ReturnType<typeof createSigner>;

export const newSecret = () => randomBytes(48).toString('base64url');
