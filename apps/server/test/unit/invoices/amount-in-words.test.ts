import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../../src/modules/invoices/amount-in-words';

describe('amount in words (TgTTTBChu)', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [20, 'Hai mươi đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [101, 'Một trăm linh một đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [115, 'Một trăm mười lăm đồng'],
    [1_000, 'Một nghìn đồng'],
    [1_005, 'Một nghìn không trăm linh năm đồng'],
    [1_080, 'Một nghìn không trăm tám mươi đồng'],
    [10_000, 'Mười nghìn đồng'],
    [15_000, 'Mười lăm nghìn đồng'],
    [21_000, 'Hai mươi mốt nghìn đồng'],
    [1_250_000, 'Một triệu hai trăm năm mươi nghìn đồng'],
    [1_005_000, 'Một triệu không trăm linh năm nghìn đồng'],
    [1_000_500, 'Một triệu năm trăm đồng'],
    [1_759_925, 'Một triệu bảy trăm năm mươi chín nghìn chín trăm hai mươi lăm đồng'],
    [12_345_678, 'Mười hai triệu ba trăm bốn mươi lăm nghìn sáu trăm bảy mươi tám đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_005, 'Một tỷ không trăm linh năm đồng'],
    [2_050_000_000, 'Hai tỷ không trăm năm mươi triệu đồng'],
    [1_000_001_000, 'Một tỷ không trăm linh một nghìn đồng'],
    [15_000_000_000, 'Mười lăm tỷ đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [
      1_234_567_891_011,
      'Một nghìn hai trăm ba mươi tư tỷ năm trăm sáu mươi bảy triệu tám trăm chín mươi mốt nghìn không trăm mười một đồng',
    ],
  ])('%d → %s', (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });

  it("reads a zero ten as 'lẻ' on request, negatives with 'Âm', and refuses a non-integer", () => {
    expect(amountInWords(305, { zeroTen: 'lẻ' })).toBe('Ba trăm lẻ năm đồng');
    expect(amountInWords(-1_500)).toBe('Âm một nghìn năm trăm đồng');
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
