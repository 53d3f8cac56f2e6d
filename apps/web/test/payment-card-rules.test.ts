import { describe, expect, it } from 'vitest';
import { cleanCardDate, cleanCardName, cleanCardNumber, cleanOtp, validCardDate } from '../src/features/payments/card-rules';

describe('card form rules (spec 02 §5)', () => {
  it('keeps card numbers to 25 digits', () => {
    expect(cleanCardNumber('9704 1800-0012 3456')).toBe('9704180000123456');
    expect(cleanCardNumber('1'.repeat(30))).toHaveLength(25);
  });
  it('writes the date as MM/YY, at most 5 characters', () => {
    expect(cleanCardDate('0324')).toBe('03/24');
    expect(cleanCardDate('03/2499')).toBe('03/24');
    expect(cleanCardDate('1')).toBe('1');
    expect(validCardDate('03/24')).toBe(true);
    expect(validCardDate('13/24')).toBe(false);
  });
  it('writes the cardholder name without tones, in upper case, at most 50', () => {
    expect(cleanCardName('Nguyễn Văn Đạt')).toBe('NGUYEN VAN DAT');
    expect(cleanCardName('trần  thị 9 hà!')).toBe('TRAN THI HA');
    expect(cleanCardName('a'.repeat(60))).toHaveLength(50);
  });
  it('keeps an OTP to 8 characters', () => {
    expect(cleanOtp('123 456 789')).toBe('12345678');
  });
});
