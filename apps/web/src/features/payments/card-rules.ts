import { paymentLimits } from '@smartport/contract';

/** Card number: digits only, at most 25 (spec 02 §5). */
export const cleanCardNumber = (v: string) => v.replace(/\D/g, '').slice(0, paymentLimits.cardNumberMax);

/** MM/YY, at most 5 characters; the slash is added after the month. */
export function cleanCardDate(v: string): string {
  const digits = v.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
export const validCardDate = (v: string) => /^(0[1-9]|1[0-2])\/\d{2}$/.test(v);

/** Cardholder name: no tones, upper case, letters and spaces, at most 50. */
export function cleanCardName(v: string): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .replace(/\s{2,}/g, ' ')
    .slice(0, paymentLimits.cardNameMax);
}

/** OTP: at most 8 characters. */
export const cleanOtp = (v: string) => v.replace(/\s/g, '').slice(0, paymentLimits.otpMaxLength);

export type CardField = 'number' | 'date' | 'name';
export interface CardValues {
  number: string;
  date: string;
  name: string;
}
/** What is wrong with one field of the card form (null: nothing); the form shows the first, by field. */
export function cardFieldProblem(field: CardField, v: CardValues): 'missing' | 'badDate' | null {
  const value = field === 'name' ? v.name.trim() : v[field];
  if (!value) return 'missing';
  if (field === 'date' && !validCardDate(value)) return 'badDate';
  return null;
}
export function firstCardProblem(v: CardValues): { field: CardField; problem: 'missing' | 'badDate' } | null {
  for (const field of ['number', 'date', 'name'] as const) {
    const problem = cardFieldProblem(field, v);
    if (problem) return { field, problem };
  }
  return null;
}
