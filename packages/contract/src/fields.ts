import { z } from 'zod';
import { containerNoProblem, normalizeContainerNo } from './orders/containers';
import { optionalBody } from './reply';

/**
 * Fields that recur across calls, with the Vietnamese messages the screens show. A call uses these instead of writing
 * the same zod chain again; where a call's field differs (another limit, no message), it keeps its own declaration.
 */

/** A customer's tax code as typed to look a payer up: required, at most 20 characters, digits and dashes. */
export const taxCode = z
  .string({ error: 'Vui lòng nhập mã số thuế' })
  .trim()
  .min(1, 'Vui lòng nhập mã số thuế')
  .max(20, 'Mã số thuế tối đa 20 ký tự')
  .regex(/^[0-9-]+$/, 'Mã số thuế chỉ gồm chữ số và dấu gạch ngang');

/**
 * A container number that must be valid ISO 6346 (owner, category U/J/Z, serial, check digit by `containerCheckDigit`),
 * normalised (spaces and dashes removed, upper case); the message is `containerNoProblem`'s.
 */
export const isoContainerNo = z
  .string({ error: 'Vui lòng nhập số container' })
  .transform(normalizeContainerNo)
  .superRefine((v, ctx) => {
    const problem = containerNoProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An order's PIN as typed or listed: required, at most 30 characters. */
export const pinCode = z.string().trim().min(1, 'Mã PIN không được để trống').max(30, 'Mã PIN tối đa 30 ký tự');

/**
 * What the database stores (PostgreSQL int4, bigint, timestamp): a value outside these is refused with a 400 at the
 * call, before a query fails with a 500. Years 1900–9999: older or later dates are typing mistakes at a port, and a
 * 5-digit year is not stored by the timestamp columns' text forms.
 */
export const dbLimits = {
  int4Min: -2_147_483_648,
  int4Max: 2_147_483_647,
  /** bigint columns are read as JS numbers: only the safe integers survive the round trip. */
  bigintMax: Number.MAX_SAFE_INTEGER,
  /** Whole VND: far beyond any real invoice, inside bigint and numeric(18) alike. */
  vndMax: 999_999_999_999_999,
  minYear: 1900,
  maxYear: 9999,
  minTime: Date.UTC(1900, 0, 1),
  maxTime: Date.UTC(10000, 0, 1) - 1,
} as const;

export const YEAR_RANGE_MESSAGE = `năm phải từ ${dbLimits.minYear} đến ${dbLimits.maxYear}`;

/** A date the database stores: a real instant, its year 1900–9999. */
export const storableDate = (d: Date) => !Number.isNaN(d.getTime()) && d.getTime() >= dbLimits.minTime && d.getTime() <= dbLimits.maxTime;

/**
 * An integer field stored as int4 (counts, codes, hours), `label` naming it in the messages; `min`/`max` narrow the
 * int4 range where the field allows less; `missing` is the message when it is absent or not a number.
 */
export const int4Field = (label: string, opts: { min?: number; max?: number; missing?: string } = {}) => {
  const min = Math.max(opts.min ?? dbLimits.int4Min, dbLimits.int4Min);
  const max = Math.min(opts.max ?? dbLimits.int4Max, dbLimits.int4Max);
  return z.coerce
    .number({ error: opts.missing ?? `${label} phải là số` })
    .int(`${label} phải là số nguyên`)
    .min(min, `${label} không được nhỏ hơn ${min}`)
    .max(max, `${label} không được lớn hơn ${max}`);
};

/** An amount of money in whole VND, zero or more; `missing` is the message when it is absent or not a number. */
export const vndAmount = (missing: string) =>
  z.coerce
    .number({ error: missing })
    .int('Số tiền phải là số nguyên')
    .min(0, 'Số tiền không được âm')
    .max(dbLimits.vndMax, 'Số tiền vượt quá giới hạn cho phép');

/** A date (any text or instant `Date` reads), `label` naming it in the message: '<label> không hợp lệ'. */
export const portDate = (label: string) =>
  z.coerce
    .date({ error: `${label} không hợp lệ` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`)
    .refine(storableDate, `${label} không hợp lệ: ${YEAR_RANGE_MESSAGE}`);

/** A date that must be given: 'Vui lòng nhập <label>' when absent, '<label> không hợp lệ' when not a date. */
export const requiredPortDate = (label: string) =>
  z.coerce
    .date({ error: `Vui lòng nhập ${label.toLowerCase()}` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`)
    .refine(storableDate, `${label} không hợp lệ: ${YEAR_RANGE_MESSAGE}`);

/** A tax code that may be left out (an agent, a shipper): empty reads as null. */
export const optionalTaxCode = z
  .string()
  .trim()
  .max(20, 'Mã số thuế tối đa 20 ký tự')
  .regex(/^[0-9-]*$/, 'Mã số thuế chỉ gồm chữ số và dấu gạch ngang')
  .nullish()
  .transform((v) => v || null);

/**
 * The seller's tax code on an e-invoice (a terminal's company), empty for none: the tax authority's shapes only (10
 * digits, a branch's 10-3, or 12), as the e-invoice provider checks them, so a code saved here is one it takes.
 */
export const sellerTaxCode = optionalTaxCode.refine(
  (v) => v === null || /^(\d{10}(-\d{3})?|\d{12})$/.test(v),
  'Mã số thuế người bán gồm 10 chữ số, 10 chữ số kèm mã chi nhánh (-3 chữ số) hoặc 12 chữ số',
);

/** A last day written 'YYYY-MM-DD' (port time, read to its last second by `lastSecondOfDayText`); `format` is the message. */
export const lastDay = (missing: string, format: string) =>
  z
    .string({ error: missing })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    // A day of the calendar: 2026-02-30 or 2020-99-99 has the shape but no day.
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    }, format)
    .refine((v) => {
      const y = Number(v.slice(0, 4));
      return y >= dbLimits.minYear && y <= dbLimits.maxYear;
    }, format);

/** Why a user changes or withdraws something: required, at most 500 characters. */
export const reasonText = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(500, 'Lý do tối đa 500 ký tự');

/** A terminal the caller chooses: required, upper-cased. */
export const terminalChoice = z.string({ error: 'Vui lòng chọn cảng' }).trim().min(1, 'Vui lòng chọn cảng').max(10).toUpperCase();

/**
 * The filter of a shipping line's lists (eDOs, bookings): a terminal of the caller's (none = all of them), a state
 * (A active, R withdrawn, E past its day, * all) and a text to find.
 */
export const lineListFilter = optionalBody(
  z.object({
    TerminalCode: z.string().trim().max(10).toUpperCase().optional(),
    Status: z.enum(['A', 'R', 'E', '*']).default('*'),
    FindValue: z.string().trim().max(50).toUpperCase().optional(),
  }),
);

/** One file part of a multipart request, as the server's registry hands it over. */
export const uploadedPart = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Tệp tải lên không hợp lệ'),
});
