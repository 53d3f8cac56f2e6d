import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (DESIGN.md §5: mail and TOS passwords stored encrypted): AES-256-GCM with a
 * fresh 96-bit nonce per value and a 128-bit tag. A sealed value is one string
 * `sb1.<nonce>.<ciphertext>.<tag>` (base64url), so it sits in a jsonb settings row like any text.
 * The associated data names where the value belongs (settings entry and field): a ciphertext
 * copied into another field or entry fails to open instead of quietly becoming that field's secret.
 */
const VERSION = 'sb1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^sb1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{22}$/;

/** A sealed value could not be opened: wrong key, altered bytes, another field's value, or not a sealed value at all. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** A new random key as 64 hex characters (the form kept in the database when SETTINGS_KEY is unset). */
export function newSettingsKey(): string {
  return randomBytes(KEY_BYTES).toString('hex');
}

/**
 * The 32-byte key of SETTINGS_KEY: 64 hex characters, or base64 / base64url of 32 bytes. Anything
 * else stops the start: a key that silently decoded to other bytes would make every stored secret unreadable.
 */
export function parseSettingsKey(text: string): Buffer {
  const s = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(s)) {
    const std = s.replace(/-/g, '+').replace(/_/g, '/').replace(/=$/, '');
    const key = Buffer.from(std, 'base64');
    // Node's decoder ignores the last character's spare bits: accept only the canonical spelling of the 32 bytes.
    if (key.length === KEY_BYTES && key.toString('base64').replace(/=$/, '') === std) return key;
  }
  throw new Error('SETTINGS_KEY phải là khóa 32 byte: 64 ký tự hex hoặc chuỗi base64 của 32 byte.');
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && SEALED.test(value);
}

export interface SecretBox {
  /** Encrypts `plain` for the place `where` (e.g. `mail_config/pass`). */
  seal(plain: string, where: string): string;
  /** The clear text of a value sealed for `where`; throws SecretBoxError otherwise. */
  open(sealed: string, where: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`Khóa mã hóa phải dài ${KEY_BYTES} byte.`);
  const secretKey = Buffer.from(key);
  return {
    seal(plain, where) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(where, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce.toString('base64url'), body.toString('base64url'), tag.toString('base64url')].join('.');
    },
    open(sealed, where) {
      if (!isSealed(sealed)) throw new SecretBoxError('Giá trị không phải là bí mật đã mã hóa.');
      const [, nonce, body, tag] = sealed.split('.') as [string, string, string, string];
      try {
        const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(where, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // GCM says only "unable to authenticate": the key, the bytes and the place are indistinguishable here.
        throw new SecretBoxError('Không giải mã được bí mật đã lưu (sai khóa SETTINGS_KEY hoặc dữ liệu đã bị thay đổi).');
      }
    },
  };
}
