/**
 * VietQR (NAPAS 247) dynamic payload in EMVCo merchant-presented format (DESIGN.md §2):
 * 00 format, 01 = 12 (dynamic), 38 merchant account (00 GUID A000000727, 01 {00 bank BIN, 01 account},
 * 02 service QRIBFTTA), 53 = 704 (VND), 54 amount, 58 = VN, 62/08 transfer note, 63 CRC-16/CCITT-FALSE.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export const crcHex = (text: string) => crc16ccitt(text).toString(16).toUpperCase().padStart(4, '0');

/** One TLV field: id, two-digit length, value. */
export function tlv(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`Trường ${id} dài quá 99 ký tự`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Drops Vietnamese tones and anything a bank note refuses: A–Z, 0–9 and spaces, at most 50 characters. */
export function transferNote(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, 50);
}

export interface VietQrInput {
  bankBin: string;
  account: string;
  amount?: number;
  note?: string;
}

export function buildVietQr(input: VietQrInput): string {
  const merchant = tlv('00', 'A000000727') + tlv('01', tlv('00', input.bankBin) + tlv('01', input.account)) + tlv('02', 'QRIBFTTA');
  let body = tlv('00', '01') + tlv('01', input.amount ? '12' : '11') + tlv('38', merchant) + tlv('53', '704');
  if (input.amount) body += tlv('54', String(Math.round(input.amount)));
  body += tlv('58', 'VN');
  if (input.note) body += tlv('62', tlv('08', input.note));
  body += '6304';
  return body + crcHex(body);
}

/** Reads the top-level TLV fields (and the nested 38 and 62); null when the CRC or the layout is wrong. */
export function parseVietQr(payload: string): { bankBin: string; account: string; amount: number | null; note: string } | null {
  if (payload.length < 8 || !payload.slice(-8).startsWith('6304')) return null;
  if (crcHex(payload.slice(0, -4)) !== payload.slice(-4).toUpperCase()) return null;
  const read = (s: string) => {
    const out = new Map<string, string>();
    let i = 0;
    while (i < s.length) {
      const id = s.slice(i, i + 2);
      const len = Number(s.slice(i + 2, i + 4));
      if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > s.length) return null;
      out.set(id, s.slice(i + 4, i + 4 + len));
      i += 4 + len;
    }
    return out;
  };
  const top = read(payload);
  const merchant = top && read(top.get('38') ?? '');
  const account = merchant && read(merchant.get('01') ?? '');
  if (!top || !merchant || !account || merchant.get('00') !== 'A000000727') return null;
  const extra = read(top.get('62') ?? '');
  const amount = top.get('54');
  return {
    bankBin: account.get('00') ?? '',
    account: account.get('01') ?? '',
    amount: amount ? Number(amount) : null,
    note: extra?.get('08') ?? '',
  };
}

/** The text both sides sign (HMAC-SHA256) for a bank result: keys sorted, `key=value` joined with `&`. */
export function canonicalFields(fields: Record<string, string | number | boolean | null | undefined>): string {
  return Object.keys(fields)
    .filter((k) => fields[k] !== undefined && fields[k] !== null)
    .sort()
    .map((k) => `${k}=${String(fields[k])}`)
    .join('&');
}
