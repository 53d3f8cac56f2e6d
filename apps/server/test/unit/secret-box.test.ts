import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, newSettingsKey, parseSettingsKey, SecretBoxError } from '../../src/security/secret-box';

const key = parseSettingsKey(newSettingsKey());
const box = createSecretBox(key);
const where = 'mail_config/pass';

/** The sealed value with one character of part `index` (1 nonce, 2 ciphertext, 3 tag) changed. */
function alter(sealed: string, index: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const part = parts[index] as string;
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, for any text (Vietnamese, empty, long)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (plain) => {
        expect(box.open(box.seal(plain, where), where)).toBe(plain);
      }),
      { numRuns: 200 },
    );
    expect(box.open(box.seal('Mật-khẩu@2026', where), where)).toBe('Mật-khẩu@2026');
    expect(box.open(box.seal('', where), where)).toBe('');
  });

  it('writes no clear text and a fresh nonce each time', () => {
    const a = box.seal('Smtp@Secret-2026', where);
    const b = box.seal('Smtp@Secret-2026', where);
    expect(a).not.toContain('Smtp');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a.startsWith('sb1.')).toBe(true);
  });

  it('refuses a value whose nonce, ciphertext or tag was altered', () => {
    const sealed = box.seal('Smtp@Secret-2026', where);
    for (const part of [1, 2, 3] as const) {
      expect(() => box.open(alter(sealed, part), where)).toThrow(SecretBoxError);
    }
  });

  it('refuses a value sealed for another field or entry', () => {
    const sealed = box.seal('Smtp@Secret-2026', where);
    expect(() => box.open(sealed, 'terminal_config/pass')).toThrow(SecretBoxError);
  });

  it('refuses to open with another key', () => {
    const sealed = box.seal('Smtp@Secret-2026', where);
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(sealed, where)).toThrow(SecretBoxError);
    expect(() => other.open(sealed, where)).toThrow(/SETTINGS_KEY/);
  });

  it('refuses text that is not a sealed value', () => {
    for (const text of ['Smtp@Secret-2026', '********', '', 'sb1.abc.def.ghi', 'sb2.AAAAAAAAAAAAAAAA..AAAAAAAAAAAAAAAAAAAAAA']) {
      expect(isSealed(text)).toBe(false);
      expect(() => box.open(text, where)).toThrow(SecretBoxError);
    }
  });
});

describe('SETTINGS_KEY', () => {
  const bytes = randomBytes(32);

  it('reads 64 hex characters, base64 and base64url of 32 bytes', () => {
    expect(parseSettingsKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSettingsKey(bytes.toString('hex').toUpperCase())).toEqual(bytes);
    expect(parseSettingsKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSettingsKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(parseSettingsKey(` ${bytes.toString('hex')}\n`)).toEqual(bytes);
  });

  it('stops on a key of another length or spelling, naming the variable', () => {
    for (const bad of [
      '',
      'secret',
      bytes.toString('hex').slice(2),
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
    ]) {
      expect(() => parseSettingsKey(bad)).toThrow(/SETTINGS_KEY/);
    }
    // The same bytes but a last character whose spare bits are set: not the canonical spelling.
    const b64 = bytes.toString('base64url');
    const last = b64.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(() => parseSettingsKey(b64.slice(0, -1) + sibling)).toThrow(/SETTINGS_KEY/);
  });

  it('generates 32 random bytes as hex', () => {
    const a = newSettingsKey();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(parseSettingsKey(a)).toHaveLength(32);
    expect(newSettingsKey()).not.toBe(a);
  });

  it('refuses a key of the wrong length in the box itself', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow();
  });
});
