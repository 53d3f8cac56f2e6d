import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Account passwords are kept as scrypt hashes (node:crypto), never in clear:
 * `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export const PASSWORD_HASH = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, KEY_LENGTH);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches the stored hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = PASSWORD_HASH.exec(stored);
  if (!m) return false;
  const [n, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds keep a hand-written hash from asking for gigabytes of memory.
  if (n < 1024 || n > 1_048_576 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64');
  if (expected.length < 16 || expected.length > 128) return false;
  const key = await derive(password, Buffer.from(m[4] ?? '', 'base64'), n, r, p, expected.length);
  return timingSafeEqual(key, expected);
}
