import { z } from 'zod';

/** A list of mail addresses as typed: separated by commas, semicolons or spaces (spec 03 §2.4 CC, alert addresses). */
export function splitMailList(text: string | null | undefined): string[] {
  return String(text ?? '')
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const MAIL = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** One address as the mail lists accept it (the server checks a customer's or user's address of record with it too). */
export const isMailAddress = (s: string) => MAIL.test(s);

/** The list written back one way: 'a@x.vn, b@y.vn'. */
export const mailListText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .max(max, `${label} tối đa ${max} ký tự`)
    .superRefine((v, ctx) => {
      const bad = splitMailList(v).find((m) => !MAIL.test(m));
      if (bad) ctx.addIssue({ code: 'custom', message: `${label}: địa chỉ mail không hợp lệ "${bad}"` });
    })
    .transform((v) => splitMailList(v).join(', '));

/** Terminal codes as typed ('BDP, CTL'), kept upper case and comma-separated. */
export function splitCodes(text: string | null | undefined): string[] {
  return [
    ...new Set(
      String(text ?? '')
        .split(/[,;\s]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}
