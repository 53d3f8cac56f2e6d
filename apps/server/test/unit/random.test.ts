import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containerCheckDigit, containerNumber, createRandom } from '../../src/db/seed/random';

/** Letter values straight from ISO 6346 (multiples of 11 are skipped). */
const isoLetterValues: Record<string, number> = Object.fromEntries(
  'A10 B12 C13 D14 E15 F16 G17 H18 I19 J20 K21 L23 M24 N25 O26 P27 Q28 R29 S30 T31 U32 V34 W35 X36 Y37 Z38'
    .split(' ')
    .map((p) => [p.slice(0, 1), Number(p.slice(1))]),
);
function referenceCheckDigit(first10: string): number {
  let sum = 0;
  [...first10].forEach((ch, i) => {
    sum += (isoLetterValues[ch] ?? Number(ch)) * 2 ** i;
  });
  return (sum % 11) % 10;
}

describe('containerCheckDigit (ISO 6346)', () => {
  it('gives 3 for CSQU305438, the standard worked example (CSQU 305438 3)', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
  });

  it('agrees with the letter table of the standard on a few hand-checked numbers', () => {
    // MSKU907032: 24 + 30·2 + 21·4 + 32·8 + 9·16 + 7·64 + 3·256 + 2·512 = 2808; 2808 mod 11 = 3.
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    // AAAU000000: 10 + 10·2 + 10·4 + 32·8 = 326; 326 mod 11 = 7.
    expect(containerCheckDigit('AAAU000000')).toBe(7);
  });

  it('maps a remainder of 10 to check digit 0', () => {
    // CAAU000000: 13 + 10·2 + 10·4 + 32·8 = 329; 329 mod 11 = 10 → 0.
    expect(referenceCheckDigit('CAAU000000')).toBe(0);
    expect(containerCheckDigit('CAAU000000')).toBe(0);
  });

  it('agrees with the standard letter table for any owner code and serial', () => {
    const letter = fc.constantFrom(...Object.keys(isoLetterValues));
    const owner = fc.tuple(letter, letter, letter, fc.constantFrom('U', 'J', 'Z')).map((t) => t.join(''));
    fc.assert(
      fc.property(owner, fc.integer({ min: 0, max: 999_999 }), (o, serial) => {
        const first10 = `${o}${String(serial).padStart(6, '0')}`;
        expect(containerCheckDigit(first10)).toBe(referenceCheckDigit(first10));
      }),
      { numRuns: 500 },
    );
  });
});

describe('containerNumber', () => {
  it('writes owner, six-digit serial and check digit', () => {
    expect(containerNumber('CSQU', 305438)).toBe('CSQU3054383');
    expect(containerNumber('MSKU', 7)).toMatch(/^MSKU000007\d$/);
    expect(containerNumber('MSKU', 907032)).toBe('MSKU9070323');
  });
});

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('keeps int() within its bounds, reaching both ends', () => {
    const r = createRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = r.int(3, 8);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(8);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('picks only from the given items', () => {
    const r = createRandom(1);
    const items = ['NDP', 'GML', 'VMD'] as const;
    for (let i = 0; i < 100; i++) expect(items).toContain(r.pick(items));
  });
});
