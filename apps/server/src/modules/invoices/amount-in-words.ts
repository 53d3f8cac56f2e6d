/**
 * An amount of VND in Vietnamese words, as an invoice's 'Số tiền viết bằng chữ' (TgTTTBChu): 1.250.000 → 'Một triệu
 * hai trăm năm mươi nghìn đồng'. Pure.
 *
 * Reading rules: digits are read in groups of three (trăm, mươi, đơn vị) under 'nghìn', 'triệu', 'tỷ'; above a
 * billion the count of billions is read the same way ('một nghìn tỷ', 'một tỷ tỷ'). A group after the first is read in
 * full ('không trăm linh năm'); a group of three zeros is left out. 'mười' for 1x, 'mươi' for 2x–9x; after 'mươi' a 1
 * is 'mốt' and a 4 'tư'; a 5 after any ten is 'lăm'; a zero ten before a unit is 'linh' (the northern reading, as the
 * ports of Hải Phòng write it; `zeroTen: 'lẻ'` for the southern one).
 */
export function amountInWords(amount: number, opts: { zeroTen?: 'linh' | 'lẻ'; currency?: string } = {}): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Số tiền phải là số nguyên VNĐ: ${amount}`);
  const zeroTen = opts.zeroTen ?? 'linh';
  const currency = opts.currency ?? 'đồng';
  const text = amount === 0 ? 'không' : `${amount < 0 ? 'âm ' : ''}${readNumber(Math.abs(amount), false, zeroTen)}`;
  return `${text.charAt(0).toLocaleUpperCase('vi-VN')}${text.slice(1)} ${currency}`;
}

const digits = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const BILLION = 1_000_000_000;

/** A positive number; `full`: it follows a larger part, so its first group is read in full ('không trăm …'). */
function readNumber(n: number, full: boolean, zeroTen: string): string {
  if (n >= BILLION) {
    const billions = Math.floor(n / BILLION);
    const rest = n % BILLION;
    const head = `${readNumber(billions, full, zeroTen)} tỷ`;
    return rest ? `${head} ${readNumber(rest, true, zeroTen)}` : head;
  }
  const groups = [Math.floor(n / 1_000_000), Math.floor(n / 1000) % 1000, n % 1000];
  const scales = ['triệu', 'nghìn', ''];
  const words: string[] = [];
  let started = full;
  for (const [i, g] of groups.entries()) {
    if (g === 0) continue;
    words.push(readGroup(g, started, zeroTen));
    if (scales[i]) words.push(scales[i] as string);
    started = true;
  }
  return words.join(' ');
}

/** A group of three digits (1–999); `full`: read its hundreds even when zero. */
function readGroup(g: number, full: boolean, zeroTen: string): string {
  const h = Math.floor(g / 100);
  const t = Math.floor(g / 10) % 10;
  const u = g % 10;
  const words: string[] = [];
  const withHundreds = full || h > 0;
  if (withHundreds) words.push(digits[h] as string, 'trăm');
  if (t === 0) {
    if (u > 0) {
      if (withHundreds) words.push(zeroTen);
      words.push(digits[u] as string);
    }
  } else if (t === 1) {
    words.push('mười');
    if (u > 0) words.push(u === 5 ? 'lăm' : (digits[u] as string));
  } else {
    words.push(digits[t] as string, 'mươi');
    if (u > 0) words.push(u === 1 ? 'mốt' : u === 4 ? 'tư' : u === 5 ? 'lăm' : (digits[u] as string));
  }
  return words.join(' ');
}
