import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side accepted. */
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
const ISSUER = 'SmartPort';

/** A new secret of 160 bits (RFC 4226 §4 recommends it), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the enrolment QR code carries. */
export function totpUri(secret: string, account: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The time step of a moment. */
export const totpStep = (at: number) => Math.floor(at / 1000 / PERIOD);

/**
 * The step of `code` when it is the code of `secret` within one step of `at`, else null. The caller accepts a step only
 * once (user_totp.LastStep), so an observed code cannot be replayed.
 */
export function totpMatch(secret: string, code: string, at = Date.now()): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp: at,
    window: WINDOW,
  });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code of `secret` at `at` (tests and the demo). */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD, timestamp: at });
}

// 32 signs (no i, l, o, 1): each random byte's low 5 bits pick one without bias.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/** Ten recovery codes like `k7d2m-q9xpa`: 10 signs of 32 (50 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code of 6 digits is a TOTP code; anything else is read as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/[\s-]/g, ''));

/**
 * The stored form of a recovery code: SHA-256 of its normalised text. The codes are random (50 bits), so a fast
 * hash is enough; a slow password hash would only slow every login that uses one.
 */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase(), 'utf8').digest('hex');

/** A login challenge's stored form (the browser holds the random text, the database its hash). */
export const challengeHash = (challenge: string) => createHash('sha256').update(challenge, 'utf8').digest('hex');
export const newChallenge = () => randomBytes(32).toString('base64url');
