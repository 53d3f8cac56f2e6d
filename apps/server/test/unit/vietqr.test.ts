import { createHmac } from 'node:crypto';
import { buildVietQr, canonicalFields, crc16ccitt, crcHex, parseVietQr, transferNote } from '@smartport/contract';
import { describe, expect, it } from 'vitest';

/** VietQR payloads published by banks' and payment providers' public examples, with their CRCs. */
const published = [
  {
    payload:
      '00020101021238590010A000000727012900069704180115V3CAS62627239240208QRIBFTTA530370454063750005802VN62250821CSPZKHEL6A2 NTK O000463044729',
    fields: { bankBin: '970418', account: 'V3CAS6262723924', amount: 375000, note: 'CSPZKHEL6A2 NTK O0004' },
  },
  {
    payload:
      '00020101021238570010A000000727012700069704220113VQRQACLNP26800208QRIBFTTA530370454061000005802VN62270823Thanh toan don hang ABC6304CE4C',
    fields: { bankBin: '970422', account: 'VQRQACLNP2680', amount: 100000, note: 'Thanh toan don hang ABC' },
  },
  {
    payload: '00020101021138540010A00000072701240006970422011008129452690208QRIBFTTA53037045802VN6304d5f3',
    fields: { bankBin: '970422', account: '0812945269', amount: null, note: '' },
  },
  {
    payload: '00020101021138510010A00000072701210006970407010797968680208QRIBFTTA53037045802VN62240820gen by sunary/vietqr6304BE74',
    fields: { bankBin: '970407', account: '9796868', amount: null, note: 'gen by sunary/vietqr' },
  },
];

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1);
    expect(crcHex('')).toBe('FFFF');
  });
  it.each(published)('matches the CRC of a published VietQR payload', ({ payload }) => {
    expect(crcHex(payload.slice(0, -4))).toBe(payload.slice(-4).toUpperCase());
  });
});

describe('VietQR payload', () => {
  it.each(published)('reads a published payload', ({ payload, fields }) => {
    expect(parseVietQr(payload)).toEqual(fields);
  });

  it('builds a dynamic payload byte for byte like a published one', () => {
    const [first] = published;
    expect(buildVietQr({ bankBin: '970418', account: 'V3CAS6262723924', amount: 375000, note: 'CSPZKHEL6A2 NTK O0004' })).toBe(
      first?.payload,
    );
  });

  it('builds a static payload (no amount) like a published one', () => {
    expect(buildVietQr({ bankBin: '970422', account: '0812945269' })).toBe(published[2]?.payload.replace(/d5f3$/, 'D5F3'));
  });

  it('refuses a payload whose CRC or content was changed', () => {
    const p = published[0]?.payload as string;
    expect(parseVietQr(p.replace('375000', '375001'))).toBeNull();
    expect(parseVietQr(`${p.slice(0, -4)}0000`)).toBeNull();
  });

  it('writes transfer notes without tones or symbols', () => {
    expect(transferNote('Thanh toán lệnh Đà Nẵng #12/3')).toBe('THANH TOAN LENH DA NANG 12 3');
  });
});

describe('result checksum (HMAC-SHA256 over the sorted fields)', () => {
  it('uses HMAC-SHA256 as RFC 4231 test case 2 gives it', () => {
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
  it('signs the same fields in any order to the same text, and drops missing ones', () => {
    expect(canonicalFields({ b: 2, a: 'x', c: undefined, d: null })).toBe('a=x&b=2');
    expect(canonicalFields({ a: 'x', b: 2 })).toBe(canonicalFields({ b: 2, a: 'x' }));
  });
  it('changes when any field changes', () => {
    const sign = (f: Record<string, string | number>) => createHmac('sha256', 's').update(canonicalFields(f)).digest('hex');
    const base = { requestId: 'R1', amount: 1000, status: 'SUCCESS' };
    expect(sign(base)).not.toBe(sign({ ...base, amount: 1001 }));
    expect(sign(base)).not.toBe(sign({ ...base, status: 'CANCELLED' }));
  });
});
